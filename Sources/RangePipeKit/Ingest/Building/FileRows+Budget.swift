extension FileRows {
    /// Bytes one row takes across the columns: x, each value, and the
    /// series index and source line when kept.
    var bytesPerRow: Int {
        8 * (1 + columns.count) + (series == nil ? 0 : 4) + (lines == nil ? 0 : 4)
    }

    /// Fails before the columns grow past the memory budget: when `more`
    /// rows do not fit the capacity, the columns double, holding the old
    /// and the new storage at once while they copy. A file's rows are held
    /// until it is read to the end (they are grouped by series and sorted
    /// then), so a file of more rows than memory holds (a decompression
    /// bomb of one repeated row) ends here with exit 71, not in a crash.
    /// - Throws: `.outOfMemory` naming `file` and the row count.
    /// - Complexity: O(1).
    func requireRoom(for more: Int, file: String) throws {
        let count = x.count
        guard count + more > x.capacity else { return }
        let grown = max(2 * x.capacity, count + more)
        let (needed, overflow) = (grown + x.capacity).multipliedReportingOverflow(by: bytesPerRow + 8 * max(0, 1 - columns.count))
        try MemoryBudget.require(overflow ? .max : needed, for: "holding \(count + more) rows", of: file)
    }

    /// `rows`, or fewer so that reserving them fits half the memory budget:
    /// a reservation is an estimate, and under an address-space limit
    /// (`ulimit -v`) even untouched capacity counts.
    /// - Complexity: O(1).
    func affordableRows(_ rows: Int) -> Int {
        min(rows, MemoryBudget.budget / 2 / max(bytesPerRow, 16))
    }
}
