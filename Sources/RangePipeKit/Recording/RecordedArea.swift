/// The chart element a press or a wheel turn landed in: the overview (the
/// range selector) or the main chart, as a raw pointer event names it.
public enum RecordedArea: String, Sendable, CaseIterable {
    /// The overview with the range selector.
    case overview
    /// The main chart.
    case main
}
