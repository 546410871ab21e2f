/// Columns of one series as rows arrive, before sorting.
final class SeriesAccumulator {
    let name: String
    var x: [Double] = []
    /// Indexed by the builder's value-column index; shorter arrays are
    /// back-filled with NaN when a column first appears later (JSON keys).
    var columns: [[Double]] = []
    /// Source line of each row, kept only for `--duplicates error`.
    var lines: [Int32]?
    var labels: [String] = []
    var labelOrdinal: [String: Int] = [:]
    var rowsRead = 0
    var rowsRejected = 0

    init(name: String, keepLines: Bool) {
        self.name = name
        if keepLines { lines = [] }
    }

    /// The ordinal of a category label, assigning the next one to a new label.
    func ordinal(of label: String) -> Int {
        if let k = labelOrdinal[label] { return k }
        let k = labels.count
        labels.append(label)
        labelOrdinal[label] = k
        return k
    }

    /// Room for `rows` rows in x and every column (and lines when kept).
    func reserve(_ rows: Int) {
        x.reserveCapacity(rows)
        for k in columns.indices { columns[k].reserveCapacity(rows) }
        lines?.reserveCapacity(rows)
        reservedRows = max(reservedRows, rows)
    }

    /// Columns added later get the same room.
    private(set) var reservedRows = 0

    /// Appends one row. `expected` (0: no guess) is the rows a series is
    /// likely to end with; when x is full, every column grows toward it
    /// at once (at most 1,024 rows past its size) instead of doubling
    /// from one: 10^5 series of 30 points are 6 reallocations each less.
    func append(x value: Double, values: UnsafeBufferPointer<Double>, line: Int, expected: Int = 0) {
        if x.count == x.capacity, expected > 2 * x.count {
            reserve(max(2 * x.count, min(expected, x.count + 1024)))
        }
        if columns.count < values.count {
            for _ in columns.count ..< values.count {
                var column = [Double](repeating: .nan, count: x.count)
                column.reserveCapacity(reservedRows)
                columns.append(column)
            }
        }
        x.append(value)
        for k in 0 ..< values.count { columns[k].append(values[k]) }
        // A row made before a later key added a column leaves it missing.
        for k in values.count ..< columns.count { columns[k].append(.nan) }
        lines?.append(Int32(truncatingIfNeeded: line))
    }
}
