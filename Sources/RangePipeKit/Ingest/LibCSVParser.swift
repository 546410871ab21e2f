#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CLibCSV

/// The largest field libcsv may buffer; past it the parse fails with a clear
/// error instead of growing without bound (a 100 MB "field" is not data).
let csvFieldLimit = 64 << 20

/// The one place that talks to libcsv: feeds chunks, collects fields and
/// record ends into a `RecordBatch`, and tracks physical line numbers
/// (libcsv reports every unquoted CR/LF with `CSV_REPALL_NL`, so blank
/// lines and CRLF can be counted exactly).
final class LibCSVParser {
    private var parser = csv_parser()
    /// Records and cells parsed so far; their text is in `fieldBytes`.
    var batch = RecordBatch()
    private(set) var fieldBytes = FieldBytes()
    /// The physical line the parser has reached (1-based).
    private(set) var line = 1
    /// The line where the record being parsed began.
    private(set) var recordStartLine = 1
    private var cellsInRecord = 0
    private var pendingCR = false
    private var firstCellOfBatchRecord = 0
    private var fieldsMayHoldNewlines = true
    private let quote: UInt8

    init(delimiter: UInt8, quote: UInt8 = 0x22) {
        self.quote = quote
        csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL))
        csv_set_delim(&parser, delimiter)
        csv_set_quote(&parser, quote)
        csv_set_realloc_func(&parser) { ptr, size in
            size > csvFieldLimit + 1024 ? nil : realloc(ptr, size)
        }
        // Only spaces are trimmed around unquoted fields; tabs are data when
        // they delimit (TSV).
        if delimiter == 0x09 {
            csv_set_space_func(&parser) { c in c == 0x20 ? 1 : 0 }
        }
        csv_set_blk_size(&parser, 4096)
    }

    deinit {
        csv_free(&parser)
        fieldBytes.deallocate()
    }

    /// True between records: nothing of a record (not even an open quote)
    /// is pending. libcsv's state 0 is ROW_NOT_BEGUN.
    var atRecordBoundary: Bool {
        parser.pstate == 0 && parser.entry_pos == 0 && cellsInRecord == 0
    }

    enum Failure: Error {
        case malformed(line: Int, column: Int)
        case unterminated(line: Int, column: Int)
        case tooLarge(line: Int, column: Int)
    }

    /// Parses one chunk, appending complete records to `batch`.
    func parse(_ chunk: UnsafeRawBufferPointer) throws(Failure) {
        // A field can hold a newline only inside quotes, so with no quote in
        // the chunk and none open from the last, fields need no line scan.
        fieldsMayHoldNewlines = parser.quoted != 0 || (chunk.count > 0 && memchr(chunk.baseAddress!, Int32(quote), chunk.count) != nil)
        let context = Unmanaged.passUnretained(self).toOpaque()
        let used = csv_parse(&parser, chunk.baseAddress, chunk.count, Self.onField, Self.onRecordEnd, context)
        if used != chunk.count { try raiseError() }
    }

    /// Finishes the input: the last record without a newline is delivered.
    func finish() throws(Failure) {
        fieldsMayHoldNewlines = true
        let context = Unmanaged.passUnretained(self).toOpaque()
        if csv_fini(&parser, Self.onField, Self.onRecordEnd, context) != 0 {
            if csv_error(&parser) == CSV_EPARSE {
                throw .unterminated(line: recordStartLine, column: cellsInRecord + 1)
            }
            try raiseError()
        }
    }

    private func raiseError() throws(Failure) {
        switch csv_error(&parser) {
        case CSV_ENOMEM, CSV_ETOOBIG: throw .tooLarge(line: recordStartLine, column: cellsInRecord + 1)
        default: throw .malformed(line: recordStartLine, column: cellsInRecord + 1)
        }
    }

    /// Drops delivered records, keeping the cells of a record still being
    /// parsed (one that straddles a chunk boundary), rebased to the start.
    func discardDeliveredRecords() {
        guard cellsInRecord > 0 else {
            batch.removeAll()
            fieldBytes.removeAll()
            return
        }
        let byteStart = batch.cells[firstCellOfBatchRecord].start
        var tail = Array(batch.cells[firstCellOfBatchRecord...])
        for k in tail.indices { tail[k].start -= byteStart }
        fieldBytes.removeFirst(byteStart)
        batch.cells = tail
        batch.records.removeAll(keepingCapacity: true)
        firstCellOfBatchRecord = 0
    }

    private func field(_ data: UnsafeRawPointer?, _ count: Int) {
        pendingCR = false
        if cellsInRecord == 0 {
            firstCellOfBatchRecord = batch.cells.count
        }
        let start = fieldBytes.count
        let startLine = line
        if let data, count > 0 {
            let bytes = UnsafeBufferPointer(start: data.assumingMemoryBound(to: UInt8.self), count: count)
            fieldBytes.append(data, count: count)
            if fieldsMayHoldNewlines, memchr(data, 0x0a, count) != nil || memchr(data, 0x0d, count) != nil {
                var previousCR = false
                for b in bytes {
                    if b == 0x0a { if !previousCR { line += 1 } ; previousCR = false }
                    else if b == 0x0d { line += 1; previousCR = true }
                    else { previousCR = false }
                }
            }
        }
        cellsInRecord += 1
        batch.cells.append(Cell(start: start, count: count, slot: cellsInRecord - 1, kind: .text, column: cellsInRecord, line: startLine))
    }

    private func recordEnd(_ terminator: Int32) {
        if cellsInRecord > 0 {
            batch.records.append(RecordInfo(line: recordStartLine, firstCell: firstCellOfBatchRecord,
                                            cellCount: cellsInRecord, rawStart: 0, rawCount: -1))
        }
        cellsInRecord = 0
        if terminator == 0x0d {
            line += 1
            pendingCR = true
        } else if terminator == 0x0a {
            if pendingCR { pendingCR = false } else { line += 1 }
        }
        recordStartLine = line
    }

    private static let onField: @convention(c) (UnsafeMutableRawPointer?, Int, UnsafeMutableRawPointer?) -> Void = { data, count, context in
        // No retain/release per field: the parser outlives every csv_parse call.
        Unmanaged<LibCSVParser>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.field(UnsafeRawPointer(data), count) }
    }

    private static let onRecordEnd: @convention(c) (Int32, UnsafeMutableRawPointer?) -> Void = { terminator, context in
        Unmanaged<LibCSVParser>.fromOpaque(context!)._withUnsafeGuaranteedRef { $0.recordEnd(terminator) }
    }
}
