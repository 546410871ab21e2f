/// What the library pages of SPEC 4.11 put around their plot areas, where a
/// profile models input there: the script decoder checks presses against
/// it and the profiles place their parts by it.
extension InteractionProfile {
    /// The ECharts page's chart element around the grid (px): 70 left of the
    /// grid, 20 above it, 40 right, the slider 50 below the grid and 30
    /// below the slider (Tests/Conformance/echarts/library.py).
    static let echartsMargins = PageMargins(left: 70, top: 20, right: 40, overviewGap: 50, bottom: 30)

    /// dygraphs' range selector height, `rangeSelectorHeight` 40 px
    /// (plugins/range-selector.js:189, dygraph-default-attrs.js).
    public static let dygraphsSelectorHeight = 40.0

    /// The ECharts chart element's size (px): the grid with its margins and
    /// the slider below, as wide as the wider of the grid and the slider.
    public static func echartsElement(main: ChartSize, slider: ChartSize) -> (width: Double, height: Double) {
        let m = echartsMargins
        return (m.left + max(main.width, slider.width) + m.right, m.top + main.height + m.overviewGap + slider.height + m.bottom)
    }

    /// Where a press or wheel on `overview` reaches what the profile models
    /// (overview px, left and top in, right and bottom out); nil where the
    /// overview area itself is the rule. ECharts: the chart's element below
    /// the grid's part of it (the slider's box, the margins beside and
    /// below it, the gap above it). dygraphs: the range selector's canvas
    /// (the plot area's width, 40 px high) and the handles' images, which
    /// reach 5 px past its ends (4.5, snapped to whole px).
    public func overviewBounds(main: ChartSize, overview: ChartSize) -> (left: Double, right: Double, top: Double, bottom: Double)? {
        switch self {
        case .echarts:
            let m = Self.echartsMargins, size = Self.echartsElement(main: main, slider: overview)
            return (-m.left, size.width - m.left, -m.overviewGap, size.height - m.top - main.height - m.overviewGap)
        case .dygraphs:
            return (-5, main.width + 5, 0, Self.dygraphsSelectorHeight)
        case .rangepipe, .plotly, .bokeh, .uplot, .lightweightCharts:
            return nil
        }
    }
}
