#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// One frame's drawn numbers: polylines and ticks in chart pixels.
struct FrameDrawing {
    let record: Frame
    let yRange: (min: Double, max: Double)?
    /// The overview's and the main chart's polylines in chart pixels.
    let overviewPixels: [(x: Double, y: Double)]
    let mainPixels: [(x: Double, y: Double)]
    let xTicks: [(Double, String)]
    let yTicks: [(Double, String)]
    let mainWidth: Double
    let mainHeight: Double
    /// The overview's extent on this frame (`append` grows it).
    let bounds: Window
    /// Heights by log10 of the value (`y.scale: "log"`): `yRange` is then in log10 units.
    let log: Bool
    /// The zoom box and the crosshair, when the frame has them.
    let marks: PointerMarks
    /// The shown field's number (the caption and the y title name it).
    let field: Int

    init(_ p: SVGPreview, _ r: Frame, _ shown: ShownValues) {
        record = r
        field = shown.field
        let ov = p.plan.script.overview, main = p.plan.script.main
        (mainWidth, mainHeight) = (main.width, main.height)
        bounds = r.bounds ?? p.bounds
        log = p.plan.script.y.scale == .log
        let log = log
        // Both charts are drawn linearly in view units u (x on a linear x-axis).
        let scale = p.plan.scale
        let view = scale.isLinear ? r.window : scale.u(r.window)
        overviewPixels = Self.overviewPixels(p, bounds, shown, width: ov.width)
        let drawn = r.points ?? M4.points(r.window, view: view, scale, shown, width: main.width)
        let points = Self.mainHeights(drawn, scale, log: log)
        let yr = Self.yRange(r, heights: points, log: log)
        yRange = yr
        mainPixels = Self.pixels(points, view, yr, main)
        xTicks = p.xTicks(r.window)
        yTicks = p.yTicks(yr, log: log)
        marks = PointerMarks(r, scale: scale, yRange: yr, log: log, size: main, label: p.plan.script.annotation, yLabels: yTicks.map(\.1))
    }

    /// The polylines as SVG `points` text.
    var overviewLine: String { Self.text(overviewPixels) }
    var mainLine: String { Self.text(mainPixels) }

    /// The annotation's line, label and box (clear of the main line); nil
    /// when the frame has none or its value cannot be drawn (no y-range,
    /// ≤ 0 on a log axis).
    func annotation(_ settings: AnnotationSettings) -> AnnotationMark? {
        AnnotationMark(record, yRange: yRange, log: log, line: mainPixels, yLabels: yTicks.map(\.1),
                       settings, size: ChartSize(width: mainWidth, height: mainHeight))
    }

    /// The main chart's points (x, value) at their drawn heights, x in the
    /// scale's view units (u): what `pixels` fits into the window's view.
    static func mainHeights(_ points: [(x: Double, y: Double)], _ scale: XScale, log: Bool) -> [(x: Double, y: Double)] {
        heights(scale.isLinear ? points : points.map { (scale.u($0.x), $0.y) }, log: log)
    }

    /// The height a value is drawn at (its log10 on a log axis).
    static func height(_ v: Double, log: Bool) -> Double { log ? log10(v) : v }

    /// Points at their drawn heights: on a log y-axis log10 of the values;
    /// values ≤ 0 become -inf or NaN, which the line and the range leave out.
    static func heights(_ points: [(x: Double, y: Double)], log: Bool) -> [(x: Double, y: Double)] {
        log ? points.map { ($0.x, log10($0.y)) } : points
    }

    /// The main chart's y-range in drawn heights: the frame's `y` (its
    /// log10 on a log axis), else the range of the drawn `heights`.
    static func yRange(_ r: Frame, heights: [(x: Double, y: Double)], log: Bool) -> (min: Double, max: Double)? {
        r.y.map { log ? (log10($0.min), log10($0.max)) : $0 } ?? range(heights)
    }

    /// The overview's polyline in overview pixels: the bounds (view units)
    /// `columns` wide, at drawn heights, fitted to their own range.
    /// - Complexity: O(columns · log n).
    static func overviewPixels(_ p: SVGPreview, _ bounds: Window, _ shown: ShownValues, width columns: Double) -> [(x: Double, y: Double)] {
        let all = heights(overviewPoints(p.plan.scale, bounds, shown, width: columns), log: p.plan.script.y.scale == .log)
        return pixels(all, bounds, range(all), p.plan.script.overview)
    }

    /// The overview's M4 points over the bounds (view units) `columns`
    /// wide, with x in view units.
    static func overviewPoints(_ scale: XScale, _ bounds: Window, _ shown: ShownValues, width columns: Double) -> [(x: Double, y: Double)] {
        let points = M4.points(scale.x(bounds), view: bounds, scale, shown, width: columns)
        return scale.isLinear ? points : points.map { (scale.u($0.x), $0.y) }
    }

    static func range(_ points: [(x: Double, y: Double)]) -> (min: Double, max: Double)? {
        let ys = points.map(\.y).filter { $0.isFinite }
        guard let lo = ys.min(), let hi = ys.max() else { return nil }
        return (lo, hi)
    }

    /// Polyline points in chart pixels; empty without a y-range.
    static func pixels(_ points: [(x: Double, y: Double)], _ w: Window, _ yr: (min: Double, max: Double)?, _ size: ChartSize) -> [(x: Double, y: Double)] {
        guard let yr else { return [] }
        return points.filter { $0.y.isFinite }.map { p in
            ((p.x - w.lower) / w.span * size.width, ChartLayout.yPixel(p.y, yr, height: size.height))
        }
    }

    static func text(_ pixels: [(x: Double, y: Double)]) -> String {
        pixels.map { "\(SVGNumber.fmt($0.x)),\(SVGNumber.fmt($0.y))" }.joined(separator: " ")
    }
}
