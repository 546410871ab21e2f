/// Which parts of a frame are written (`--tracks`).
public enum Track: String, Sendable, CaseIterable {
    case range, annotation, selector, values, points

    public static let defaults: Set<Track> = [.range, .annotation, .selector, .values]
}
