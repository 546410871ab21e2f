/// A file read column-wise that looks like one series per row: many more
/// columns than rows, all of them numbers (UCR/UEA classification sets).
/// `inspect` and ingest's warning name `flags`, which read it row-wise.
public struct RowLayoutHint: Sendable, Equatable {
    /// Columns and data rows the file has.
    public var columns: Int
    public var rows: Int
    /// The flags that read each row as a series: `--layout rows`, plus
    /// `--series-column C` when the first column looks like a class label.
    public var flags: [String]
    /// The label column the flags name, if any.
    public var labelColumn: String?

    /// Why the file looks like one series per row, and the flags that read it so.
    public var advice: String {
        "\(columns) columns of numbers and \(rows) \(rows == 1 ? "row" : "rows"): if each row is one series over its columns"
            + (labelColumn.map { " after a label in '\($0)'" } ?? "")
            + ", add \(flags.map(ShellWords.quote).joined(separator: " "))"
    }

    /// A file this many times wider than it is long, with this many columns
    /// at least, is suspect: a table of fields has few, a row of samples many.
    static let widthRatio = 2
    static let minColumns = 20

    /// The hint for a sampled CSV/TSV file of `rows` data rows in all, or
    /// nil when it does not look like one series per row.
    /// - Complexity: O(sampled cells).
    static func of(_ sample: CSVSample, rows: Int) -> RowLayoutHint? {
        let columns = sample.names.count
        guard columns >= minColumns, columns >= widthRatio * max(rows, 1), !sample.rows.isEmpty else { return nil }
        var integral = Array(repeating: true, count: columns)
        for row in sample.rows {
            for (k, cell) in row.enumerated() where k < columns {
                switch DecimalParser.parseCell(cell) {
                case .number(let v): if v != v.rounded() { integral[k] = false }
                case .missing: continue
                case .invalid: return nil
                }
            }
        }
        // A first column of whole numbers before columns that are not is a class label (0/1/2), not a sample.
        let label = integral[0] && integral.dropFirst().contains(false) ? sample.names[0] : nil
        return RowLayoutHint(columns: columns, rows: rows,
                             flags: ["--layout", "rows"] + (label.map { ["--series-column", $0] } ?? []), labelColumn: label)
    }
}
