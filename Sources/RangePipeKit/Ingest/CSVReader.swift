/// Reads a CSV/TSV stream with libcsv in 1 MiB chunks and hands each record
/// to a `RecordSink`. The first record is the header unless `hasHeader` is
/// false; a UTF-8 byte-order mark at the start is dropped.
struct CSVReader {
    var delimiter: UInt8
    var hasHeader: Bool
    static let chunkSize = 1 << 20

    func read(_ source: InputSource, into sink: any RecordSink) throws {
        let file = source.displayName
        let parser = LibCSVParser(delimiter: delimiter)
        let delimiter = self.delimiter
        sink.originalText = { record, cells, bytes in
            CSVReader.reencode(cells: cells, bytes: bytes, delimiter: delimiter)
        }
        var needHeader = hasHeader
        var sawRecord = false
        var firstChunk = true
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: source.chunkSize(Self.chunkSize), alignment: 16)
        defer { buffer.deallocate() }

        func drain() throws {
            let batch = parser.batch
            try batch.bytes.withUnsafeBufferPointer { bytes in
                for record in batch.records {
                    sawRecord = true
                    let cells = batch.cells[record.firstCell ..< record.firstCell + record.cellCount]
                    if needHeader {
                        needHeader = false
                        var names: [String] = []
                        for cell in cells {
                            let slice = UnsafeBufferPointer(rebasing: bytes[cell.start ..< cell.start + cell.count])
                            guard let name = String(validating: slice, as: UTF8.self), !name.utf8.contains(0) else {
                                throw RangePipeError.badData(SourceLocation(file: file, line: record.line, column: cell.column),
                                                             "header: column name is not valid UTF-8 text")
                            }
                            names.append(name.trimmingSpaces)
                        }
                        try sink.setHeader(names, line: record.line)
                    } else {
                        try sink.consume(record, cells: cells, bytes: bytes)
                    }
                }
            }
            parser.discardDeliveredRecords()
        }

        do {
            while true {
                let n = try source.read(into: buffer)
                if n == 0 { break }
                var chunk = UnsafeRawBufferPointer(rebasing: buffer[0 ..< n])
                if firstChunk {
                    firstChunk = false
                    if n >= 3, chunk[0] == 0xEF, chunk[1] == 0xBB, chunk[2] == 0xBF {
                        chunk = UnsafeRawBufferPointer(rebasing: chunk[3...])
                    }
                }
                try parser.parse(chunk)
                try drain()
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
    }

    /// A record as CSV text again (RFC 4180 quoting where needed) — what
    /// `--rejects` writes for a rejected CSV row.
    static func reencode(cells: ArraySlice<Cell>, bytes: UnsafeBufferPointer<UInt8>, delimiter: UInt8) -> String {
        var out: [UInt8] = []
        for (k, cell) in cells.enumerated() {
            if k > 0 { out.append(delimiter) }
            let slice = bytes[cell.start ..< cell.start + cell.count]
            let needsQuotes = slice.contains { $0 == delimiter || $0 == 0x22 || $0 == 0x0a || $0 == 0x0d }
            if needsQuotes {
                out.append(0x22)
                for b in slice { out.append(b); if b == 0x22 { out.append(0x22) } }
                out.append(0x22)
            } else {
                out.append(contentsOf: slice)
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}
