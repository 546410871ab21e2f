/// The outcome of comparing two tracks.
package struct TrackDiffResult: Sendable, Equatable {
    /// Frame pairs looked at (a frame only in one file counts as one).
    package var frames: Int
    /// Pairs that differ.
    package var differing: Int
    /// The first difference as a line, e.g.
    /// `frame 57 (t 0.95) series "AAPL": window.max: 1234.5 ≠ 1234.6`.
    package var first: String?

    /// True when no frame differs (exit 0).
    package var isEqual: Bool { differing == 0 }

    /// What `diff` prints when the tracks differ: the first difference and
    /// the count, e.g. `3 of 300 frames differ`; empty when equal.
    /// - Complexity: O(length of the first line).
    package var report: String {
        guard let first else { return "" }
        return [first, "\(differing) of \(frames) frame\(frames == 1 ? "" : "s") differ\(differing == 1 ? "s" : "")"].escapedLines
    }
}
