/// Growing an index by appended rows (issue 18).
extension SeriesIndex {
    /// This index with `newX` (all after the last x) and their values added.
    ///
    /// Rebuilds the min/max pyramid over all values: O(n) per append, a
    /// cheap pass (about 1 ns a value), against O(k log n) for an in-place
    /// extension that would need the pyramid's levels to leave room.
    /// - Complexity: O(n + k).
    func appending(x newX: [Double], values newValues: [Double]) -> SeriesIndex {
        newX.isEmpty ? self : SeriesIndex(x: x + newX, values: values + newValues)
    }
}
