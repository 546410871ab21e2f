/// Reads a CSV track (RFC 4180: quoted fields may hold commas, doubled
/// quotes and newlines) record by record into `TrackRecord`s; the header
/// row names the columns.
struct TrackCSVReader {
    private(set) var columns: [TrackCSVColumn] = []
    /// The current record's unquoted cells, back to back, and where each ends.
    private var cells: [UInt8] = []
    private var ends: [Int] = []
    private var startLine = 0

    /// Reads the header row; false for a file with no rows at all.
    mutating func readHeader(_ lines: inout TrackLines, fields: Set<TrackField>?) throws -> Bool {
        guard try readRecord(&lines) else { return false }
        var from = 0
        columns = ends.map { end in
            defer { from = end }
            return TrackCSVColumn(name: String(decoding: cells[from ..< end], as: UTF8.self), fields: fields)
        }
        return true
    }

    /// Reads the next row into `record`; false at the end of the file.
    /// - Complexity: O(row length).
    mutating func next(_ lines: inout TrackLines, into record: inout TrackRecord) throws -> Bool {
        guard try readRecord(&lines) else { return false }
        guard ends.count == columns.count else {
            throw RangePipeError.badData(SourceLocation(file: lines.name, line: startLine, column: min(ends.count, columns.count) + 1),
                                         "expected \(columns.count) fields as in the header, got \(ends.count)")
        }
        record.reset()
        record.line = startLine
        var from = 0
        for (c, column) in columns.enumerated() {
            let cell = cells[from ..< ends[c]]
            from = ends[c]
            let textStart = record.text.count
            switch column.role {
            case .series:
                record.series.append(contentsOf: cell)
            case .text:
                guard column.selected else { continue }
                record.text.append(contentsOf: cell)
                record.addLeaf(prefix: column.path, textStart: textStart, cell.isEmpty ? .null : .text)
            case .json:
                guard column.selected else { continue }
                if cell.isEmpty { record.addLeaf(prefix: column.path, textStart: textStart, .null); continue }
                do {
                    try TrackJSONParser.parseCell(cell, prefix: column.path, into: &record)
                } catch let error as TrackSyntaxError {
                    throw RangePipeError.badData(SourceLocation(file: lines.name, line: startLine, column: c + 1),
                                                 "\(String(decoding: column.path, as: UTF8.self)): \(error.message) at byte \(error.offset + 1) of the cell")
                }
            case .scalar:
                let value = Self.scalar(cell)
                let label = column.field == .frame || column.field == .t
                guard column.selected || label else { continue }
                record.text.append(contentsOf: cell)
                if label, case .number = value {
                    if column.field == .frame { record.frameText = textStart ..< record.text.count } else { record.timeText = textStart ..< record.text.count }
                }
                if column.selected { record.addLeaf(prefix: column.path, textStart: textStart, value) }
            }
        }
        return true
    }

    /// What a plain cell holds: empty (or `null`) is missing, then a
    /// number, `true`/`false`, an ISO-8601 time, else text.
    static func scalar(_ cell: ArraySlice<UInt8>) -> TrackValue {
        if cell.isEmpty || cell.elementsEqual("null".utf8) { return .null }
        if TrackScalarText.isNumber(cell) { return .number(TrackScalarText.numberValue(cell)) }
        if cell.elementsEqual("true".utf8) { return .bool(true) }
        if cell.elementsEqual("false".utf8) { return .bool(false) }
        return TrackScalarText.time(cell) ?? .text
    }

    /// Splits the next non-empty record into `cells`/`ends`.
    private mutating func readRecord(_ lines: inout TrackLines) throws -> Bool {
        var line: ArraySlice<UInt8>
        repeat {
            guard let next = try lines.next() else { return false }
            line = next
        } while line.isEmpty
        startLine = lines.lineNumber
        cells.removeAll(keepingCapacity: true)
        ends.removeAll(keepingCapacity: true)
        var k = line.startIndex
        while true {
            if k < line.endIndex, line[k] == UInt8(ascii: "\"") {
                k += 1
                while true {
                    if k == line.endIndex {
                        // A newline inside the quotes belongs to the cell.
                        guard let next = try lines.next() else { throw error(lines, "unterminated quoted field") }
                        cells.append(0x0a)
                        line = next
                        k = line.startIndex
                        continue
                    }
                    let c = line[k]
                    k += 1
                    if c != UInt8(ascii: "\"") { cells.append(c); continue }
                    guard k < line.endIndex, line[k] == UInt8(ascii: "\"") else { break }
                    cells.append(c)
                    k += 1
                }
                guard k == line.endIndex || line[k] == UInt8(ascii: ",") else { throw error(lines, "text after a closing quote") }
                ends.append(cells.count)
                if k == line.endIndex { return true }
                k += 1
            } else {
                while k < line.endIndex, line[k] != UInt8(ascii: ",") {
                    guard line[k] != UInt8(ascii: "\"") else { throw error(lines, "a quote inside an unquoted field") }
                    cells.append(line[k])
                    k += 1
                }
                ends.append(cells.count)
                if k == line.endIndex { return true }
                k += 1
            }
        }
    }

    private func error(_ lines: TrackLines, _ message: String) -> RangePipeError {
        .badData(SourceLocation(file: lines.name, line: startLine, column: ends.count + 1), message)
    }
}
