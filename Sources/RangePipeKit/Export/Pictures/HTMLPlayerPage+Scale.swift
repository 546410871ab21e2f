/// The player page on a log or ordinal x axis: the page's script places the
/// main line in view units u, as the overview, the selector and the ticks
/// are, reading the scale from this data block (no block: linear, u = x).
extension HTMLPlayerPage {
    /// The scale as the page reads it: `{"kind": "log"}`, or the ordinal
    /// axis' x values (epoch seconds), which u(x) searches.
    /// - Complexity: O(n) for ordinal.
    static func scaleJSON(_ scale: XScale) -> String {
        switch scale.kind {
        case .linear, .log: return "{\"kind\":\"\(scale.kind.rawValue)\"}"
        case .ordinal: return "{\"kind\":\"ordinal\",\"x\":[" + scale.xs.map(JSONText.number).joined(separator: ",") + "]}"
        }
    }
}
