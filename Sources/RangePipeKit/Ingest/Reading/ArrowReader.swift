/// Reads an Arrow IPC stream or file (`--input-format arrow`) into a
/// record sink. The schema's column names are the header; every row of
/// every record batch is a record, numbered from 1 across the batches (its
/// "line" in messages), its cells the columns' values as text
/// (`ArrowText`), so the rest of ingest reads them as it reads CSV cells.
/// Numbers arrive as number cells: no decimal-comma or thousands reading.
struct ArrowReader {
    /// Rows handed to the sink at a time: their cells (48 bytes each) are
    /// built at once, a batch's body is held whole.
    static let rowsPerRun = 4096

    /// Reads every batch of `source` into `sink`.
    /// - Throws: `RangePipeError.invalid` for a damaged stream (`FILE: byte N: Arrow: …`); the sink's errors for bad rows.
    /// - Complexity: O(bytes + rows × columns).
    func read(_ source: InputSource, into sink: any RecordSink) throws {
        var tables = ArrowTables(source)
        try Self.located(source.displayName) {
            let fields = try tables.schema()
            try sink.setHeader(fields.map(\.name), line: 0)
            sink.originalText = { _, cells, bytes in Self.csvLine(cells, bytes) }
            var run = ArrowRun()
            while let batch = try tables.nextBatch() {
                var start = 0
                while start < batch.length {
                    let end = min(batch.length, start + Self.rowsPerRun)
                    try run.fill(batch, rows: start ..< end, dictionaries: tables.dictionaries)
                    try run.bytes.withByteView { try sink.consumeRun(run.records[...], cells: run.cells, bytes: $0, keyOrder: nil) }
                    start = end
                }
            }
        }
    }

    /// A row's cells as one CSV line, for `--rejects`.
    static func csvLine(_ cells: ArraySlice<Cell>, _ bytes: ByteView) -> String {
        cells.map { cell -> String in
            let text = cell.kind == .null || cell.kind == .nested ? "" : bytes[cell.start ..< cell.start + cell.count].string
            guard text.utf8.contains(where: { $0 == 0x2C || $0 == 0x22 || $0 == 0x0A || $0 == 0x0D }) else { return text }
            return "\"" + text.split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "\"\"") + "\""
        }.joined(separator: ",")
    }

    /// Runs `body`, turning a fault into the one line users see.
    static func located(_ file: String, _ body: () throws -> Void) throws {
        do {
            try body()
        } catch let fault as ArrowFault {
            throw RangePipeError.invalid("\(file): byte \(fault.offset): Arrow: \(fault.reason)")
        }
    }
}

/// The cells of a run of rows of one batch, in one byte buffer: the
/// batch's body, then the text of the run's numbers, dates and dictionary values.
struct ArrowRun {
    var bytes: [UInt8] = []
    var cells: [Cell] = []
    var records: [RecordInfo] = []

    /// Fills the run with `rows` of `batch`.
    /// - Throws: `ArrowFault` at the input's byte.
    mutating func fill(_ batch: ArrowBatch, rows: Range<Int>, dictionaries: [Int: ArrowDictionary]) throws {
        if rows.lowerBound == 0 {
            bytes = batch.body
        } else {
            bytes.removeSubrange(batch.body.count...)
        }
        cells.removeAll(keepingCapacity: true)
        records.removeAll(keepingCapacity: true)
        try ArrowFault.located(at: batch.bodyStart) {
            // Each column borrowed where it lies (a copy per cell costs its retains).
            let width = batch.columns.count
            for row in rows {
                let first = cells.count
                for k in 0 ..< width {
                    let (start, count, kind) = try Self.cell(batch.columns[k], row, &bytes, dictionaries)
                    cells.append(Cell(start: start, count: count, slot: k, kind: kind, column: k + 1, line: batch.firstRow + row))
                }
                records.append(RecordInfo(line: batch.firstRow + row, firstCell: first, cellCount: width,
                                          rawStart: 0, rawCount: -1))
            }
        }
    }

    private static func cell(_ column: ArrowColumn, _ row: Int, _ bytes: inout [UInt8],
                             _ dictionaries: [Int: ArrowDictionary]) throws -> (Int, Int, CellKind) {
        guard let id = column.field.dictionary?.id else { return try column.cell(row, &bytes) }
        if column.isNull(row, bytes) { return (0, 0, .null) }
        let index = column.index(row, bytes)
        guard let dictionary = dictionaries[id], index >= 0, index < dictionary.entries.count else {
            throw ArrowFault(offset: 0, reason: "column '\(column.field.name)': row \(row + 1)'s dictionary index \(index) is not in its dictionary (\(dictionaries[id]?.entries.count ?? 0) values)")
        }
        let entry = dictionary.entries[index]
        let start = bytes.count
        bytes.append(contentsOf: dictionary.bytes[entry.start ..< entry.start + entry.count])
        return (start, entry.count, entry.kind)
    }
}
