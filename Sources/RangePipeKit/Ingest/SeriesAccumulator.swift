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

    func append(x value: Double, values: UnsafeBufferPointer<Double>, line: Int) {
        if columns.count < values.count {
            for _ in columns.count ..< values.count {
                columns.append([Double](repeating: .nan, count: x.count))
            }
        }
        x.append(value)
        for k in 0 ..< values.count { columns[k].append(values[k]) }
        // A row made before a later key added a column leaves it missing.
        for k in values.count ..< columns.count { columns[k].append(.nan) }
        lines?.append(Int32(truncatingIfNeeded: line))
    }
}
