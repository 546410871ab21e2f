extension SeriesAccumulator {
    /// One `SeriesRows` at a fixed heap address, reached through a `let`:
    /// appending a row costs no dynamic exclusivity check (a class's
    /// stored `var` costs one per access, as much as the append itself).
    /// The accumulator is used by one thread at a time.
    struct RowsStorage {
        private let pointer: UnsafeMutablePointer<SeriesRows>

        init() {
            pointer = .allocate(capacity: 1)
            pointer.initialize(to: SeriesRows())
        }

        /// Frees the rows; called once, by the accumulator's `deinit`.
        func release() {
            pointer.deinitialize(count: 1)
            pointer.deallocate()
        }

        var rows: SeriesRows {
            _read { yield pointer.pointee }
            nonmutating _modify { yield &pointer.pointee }
        }
    }

    /// Appends one row (see `SeriesRows.append`); `countsRead` also counts
    /// it as read, in the same access.
    func append(x value: Double, values: UnsafeBufferPointer<Double>, line: Int, expected: Int = 0, countsRead: Bool = false) {
        storage.rows.append(x: value, values: values, line: line, expected: expected, countsRead: countsRead)
    }
}
