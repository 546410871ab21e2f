/// The text format of `play`'s output (`--format`).
public enum FrameFormat: String, Sendable, CaseIterable {
    case ndjson, csv
}
