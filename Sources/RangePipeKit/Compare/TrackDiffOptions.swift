/// What `diff` compares and how closely.
package struct TrackDiffOptions: Sendable {
    /// Numbers are equal when |a − b| ≤ tolerance · max(1, |a|, |b|);
    /// times when they are at most `tolerance` seconds apart.
    package var tolerance: Double
    /// The parts compared; nil: every key or column.
    package var fields: Set<TrackField>?

    /// Checks the tolerance (finite, not negative: else a usage error).
    /// - Complexity: O(1).
    package init(tolerance: Double = 1e-9, fields: Set<TrackField>? = nil) throws {
        guard tolerance.isFinite, tolerance >= 0 else {
            throw RangePipeError.usage("--tolerance: expected a number ≥ 0, got \(tolerance)")
        }
        self.tolerance = tolerance
        self.fields = fields
    }
}
