#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibCSV

/// The pointer work of talking to libcsv: the callbacks reach the
/// collector through the context pointer, and a field's bytes are located
/// in the input or copied out of libcsv's buffer.
extension LibCSVParser {
    /// Parses one chunk, appending complete records to `batch`. `input`:
    /// the whole mapped input `chunk` is a slice of, so cells can point
    /// into it (see `CSVRecordCollector`); nil copies every field.
    func parse(_ chunk: UnsafeRawBufferPointer, within input: UnsafeRawBufferPointer? = nil) throws(Failure) {
        if parseBytes(chunk, within: input) != chunk.count { try raiseError() }
    }

    /// Parses bytes held in memory (a sample).
    func parse(_ bytes: ArraySlice<UInt8>) throws(Failure) {
        let consumed = bytes.withUnsafeBytes { parseBytes($0) }
        if consumed != bytes.count { try raiseError() }
    }

    /// Reads the next chunk of `source` and parses it: a slice of a mapped
    /// file in place (cells may point into the mapping), else a copy into
    /// `buffer`. A UTF-8 byte-order mark is dropped from the `first` chunk.
    /// Returns the chunk's size (0 at the end of the input: nothing parsed).
    func parseNextChunk(of source: InputSource, buffer: inout [UInt8], chunkSize: Int, first: Bool) throws -> Int {
        if let mapped = source.mappedBytes {
            let chunk = try source.mappedChunk(preferred: chunkSize)
            try parseChunk(chunk, first: first, within: mapped)
            return chunk.count
        }
        let n = try source.read(into: &buffer)
        try buffer.withUnsafeBytes { try parseChunk(UnsafeRawBufferPointer(rebasing: $0[0 ..< n]), first: first, within: nil) }
        return n
    }

    private func parseChunk(_ whole: UnsafeRawBufferPointer, first: Bool, within input: UnsafeRawBufferPointer?) throws(Failure) {
        guard whole.count > 0 else { return }
        var chunk = whole
        if first, chunk.count >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
            chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
        }
        try parse(chunk, within: input)
    }

    /// Runs libcsv over `chunk` with the collector as the callbacks' context;
    /// returns the bytes it consumed.
    func parseBytes(_ chunk: UnsafeRawBufferPointer, within input: UnsafeRawBufferPointer? = nil) -> Int {
        let quote = self.quote
        let mayHoldQuotes = parser.quoted != 0
            || (chunk.count > 0 && memchr(chunk.baseAddress!, Int32(quote), chunk.count) != nil)
        collector.value.fieldsMayHoldNewlines = mayHoldQuotes
        if let input, let base = input.baseAddress, let start = chunk.baseAddress, !mayHoldQuotes {
            let boundary = atRecordBoundary
            collector.value.enterDirect(ByteView(UnsafeBufferPointer(start: base.assumingMemoryBound(to: UInt8.self), count: input.count)),
                                        at: start - base, atRecordBoundary: boundary)
        } else {
            // A quoted field's text differs from its input bytes.
            collector.value.leaveDirect()
        }
        return csv_parse(&parser, chunk.baseAddress, chunk.count, Self.onField, Self.onRecordEnd, collector.context)
    }

    /// `csv_fini` with the collector as context; libcsv's result code.
    func finishBytes() -> Int32 {
        collector.value.fieldsMayHoldNewlines = true
        return csv_fini(&parser, Self.onField, Self.onRecordEnd, collector.context)
    }

    /// Fields past `csvFieldLimit` make libcsv fail rather than grow.
    static let limitedRealloc: @convention(c) (UnsafeMutableRawPointer?, Int) -> UnsafeMutableRawPointer? = { ptr, size in
        size > csvFieldLimit + 1024 ? nil : realloc(ptr, size)
    }

    private static let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { data, count, context in
        context!.assumingMemoryBound(to: CSVRecordCollector.self).pointee.field(UnsafeRawPointer(data), count)
    }

    private static let onRecordEnd: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { terminator, context in
        context!.assumingMemoryBound(to: CSVRecordCollector.self).pointee.recordEnd(terminator)
    }
}

extension CSVRecordCollector {
    /// One field from libcsv: its bytes appended, its cell recorded, and
    /// the newlines inside a quoted field counted.
    mutating func field(_ data: UnsafeRawPointer?, _ count: Int) {
        pendingCR = false
        if cellsInRecord == 0 {
            firstCellOfBatchRecord = batch.cells.count
        }
        let startLine = line
        if let input = direct {
            if afterField { cursor += 1 }
            let end = cursor + count
            // In place when a delimiter or line end follows `count` bytes from
            // the cursor: libcsv only drops spaces around an unquoted field,
            // and had it dropped any, the field's raw text would be longer.
            if end <= input.count, end == input.count || input[end] == delimiter || input[end] == 0x0a || input[end] == 0x0d {
                afterField = true
                cellsInRecord += 1
                batch.cells.append(Cell(start: cursor, count: count, slot: cellsInRecord - 1, kind: .text, column: cellsInRecord, line: startLine))
                cursor = end
                return
            }
            leaveDirect()
        }
        let start = fieldBytes.count
        if let data, count > 0 {
            fieldBytes.append(data, count: count)
            if fieldsMayHoldNewlines, memchr(data, 0x0a, count) != nil || memchr(data, 0x0d, count) != nil {
                var previousCR = false
                for b in UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: count) {
                    if b == 0x0a { if !previousCR { line += 1 } ; previousCR = false }
                    else if b == 0x0d { line += 1; previousCR = true }
                    else { previousCR = false }
                }
            }
        }
        cellsInRecord += 1
        batch.cells.append(Cell(start: start, count: count, slot: cellsInRecord - 1, kind: .text, column: cellsInRecord, line: startLine))
    }
}
