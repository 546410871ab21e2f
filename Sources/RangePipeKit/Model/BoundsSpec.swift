/// The window's bounds as the script wrote them: the data's x extent, or a range.
public enum BoundsSpec: Sendable, Equatable {
    case data
    case range(XSpec, XSpec)
}
