/// The kind of a series' x axis.
public enum Axis: String, Sendable, Hashable, CaseIterable {
    /// Seconds since the Unix epoch, UTC.
    case time
    /// Plain numbers.
    case number
    /// Ordinals 0, 1, 2, … of labels in order of first appearance.
    case category
}
