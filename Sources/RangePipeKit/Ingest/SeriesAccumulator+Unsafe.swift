extension SeriesAccumulator {
    /// Appends one row (see `SeriesRows.append`); `countsRead` also counts
    /// it as read, in the same access.
    @inline(__always)
    func append(x value: Double, values: [Double], line: Int, expected: Int = 0, countsRead: Bool = false) {
        values.withUnsafeBufferPointer {
            storage.value.append(x: value, values: $0, line: line, expected: expected, countsRead: countsRead)
        }
    }

    /// An unretained reference to a series, for the bulk path: whoever
    /// holds handles keeps the series alive (`TableBuilder.order`), so a
    /// row costs no reference counting.
    struct Handle {
        let unmanaged: Unmanaged<SeriesAccumulator>

        init(_ accumulator: SeriesAccumulator) {
            unmanaged = .passUnretained(accumulator)
        }
    }

    /// Appends one row, counted as read, to the series behind `handle`.
    @inline(__always)
    static func append(to handle: Handle, x: Double, values: [Double], line: Int, expected: Int) {
        handle.unmanaged._withUnsafeGuaranteedRef { $0.append(x: x, values: values, line: line, expected: expected, countsRead: true) }
    }
}
