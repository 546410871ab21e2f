/// An x position as the script wrote it: a number, or text (an ISO time on
/// time axes, a label on category axes).
public enum XSpec: Sendable, Equatable {
    case number(Double)
    case text(String)
}
