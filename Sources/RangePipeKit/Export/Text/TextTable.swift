/// Left-aligned columns separated by two spaces; each cell is escaped as
/// one line (`escapedLine`), so a name cannot break or bend its row.
enum TextTable {
    static func render(_ rows: [[String]]) -> String {
        let rows = rows.map { $0.map(\.escapedLine) }
        guard let columns = rows.map(\.count).max() else { return "" }
        var widths = [Int](repeating: 0, count: columns)
        for row in rows { for (k, cell) in row.enumerated() { widths[k] = max(widths[k], cell.count) } }
        return rows.map { row in
            row.enumerated().map { k, cell in
                k == row.count - 1 ? cell : cell + String(repeating: " ", count: widths[k] - cell.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n") + "\n"
    }
}
