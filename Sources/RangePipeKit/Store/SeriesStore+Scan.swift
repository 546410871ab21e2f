/// Reading a whole fleet in one pass (`SeriesScan`).
extension SeriesStore {
    /// Every series in name order, one at a time (`SeriesScan`); nil for a
    /// store without a schema yet.
    /// - Complexity: O(log series) to start; O(points + rows) per series.
    public func scan() throws -> SeriesScan? {
        guard try heldVersion ?? db.scalarInt("PRAGMA user_version") > 0 else { return nil }
        return try SeriesScan(store: self)
    }
}
