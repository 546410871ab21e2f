extension Sniffer {
    /// The first NDJSON lines as a sample: keys in order of first
    /// appearance are the columns, JSON strings and numbers their text
    /// (`null`, absent keys and nested values are empty). Lines that do
    /// not scan are left for the real read to report.
    static func ndjsonSample(_ bytes: [UInt8], isWholeInput: Bool, maxRows: Int = sampleRows) -> CSVSample {
        objectSample(bytes, isWholeInput: isWholeInput) { b, scanner, rows, lines in
            var start = b.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            var line = 1
            while start < b.count, rows.count < maxRows {
                let found = b.newline(from: start)
                guard let newline = found < b.count ? found : (isWholeInput ? b.count : nil) else { break }
                var batch = RecordBatch()
                let text = b[start ..< newline]
                var i = 0
                if scanner.skipWhitespace(text, &i), (try? scanner.scanObject(text, at: i, into: &batch, rawOriginal: false)) != nil,
                   let row = sampleRow(batch) {
                    rows.append(row)
                    lines.append(line)
                }
                start = newline + 1
                line += 1
            }
        }
    }

    /// A sample of JSON objects: `scan` walks the bytes with one scanner,
    /// adding each object's row and line; the scanner's keys, in order of
    /// first appearance, are the columns.
    static func objectSample(_ bytes: [UInt8], isWholeInput: Bool,
                             _ scan: (ByteView, inout JSONObjectScanner, inout [[String]], inout [Int]) -> Void)
        -> CSVSample {
        var scanner = JSONObjectScanner()
        var rows: [[String]] = []
        var lines: [Int] = []
        bytes.withByteView { scan($0, &scanner, &rows, &lines) }
        return CSVSample(delimiter: 0, quote: 0x22, hasHeader: true, names: scanner.slotNames, rows: rows, lines: lines,
                         isWholeInput: isWholeInput)
    }

    /// The first object of `batch` as a sample row: one text per slot,
    /// strings, numbers and booleans as written, anything else empty.
    static func sampleRow(_ batch: RecordBatch) -> [String]? {
        guard let record = batch.records.first else { return nil }
        var row: [String] = []
        for cell in batch.cells[record.firstCell ..< record.firstCell + record.cellCount] {
            while row.count <= cell.slot { row.append("") }
            if cell.kind == .text || cell.kind == .number || cell.kind == .bool {
                row[cell.slot] = String(decoding: batch.bytes[cell.start ..< cell.start + cell.count], as: UTF8.self)
            }
        }
        return row
    }
}
