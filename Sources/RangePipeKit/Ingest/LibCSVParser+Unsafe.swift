#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibCSV

/// The pointer work of talking to libcsv: the callbacks reach the
/// collector through the context pointer, and a field's bytes are copied
/// out of libcsv's buffer.
extension LibCSVParser {
    /// Parses one chunk, appending complete records to `batch`.
    func parse(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        if parseBytes(chunk) != chunk.count { try raiseError() }
    }

    /// Runs libcsv over `chunk` with the collector as the callbacks' context;
    /// returns the bytes it consumed.
    func parseBytes(_ chunk: UnsafeRawBufferPointer) -> Int {
        let quote = self.quote
        collector.value.fieldsMayHoldNewlines = parser.quoted != 0
            || (chunk.count > 0 && memchr(chunk.baseAddress!, Int32(quote), chunk.count) != nil)
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
        let start = fieldBytes.count
        let startLine = line
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
