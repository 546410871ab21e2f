extension Sniffer {
    /// The column names and the first `maxRows` rows' texts of an input's
    /// first bytes, for the sniffer; nil when they end before a row (or
    /// the schema) is whole and there is more input to peek at.
    static func arrowSample(_ head: [UInt8], isWholeInput: Bool, maxRows: Int) -> CSVSample? {
        var tables = ArrowTables(InputSource(name: "", bytes: head))
        var names: [String] = [], rows: [[String]] = [], lines: [Int] = []
        do {
            // Named as the builder names them: no blank name (`(column 3)`).
            names = HeaderNames.names(try tables.schema().map(\.name), rowNames: false)
            var run = ArrowRun()
            while rows.count < maxRows, let batch = try tables.nextBatch() {
                let rowsRange = 0 ..< min(batch.length, maxRows - rows.count)
                try run.fill(batch, rows: rowsRange, dictionaries: tables.dictionaries)
                for record in run.records {
                    rows.append(run.cells[record.firstCell ..< record.firstCell + record.cellCount].map { cell in
                        cell.kind == .null || cell.kind == .nested ? "" : String(decoding: run.bytes[cell.start ..< cell.start + cell.count], as: UTF8.self)
                    })
                    lines.append(record.line)
                }
            }
        } catch is ArrowFault where !isWholeInput && rows.isEmpty {
            return nil
        } catch {
            // The read proper reports what is wrong, where.
        }
        return CSVSample(delimiter: 0, quote: 0x22, hasHeader: true, names: names, rows: rows, lines: lines,
                         isWholeInput: isWholeInput)
    }
}
