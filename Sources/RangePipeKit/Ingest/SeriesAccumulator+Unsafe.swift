extension SeriesAccumulator {
    /// Appends one row (see `SeriesRows.append`); `countsRead` also counts
    /// it as read, in the same access.
    func append(x value: Double, values: [Double], line: Int, expected: Int = 0, countsRead: Bool = false) {
        values.withUnsafeBufferPointer {
            storage.value.append(x: value, values: $0, line: line, expected: expected, countsRead: countsRead)
        }
    }

    /// Appends one row, counted as read, to the series behind an unretained
    /// handle (the bulk path's: `order` keeps the series alive), with no
    /// reference counting.
    @inline(__always)
    static func append(to handle: Unmanaged<SeriesAccumulator>, x: Double, values: [Double], line: Int, expected: Int) {
        handle._withUnsafeGuaranteedRef { $0.append(x: x, values: values, line: line, expected: expected, countsRead: true) }
    }
}
