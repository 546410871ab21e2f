/// Growing an index by appended rows (issue 18).
extension SeriesIndex {
    /// This index grown to `grownX` (its x, then the new rows' x, shared
    /// with the window rules) with the new rows' values added.
    ///
    /// Rebuilds the min/max pyramid over all values: O(n) per append (one
    /// linear pass), where an in-place O(k log n) extension would need the
    /// pyramid's flat levels to leave room to grow.
    /// - Complexity: O(n + k).
    func appending(x grownX: [Double], values newValues: [Double]) -> SeriesIndex {
        SeriesIndex(x: grownX, values: values + newValues)
    }
}
