/// Reads a CSV/TSV stream with libcsv in 1 MiB chunks and hands each record
/// to a `RecordSink`. The first record is the header unless `hasHeader` is
/// false; a UTF-8 byte-order mark at the start is dropped.
///
/// A large plain file is split across `jobs` cores once the sink's bulk
/// path is ready (`FileSplit`). A piece is joined only if libcsv ended the
/// piece before it exactly between records (the cut newline was not
/// inside a quoted field).
struct CSVReader {
    var delimiter: UInt8
    var hasHeader: Bool
    var quote: UInt8 = 0x22
    /// Records before the header, dropped unread (a title or metadata lines).
    var skipRecords = 0
    /// The pieces a large plain file may be read in at once (`--jobs`).
    var jobs = 1
    /// 256 KiB: a chunk's cells (48 bytes per field, about 90,000 here)
    /// then stay in a core's 1 MiB L2 cache between parsing and
    /// converting. With 1 MiB chunks they did not: cachegrind with a 1 MiB
    /// last level counted 8–13% more misses (ts.csv, num.csv shapes).
    static let chunkSize = 1 << 18

    func read(_ source: InputSource, into sink: any RecordSink) throws {
        try read(source, into: sink, speculative: nil)
    }

    /// - Parameter speculative: set for a later piece of a split: no
    ///   header or byte-order mark, no split of its own, and it stops early
    ///   when the flag is raised.
    /// - Returns: the lines read.
    @discardableResult
    private func read(_ source: InputSource, into sink: any RecordSink, speculative: SplitCancel?) throws -> Int {
        let file = source.displayName
        let parser = LibCSVParser(delimiter: delimiter, quote: quote)
        let delimiter = self.delimiter
        sink.originalText = { record, cells, bytes in
            CSVReader.reencode(cells: cells, bytes: bytes, delimiter: delimiter)
        }
        var needHeader = hasHeader && speculative == nil
        var skip = speculative == nil ? skipRecords : 0
        var sawRecord = false
        var rowsDelivered = 0
        var rowsPerByte = 0.0
        var firstChunk = speculative == nil
        // A mapped file is parsed in place, in slices; anything else is read into a buffer.
        var buffer = [UInt8](repeating: 0, count: source.isMapped ? 0 : source.chunkSize(Self.chunkSize))
        var split = speculative == nil ? FileSplit.State.undecided : .done
        defer { FileSplit.abandon(split) }

        func drain() throws {
            try deliver()
            // After `deliver` has let go of its copy of the batch, so the
            // parser's arrays are unique and keep their capacity.
            parser.discardDeliveredRecords()
        }

        func deliver() throws {
            let batch = parser.batch
            let bytes = parser.cellBytes
            var records = batch.records[...]
            while skip > 0, !records.isEmpty {
                records = records.dropFirst()
                skip -= 1
            }
            if let record = records.first, needHeader {
                records = records.dropFirst()
                sawRecord = true
                needHeader = false
                var names: [String] = []
                for cell in batch.cells[record.firstCell ..< record.firstCell + record.cellCount] {
                    let slice = bytes[cell.start ..< cell.start + cell.count]
                    let text = slice.validatedString
                    guard let name = text, !name.holdsNUL else {
                        throw RangePipeError.badData(SourceLocation(file: file, line: record.line, column: cell.column),
                                                     "header: column name " + TextEncoding.notText(text))
                    }
                    names.append(name.trimmingSpaces)
                }
                try sink.setHeader(names, line: record.line)
            }
            if !records.isEmpty {
                sawRecord = true
                rowsDelivered += records.count
                try sink.consumeRun(records, cells: batch.cells, bytes: bytes, keyOrder: nil)
            }
        }

        do {
            while true {
                if let speculative, speculative.isRaised { throw SplitCancel.Stopped() }
                let n = try parser.parseNextChunk(of: source, buffer: &buffer, chunkSize: Self.chunkSize, first: firstChunk)
                if n == 0 {
                    guard case .running = split else { break }
                    // A piece ends: join the next ones, or read on.
                    switch FileSplit.next(&split, source, sink, boundary: parser.atRecordBoundary, linesRead: parser.line - 1) {
                    case let .finished(joinedLines): return parser.line - 1 + joinedLines
                    case let .readOn(joinedLines): parser.skipLines(joinedLines)
                    }
                    continue
                }
                firstChunk = false
                try drain()
                if rowsPerByte == 0, speculative == nil {
                    rowsPerByte = FileSplit.estimateRows(source, sink, rowsSoFar: rowsDelivered)
                }
                if case .undecided = split {
                    let reader = CSVReader(delimiter: delimiter, hasHeader: false, quote: quote)
                    split = FileSplit.start(source, sink, jobs: jobs, chunkSize: Self.chunkSize, rowsPerByte: rowsPerByte) { later, fork, cancel in
                        try reader.read(later, into: fork, speculative: cancel)
                    }
                }
            }
            try parser.finish()
            try drain()
        } catch let failure as LibCSVParser.Failure {
            try? drain()
            switch failure {
            case let .malformed(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "malformed CSV: a quote inside an unquoted field, or text after a closing quote")
            case let .unterminated(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "unterminated quoted field (no closing quote before the end of the input)")
            case let .tooLarge(line, column):
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: column),
                                             "field longer than \(csvFieldLimit >> 20) MiB")
            }
        }
        if !sawRecord {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "empty input: no header and no rows")
        }
        if needHeader {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "no header row")
        }
        return parser.line - 1
    }

    /// A record as CSV text again (RFC 4180 quoting where needed) — what
    /// `--rejects` writes for a rejected CSV row.
    static func reencode(cells: ArraySlice<Cell>, bytes: ByteView, delimiter: UInt8) -> String {
        var out: [UInt8] = []
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(delimiter) }
            out.append(csvField: bytes[cell.start ..< cell.start + cell.count].array, delimiter: delimiter)
        }
        return String(decoding: out, as: UTF8.self)
    }
}
