/// `--duplicates`: the same x twice in one series.
public enum DuplicatePolicy: String, Sendable, CaseIterable {
    case last, first, error, keep
}
