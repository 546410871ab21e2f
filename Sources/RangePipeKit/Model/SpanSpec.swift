/// A span as the script wrote it (SPEC 3).
public enum SpanSpec: Sendable, Equatable {
    /// Axis units.
    case units(Double)
    /// A duration (`90s`, `4d`, `P1W`): seconds, for time axes only.
    case seconds(Double, text: String)
    /// The window holds at least (minSpan) or at most (maxSpan) k points.
    case points(Int)
    /// A fraction of the bounds' extent.
    case fraction(Double)
}
