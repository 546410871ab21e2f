import CLibCSV

/// The largest field libcsv may buffer; past it the parse fails with a clear
/// error instead of growing without bound (a 100 MB "field" is not data).
let csvFieldLimit = 64 << 20

/// The one place that talks to libcsv: feeds chunks, collects fields and
/// record ends into a `RecordBatch`, and tracks physical line numbers
/// (libcsv reports every unquoted CR/LF with `CSV_REPALL_NL`, so blank
/// lines and CRLF can be counted exactly).
final class LibCSVParser {
    var parser = csv_parser()
    /// What the callbacks gather (see `CSVRecordCollector`).
    let collector = FixedAddress(CSVRecordCollector())
    let quote: UInt8

    init(delimiter: UInt8, quote: UInt8 = 0x22) {
        self.quote = quote
        csv_init(&parser, UInt8(CSV_STRICT | CSV_STRICT_FINI | CSV_REPALL_NL))
        csv_set_delim(&parser, delimiter)
        collector.value.delimiter = delimiter
        csv_set_quote(&parser, quote)
        csv_set_realloc_func(&parser, Self.limitedRealloc)
        // Only spaces are trimmed around unquoted fields; tabs are data when
        // they delimit (TSV).
        if delimiter == 0x09 {
            csv_set_space_func(&parser) { c in c == 0x20 ? 1 : 0 }
        }
        csv_set_blk_size(&parser, 4096)
    }

    deinit {
        csv_free(&parser)
        collector.value.fieldBytes.deallocate()
        collector.free()
    }

    /// Records and cells parsed so far; their text is in `fieldBytes`.
    var batch: RecordBatch { collector.value.batch }
    /// The text of the cells in `batch`, when they are copies (see `cellBytes`).
    var fieldBytes: FieldBytes { collector.value.fieldBytes }
    /// The bytes the offsets of `batch`'s cells refer to: the input itself
    /// or `fieldBytes`.
    var cellBytes: ByteView { collector.value.cellBytes }
    /// The physical line the parser has reached (1-based).
    var line: Int { collector.value.line }

    /// Counts `lines` read by another reader (a split's joined pieces),
    /// between records, before the input jumps past them: reading in place
    /// starts again at the next chunk, whose offset the collector's cursor
    /// does not follow.
    func skipLines(_ lines: Int) {
        collector.value.line += lines
        collector.value.recordStartLine += lines
        collector.value.leaveDirect()
    }

    /// True between records: nothing of a record (not even an open quote)
    /// is pending. libcsv's state 0 is ROW_NOT_BEGUN.
    var atRecordBoundary: Bool {
        parser.pstate == 0 && parser.entry_pos == 0 && collector.value.cellsInRecord == 0
    }

    enum Failure: Error {
        case malformed(line: Int, column: Int)
        case unterminated(line: Int, column: Int)
        case tooLarge(line: Int, column: Int)
    }

    /// Finishes the input: the last record without a newline is delivered.
    func finish() throws(Failure) {
        if finishBytes() != 0 {
            if csv_error(&parser) == CSV_EPARSE {
                let c = collector.value
                throw .unterminated(line: c.recordStartLine, column: c.cellsInRecord + 1)
            }
            try raiseError()
        }
    }

    func raiseError() throws(Failure) {
        let line = collector.value.recordStartLine, column = collector.value.cellsInRecord + 1
        switch csv_error(&parser) {
        case CSV_ENOMEM, CSV_ETOOBIG: throw .tooLarge(line: line, column: column)
        default: throw .malformed(line: line, column: column)
        }
    }

    /// Drops delivered records, keeping the cells of a record still being
    /// parsed (one that straddles a chunk boundary), rebased to the start.
    func discardDeliveredRecords() {
        collector.value.discardDeliveredRecords()
    }
}
