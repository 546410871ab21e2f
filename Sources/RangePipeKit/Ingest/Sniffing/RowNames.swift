/// The first column a writer adds for row names: R's `write.csv` (`""`
/// over 1..n or labels), `write.table(sep = ",")` (a header one name
/// short), readr/tibble (`rownames`, `rowname`), pandas' `to_csv` with its
/// index (an empty name, or `Unnamed: 0` once read back and written again).
/// Row names are never a value field; a column that only counts the rows
/// is x only when no other column can be (`XColumnChooser`), so a file with
/// row names reads as the same file without them.
public enum RowNames: Sendable, Equatable {
    /// 1..n or 0..n-1 in row order: R's and pandas' default row names.
    case counter
    /// Other unique names (labels, years, dates): an index that may be x.
    case labels

    /// How the column is named in messages and `--x` when its header is empty.
    static let displayName = "(row names)"

    /// Header names writers give row names (compared lowercased).
    static let conventionalNames: Set<String> = ["", "rownames", "rowname", "row.names", "row_names", "unnamed: 0"]

    /// The row-names kind of the first column, from its header name (or
    /// `headerShort`: the header has no name for it) and its sampled values;
    /// nil when it is an ordinary column. A conventional name needs every
    /// value filled in and unique (a repeating first column is a key, not
    /// names), and another column after it.
    /// - Complexity: O(rows).
    static func of(header: String?, headerShort: Bool, values: [String], columns: Int) -> RowNames? {
        guard columns >= 2, !values.isEmpty else { return nil }
        if !headerShort {
            guard let header, conventionalNames.contains(header.trimmingSpaces.lowercased()) else { return nil }
        }
        var seen = Set<String>()
        var counts = (fromOne: true, fromZero: true)
        for (k, value) in values.enumerated() {
            let text = value.trimmingSpaces
            guard headerShort || (!text.isEmpty && seen.insert(text).inserted) else { return nil }
            if text != String(k + 1) { counts.fromOne = false }
            if text != String(k) { counts.fromZero = false }
        }
        return counts.fromOne || counts.fromZero ? .counter : .labels
    }
}
