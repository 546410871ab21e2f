#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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
    /// Heights by log10 of the value (`y.scale: "log"`): `yRange` is then in log10 units.
    let log: Bool

    init(_ p: SVGPreview, _ r: Frame, _ shown: ShownValues) {
        record = r
        let ov = p.plan.script.overview, main = p.plan.script.main
        (mainWidth, mainHeight) = (main.width, main.height)
        log = p.plan.script.y.scale == .log
        // On a log axis heights are log10 of the values; values ≤ 0 become
        // -inf or NaN, which the line and the range leave out.
        let log = log
        func heights(_ points: [(x: Double, y: Double)]) -> [(x: Double, y: Double)] {
            log ? points.map { ($0.x, log10($0.y)) } : points
        }
        let all = heights(M4.points(p.bounds, shown, width: ov.width))
        overviewLine = Self.line(all, p.bounds, Self.range(all), ov)
        let points = heights(r.points ?? M4.points(r.window, shown, width: main.width))
        let yr = r.y.map { log ? (log10($0.min), log10($0.max)) : $0 } ?? Self.range(points)
        yRange = yr
        mainLine = Self.line(points, r.window, yr, main)
        xTicks = p.xTicks(r.window)
        yTicks = p.yTicks(yr, log: log)
    }

    /// The height a value is drawn at (its log10 on a log axis).
    func height(_ v: Double) -> Double { log ? log10(v) : v }

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
