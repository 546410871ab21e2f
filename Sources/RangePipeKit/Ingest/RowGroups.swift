/// The rows of a file grouped by series, each series' rows in arrival
/// order: a stable counting sort of row indices on the series column.
struct RowGroups {
    /// Row indices, series 0's first, then series 1's ...
    private(set) var rows: [Int32]
    /// One past the last position of each series in `rows`.
    private(set) var ends: [Int]

    /// Groups `series` (a series index per row) given each series' row count.
    /// - Complexity: O(rows + series), two passes and one index per row.
    init(series: [Int32], counts: [Int]) {
        precondition(series.count <= Int(Int32.max), "more rows than a row index holds")
        var next = [Int](repeating: 0, count: counts.count)
        var total = 0
        for s in counts.indices {
            next[s] = total
            total += counts[s]
        }
        var rows = [Int32](repeating: 0, count: total)
        for (i, s) in series.enumerated() {
            let k = Int(s)
            rows[next[k]] = Int32(truncatingIfNeeded: i)
            next[k] += 1
        }
        // Every series' next slot is now its end.
        self.rows = rows
        self.ends = next
    }

    /// Positions in `rows` of series `s`'s rows.
    func range(of s: Int) -> Range<Int> {
        (s == 0 ? 0 : ends[s - 1]) ..< ends[s]
    }

    /// The values of `column` at series `s`'s rows, in arrival order.
    /// - Complexity: O(rows of the series).
    func gather(_ column: [Double], series s: Int) -> [Double] {
        rows[range(of: s)].map { column[Int($0)] }
    }

    /// The row index of the `k`-th row of series `s`.
    func row(_ k: Int, of s: Int) -> Int {
        Int(rows[range(of: s).lowerBound + k])
    }
}
