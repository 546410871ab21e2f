/// The chart element a press or a wheel turn landed in: the overview (the
/// range selector), the main chart, or the strip of the main chart's x tick
/// labels, as a raw pointer event names it.
public enum RecordedArea: String, Sendable, CaseIterable {
    /// The overview with the range selector.
    case overview
    /// The main chart.
    case main
    /// The strip of the main chart's x tick labels (`"x-axis"`).
    case xAxis = "x-axis"

    /// The areas whose sizes are a script's chart sizes (`overview`,
    /// `main`); the x-axis strip is as wide as the main chart and has none.
    public static let sized: [RecordedArea] = [.overview, .main]
}
