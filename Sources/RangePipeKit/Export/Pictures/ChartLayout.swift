/// Where the pictures put things (shared by `preview`'s SVG, `render` and
/// the HTML player). One series: a caption line, the overview with its x
/// axis, the main chart with y labels to its left and an x axis below.
/// Linked series (`panels` > 1): per series a caption line, a gap holding
/// the y title and its main chart with its x axis, stacked; under the last
/// one, one overview that all of them share (one range selector under
/// stacked charts, as Plotly's range slider under subplots sharing an x
/// axis). All in pixels, with the overview and main charts sharing one left
/// edge. `render` may lay linked panels out in a grid of `columns` (filled
/// row by row, the overview centred under it), so that they fill a video
/// frame instead of a tall stack scaled down to its middle.
public struct ChartLayout: Sendable {
    public let overview: ChartSize
    public let main: ChartSize
    /// Room left of the charts for the widest y label.
    public let left: Double
    public let right = 16.0
    public let captionHeight = 20.0
    /// Tick marks and labels under a chart.
    public let axisHeight = 22.0
    public let gap = 14.0
    /// Series drawn: 1, or the linked series' count (one main chart each, one shared overview).
    public let panels: Int
    /// Linked panels side by side in a row (1: one stack).
    public let columns: Int

    /// The layout for these chart sizes and `panels` series, the left margin wide enough for the longest y label.
    public init(overview: ChartSize, main: ChartSize, yLabels: [String], panels: Int = 1, columns: Int = 1) {
        self.overview = overview
        self.main = main
        self.panels = max(panels, 1)
        self.columns = panels > 1 ? min(max(columns, 1), panels) : 1
        let widest = yLabels.map(AxisTicks.labelWidth).max() ?? 0
        left = max(40, (widest + 8).rounded(.up))
    }

    /// The layout with linked panels in the grid that shows them largest in
    /// a `width` × `height` frame (ties: fewer columns).
    /// - Complexity: O(panels).
    public func filling(width: Double, height: Double) -> ChartLayout {
        guard isLinked else { return self }
        var best = self, bestScale = 0.0
        for columns in 1 ... panels {
            let grid = ChartLayout(overview: overview, main: main, left: left, panels: panels, columns: columns)
            let scale = min(width / grid.width, height / grid.height)
            if scale > bestScale * (1 + 1e-12) { (best, bestScale) = (grid, scale) }
        }
        return best
    }

    private init(overview: ChartSize, main: ChartSize, left: Double, panels: Int, columns: Int) {
        self.overview = overview
        self.main = main
        self.left = left
        self.panels = panels
        self.columns = columns
    }

    /// Whether the series are linked: main charts stacked over one shared overview.
    public var isLinked: Bool { panels > 1 }
    /// One linked series' rows: caption, the gap with the y title, its main chart and x axis.
    public var linkedPanelHeight: Double { captionHeight + gap + main.height + axisHeight }
    /// The top of series j's rows (its caption line); 0 for one series.
    public func panelTop(_ j: Int) -> Double { isLinked ? Double(j / columns) * linkedPanelHeight : 0 }
    /// One column's width: the y labels, the charts and the right margin.
    public var columnWidth: Double { left + max(overview.width, main.width) + right }
    /// The left of series j's column; 0 in one stack.
    public func panelLeft(_ j: Int) -> Double { Double(j % columns) * columnWidth }
    /// The overview's column's left: centred under the grid.
    public var overviewLeft: Double { Double(columns - 1) * columnWidth / 2 }
    /// Rows of linked panels.
    var rows: Int { (panels + columns - 1) / columns }
    /// The overview's top: under the caption, or under the last linked main chart's axis and a gap.
    public var overviewTop: Double { isLinked ? Double(rows) * linkedPanelHeight + gap : captionHeight }
    /// The first (or only) main chart's top.
    public var mainTop: Double { mainTop(0) }
    /// Series j's main chart's top: under the overview, or under its caption line and the gap.
    public func mainTop(_ j: Int) -> Double {
        isLinked ? panelTop(j) + captionHeight + gap : overviewTop + overview.height + axisHeight + gap
    }
    public var width: Double { Double(columns) * columnWidth }
    /// The whole picture of one frame (every linked series and the overview).
    public var height: Double { (isLinked ? overviewTop + overview.height : mainTop + main.height) + axisHeight + 6 }

    /// The y pixel (from the main chart's top) of a value in a range.
    public static func yPixel(_ y: Double, _ r: (min: Double, max: Double), height: Double) -> Double {
        r.max > r.min ? (r.max - y) / (r.max - r.min) * height : height / 2
    }

    /// The x pixel (from the chart's left) of a value in a window (the
    /// middle when the window is empty).
    public static func xPixel(_ x: Double, _ w: Window, width: Double) -> Double {
        (w.upper > w.lower ? (x - w.lower) / w.span : 0.5) * width
    }

    /// x ticks as (pixel from the chart's left, label).
    public static func xPixels(_ ticks: [Tick], _ w: Window, width: Double) -> [(Double, String)] {
        ticks.map { (xPixel($0.value, w, width: width), $0.label) }
    }

    /// A selector handle's left edge (handles are 6 px wide, centred on
    /// the selection's edge `x`), kept inside an overview `width` wide so
    /// a selection at either end draws its handle within the border.
    public static func handleX(_ x: Double, width: Double) -> Double {
        min(max(x - 3, 0), max(width - 6, 0))
    }

    /// An x label's centre and estimated text half-width: centred on its
    /// tick at `x` but kept inside the chart's width.
    static func labelPlace(_ x: Double, _ label: String, width: Double) -> (centre: Double, half: Double) {
        let half = AxisTicks.labelWidth(label) / 2 - 4
        return (min(max(x, half), width - half), half)
    }

    /// Gap kept between neighbouring x labels, px (about one character).
    public static let labelGap = 6.0

    /// The x ticks to draw: left to right, a tick is dropped when its label,
    /// as drawn (kept inside the chart), would come within `labelGap` of the
    /// last kept label ("Dec 21Dec 23" never shows).
    /// - Complexity: O(ticks).
    public static func legible(_ ticks: [(Double, String)], width: Double) -> [(Double, String)] {
        var kept: [(Double, String)] = [], end = -Double.infinity
        for t in ticks {
            let e = labelPlace(t.0, t.1, width: width)
            guard e.centre - e.half >= end + labelGap else { continue }
            kept.append(t)
            end = e.centre + e.half
        }
        return kept
    }

    /// SVG of an x axis along the bottom of a chart `height` tall: tick
    /// marks, and labels centred on them but kept inside the chart's width.
    public static func xAxisSVG(_ ticks: [(Double, String)], width: Double, height: Double) -> String {
        var s = ""
        for (x, label) in ticks {
            let lx = labelPlace(x, label, width: width).centre
            s += "<line x1=\"\(SVGNumber.fmt(x))\" y1=\"\(SVGNumber.fmt(height))\" x2=\"\(SVGNumber.fmt(x))\" y2=\"\(SVGNumber.fmt(height + 4))\" stroke=\"#666\"/>"
            s += "<text x=\"\(SVGNumber.fmt(lx))\" y=\"\(SVGNumber.fmt(height + 15))\" text-anchor=\"middle\" fill=\"#444\">\(SVGNumber.escape(label))</text>\n"
        }
        return s
    }

    /// SVG of a y axis: labels right-aligned left of the chart, light grid lines across it.
    public static func yAxisSVG(_ ticks: [(Double, String)], width: Double) -> String {
        var s = ""
        for (y, label) in ticks {
            s += "<line x1=\"0\" y1=\"\(SVGNumber.fmt(y))\" x2=\"\(SVGNumber.fmt(width))\" y2=\"\(SVGNumber.fmt(y))\" stroke=\"#e5e7eb\"/>"
            s += "<text class=\"ytick\" x=\"-6\" y=\"\(SVGNumber.fmt(y + 4))\" text-anchor=\"end\" fill=\"#444\">\(SVGNumber.escape(label))</text>\n"
        }
        return s
    }
}
