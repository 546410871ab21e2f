/// How the main chart maps values to height (`y.scale`): linearly, or by
/// their logarithm, where only positive values can be drawn.
public enum YScale: String, Sendable, CaseIterable {
    case linear, log
}
