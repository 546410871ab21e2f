/// Which points the y-range covers (SPEC 4.9 `y.fit`); `manual`: none,
/// the y-window is the user's (`YSettings.zoom`).
public enum YFit: String, Sendable, CaseIterable {
    case edges, points, neighbours, none, manual
}
