extension SeriesAccumulator {
    /// Appends one row (see `SeriesRows.append`); `countsRead` also counts
    /// it as read, in the same access.
    func append(x value: Double, values: UnsafeBufferPointer<Double>, line: Int, expected: Int = 0, countsRead: Bool = false) {
        storage.value.append(x: value, values: values, line: line, expected: expected, countsRead: countsRead)
    }
}
