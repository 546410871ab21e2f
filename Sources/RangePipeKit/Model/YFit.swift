/// Which points the y-range covers (SPEC 4.9 `y.fit`).
public enum YFit: String, Sendable, CaseIterable {
    case edges, points, neighbours, none
}
