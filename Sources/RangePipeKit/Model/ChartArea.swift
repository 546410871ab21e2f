/// The chart part a press or a wheel turn lands in: the overview with the
/// range selector, the main chart, or the strip of the main chart's x tick
/// labels. Scripts' raw input (`"area"`), recordings and the profiles all
/// name areas with it; a move or up stays in the area its down was in.
public enum ChartArea: String, Sendable, CaseIterable {
    /// The overview (Plotly's rangeslider, Bokeh's RangeTool figure).
    case overview
    /// The main chart's plot area, inside its axes.
    case main
    /// The strip of the main chart's x tick labels (`"x-axis"`), as wide as `main`.
    case xAxis = "x-axis"

    /// The areas whose sizes are a script's chart sizes (`overview`,
    /// `main`); the x-axis strip is as wide as the main chart and has none.
    public static let sized: [ChartArea] = [.overview, .main]
}
