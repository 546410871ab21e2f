/// One frame's drawn numbers: polylines and ticks in chart pixels.
struct FrameDrawing {
    let record: Frame
    let yRange: (min: Double, max: Double)?
    let overviewLine: String
    let mainLine: String
    let xTicks: [(Double, String)]
    let yTicks: [(Double, String)]
    let mainWidth: Double
    let mainHeight: Double
    /// The overview's extent on this frame (`append` grows it).
    let bounds: Window

    init(_ p: SVGPreview, _ r: Frame, _ shown: ShownValues) {
        record = r
        let ov = p.plan.script.overview, main = p.plan.script.main
        (mainWidth, mainHeight) = (main.width, main.height)
        bounds = r.bounds ?? p.bounds
        let scale = p.plan.scale
        guard scale.isLinear else {
            // Log and ordinal: both charts drawn linearly in view units u.
            let view = scale.u(r.window)
            overviewLine = Self.overviewPolyline(scale, p.bounds, shown, ov, width: ov.width)
            let points = r.points ?? M4.points(r.window, view: view, scale, shown, width: main.width)
            let yr = r.y ?? Self.range(points)
            yRange = yr
            mainLine = Self.line(points.map { (scale.u($0.x), $0.y) }, view, yr, main)
            xTicks = p.xTicks(r.window)
            yTicks = p.yTicks(yr)
            return
        }
        let all = M4.points(bounds, shown, width: ov.width)
        overviewLine = Self.line(all, bounds, Self.range(all), ov)
        let points = r.points ?? M4.points(r.window, shown, width: main.width)
        let yr = r.y ?? Self.range(points)
        yRange = yr
        mainLine = Self.line(points, r.window, yr, main)
        xTicks = p.xTicks(r.window)
        yTicks = p.yTicks(yr)
    }

    /// The overview's polyline: the bounds (view units) `columns` wide, drawn in u.
    static func overviewPolyline(_ scale: XScale, _ bounds: Window, _ shown: ShownValues, _ size: ChartSize, width columns: Double) -> String {
        guard !scale.isLinear else {
            let all = M4.points(bounds, shown, width: columns)
            return line(all, bounds, range(all), size)
        }
        let all = M4.points(scale.x(bounds), view: bounds, scale, shown, width: columns)
        return line(all.map { (scale.u($0.x), $0.y) }, bounds, range(all), size)
    }

    static func range(_ points: [(x: Double, y: Double)]) -> (min: Double, max: Double)? {
        let ys = points.map(\.y).filter { $0.isFinite }
        guard let lo = ys.min(), let hi = ys.max() else { return nil }
        return (lo, hi)
    }

    /// Polyline points in chart pixels; empty without a y-range.
    static func line(_ points: [(x: Double, y: Double)], _ w: Window, _ yr: (min: Double, max: Double)?, _ size: ChartSize) -> String {
        guard let yr else { return "" }
        return points.filter { $0.y.isFinite }.map { p in
            "\(SVGNumber.fmt((p.x - w.lower) / w.span * size.width)),\(SVGNumber.fmt(ChartLayout.yPixel(p.y, yr, height: size.height)))"
        }.joined(separator: " ")
    }
}
