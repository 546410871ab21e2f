/// The rows of a file grouped by series, each series' rows in arrival
/// order: a stable counting sort of row indices on the series column.
struct RowGroups {
    /// Row indices, series 0's first, then series 1's ...
    let rows: [Int32]
    /// One past the last position of each series in `rows`.
    let ends: [Int]

    /// Groups `series` (a series index below `seriesCount` per row).
    /// - Complexity: O(rows + series): a counting pass, then a placing
    ///   pass, one row index each.
    init(series: [Int32], seriesCount: Int) {
        precondition(series.count <= Int(Int32.max), "more rows than a row index holds")
        (rows, ends) = Self.sorted(series, seriesCount: seriesCount)
    }

    /// Positions in `rows` of series `s`'s rows.
    func range(of s: Int) -> Range<Int> {
        (s == 0 ? 0 : ends[s - 1]) ..< ends[s]
    }

    /// The rows of series `s`.
    func count(of s: Int) -> Int { range(of: s).count }

    /// The row index of the `k`-th row of series `s`.
    func row(_ k: Int, of s: Int) -> Int {
        Int(rows[range(of: s).lowerBound + k])
    }
}
