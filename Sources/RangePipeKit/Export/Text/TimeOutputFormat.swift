/// How time x values are written (`--output-time-format`).
public enum TimeOutputFormat: String, Sendable, CaseIterable {
    case iso8601
    case epochSeconds = "epoch-s"
}
