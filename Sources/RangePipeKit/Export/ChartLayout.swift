/// Where the pictures put things (shared by `preview`'s SVG and the HTML
/// player): a caption line, the overview with its x axis, the main chart
/// with y labels to its left and an x axis below. All in pixels, with the
/// overview and main chart sharing one left edge.
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

    /// The layout for these chart sizes, the left margin wide enough for the longest y label.
    public init(overview: ChartSize, main: ChartSize, yLabels: [String]) {
        self.overview = overview
        self.main = main
        let widest = yLabels.map(AxisTicks.labelWidth).max() ?? 0
        left = max(40, (widest + 8).rounded(.up))
    }

    public var overviewTop: Double { captionHeight }
    public var mainTop: Double { overviewTop + overview.height + axisHeight + gap }
    public var width: Double { left + max(overview.width, main.width) + right }
    public var height: Double { mainTop + main.height + axisHeight + 6 }

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

    /// SVG of an x axis along the bottom of a chart `height` tall: tick
    /// marks, and labels centred on them but kept inside the chart's width.
    public static func xAxisSVG(_ ticks: [(Double, String)], width: Double, height: Double) -> String {
        var s = ""
        for (x, label) in ticks {
            let half = AxisTicks.labelWidth(label) / 2 - 4
            let lx = min(max(x, half), width - half)
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
