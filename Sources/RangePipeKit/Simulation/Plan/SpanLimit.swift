/// A resolved span limit: a width in axis units, or a point count whose
/// width depends on where the window is.
public enum SpanLimit: Sendable, Equatable {
    case width(Double)
    case points(Int)
}
