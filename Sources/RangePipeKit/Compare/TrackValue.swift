/// One leaf of a frame as `diff` compares it.
enum TrackValue: Sendable, Equatable {
    /// A number (JSON number, or a CSV cell that reads as one).
    case number(Double)
    /// An ISO-8601 time: whole seconds since the epoch and the fraction,
    /// kept apart so microseconds survive next to 10^9 seconds.
    case time(seconds: Int64, fraction: Double)
    /// Any other string: compared as its exact (unescaped) bytes.
    case text
    case bool(Bool)
    /// JSON `null`, or an empty CSV cell.
    case null
    /// `[]` and `{}`: leaves with nothing under them.
    case emptyArray, emptyObject

    /// Whether two leaves are equal within `tolerance`: numbers when
    /// |a − b| ≤ tolerance · max(1, |a|, |b|); times when they are at most
    /// `tolerance` seconds apart; everything else exactly (texts by bytes,
    /// which the caller compares).
    /// - Complexity: O(1).
    func matches(_ other: TrackValue, tolerance: Double) -> Bool {
        switch (self, other) {
        case let (.number(a), .number(b)):
            if a == b { return true }
            // Past Float64's range both read as infinities: only equal ones match.
            guard a.isFinite, b.isFinite else { return false }
            return abs(a - b) <= tolerance * max(1, abs(a), abs(b))
        case let (.time(sa, fa), .time(sb, fb)):
            // Subtract the whole seconds as integers first: exact.
            let seconds = sa.subtractingReportingOverflow(sb)
            guard !seconds.overflow else { return false }
            return abs(Double(seconds.partialValue) + (fa - fb)) <= tolerance
        case (.text, .text): return true
        case let (.bool(a), .bool(b)): return a == b
        case (.null, .null), (.emptyArray, .emptyArray), (.emptyObject, .emptyObject): return true
        case (.number, _), (.time, _), (.text, _), (.bool, _), (.null, _), (.emptyArray, _), (.emptyObject, _):
            return false
        }
    }
}
