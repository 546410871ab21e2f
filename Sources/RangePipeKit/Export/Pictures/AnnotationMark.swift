#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The annotation as every picture draws it (`preview`, the player,
/// `render`): a dashed line across the main chart at the value, and the
/// label on a white box that the data line never crosses.
///
/// Where the box goes: at the main chart's right end (2 px in), just
/// above the annotation's line (a 3 px gap); when the data line passes
/// through that spot, just below it (3 px gap); when it passes through
/// both, the nearest spot above or below that it leaves clear, first at
/// the right end, then at the left end (2 px in). The box stays inside the
/// chart and never covers the annotation's line. Only when no such spot is
/// clear does the box sit above the line at the right end (it is opaque
/// and drawn over the data line, so the label still reads).
///
/// "Clear" is decided on the drawn polyline: the parts of its segments
/// inside the box's x extent, each a y interval, widened by 1 px (the
/// line's width and a hair); the box is clear when it meets none.
struct AnnotationMark: Equatable {
    /// The annotation line's y, px from the main chart's top.
    let y: Double
    let label: String
    /// The label's box in main-chart px.
    let box: Box

    /// A rectangle in main-chart px.
    struct Box: Equatable {
        var x: Double, y: Double, width: Double, height: Double
        var right: Double { x + width }
        var bottom: Double { y + height }
    }

    /// The box's height; the label's baseline sits 12 px under its top.
    static let boxHeight = 16.0
    /// Gap between the box and the annotation's line, and between the box and the chart's sides.
    static let lineGap = 3.0, edgeGap = 2.0
    /// How far the data line is kept from the box.
    static let clearance = 1.0

    /// The label's anchor (end) point: 4 px inside the box's right edge, on its baseline.
    var textX: Double { box.right - 4 }
    var textY: Double { box.y + 12 }

    /// The mark for a value drawn at `y` on a main chart of `size` whose data line is `line` (px).
    /// - Complexity: O(line points + k log k), k the segments under the box.
    init(y: Double, label: String, line: [(x: Double, y: Double)], size: ChartSize) {
        self.y = y
        self.label = label
        let width = min(AxisTicks.labelWidth(label), max(size.width - 2 * Self.edgeGap, 0))
        let h = Self.boxHeight
        let right = Box(x: size.width - Self.edgeGap - width, y: 0, width: width, height: h)
        let left = Box(x: Self.edgeGap, y: 0, width: width, height: h)
        for var b in [right, left] {
            if let top = Self.clearTop(y: y, height: size.height, blocked: Self.blocked(line, from: b.x, to: b.right)) {
                b.y = top
                box = b
                return
            }
        }
        var b = right
        b.y = min(max(y - Self.lineGap - h, 0), max(size.height - h, 0))
        box = b
    }

    /// The y intervals the line covers between x0 and x1 (each segment's
    /// part in that x range), widened by `clearance`, sorted by their tops.
    static func blocked(_ line: [(x: Double, y: Double)], from x0: Double, to x1: Double) -> [(lo: Double, hi: Double)] {
        var out: [(lo: Double, hi: Double)] = []
        func add(_ a: Double, _ b: Double) { out.append((min(a, b) - clearance, max(a, b) + clearance)) }
        if line.count == 1, let p = line.first, p.x >= x0, p.x <= x1 { add(p.y, p.y) }
        for (p, q) in zip(line, line.dropFirst()) {
            let lx = min(p.x, q.x), hx = max(p.x, q.x)
            guard hx >= x0, lx <= x1, p.y.isFinite, q.y.isFinite else { continue }
            if hx == lx { add(p.y, q.y); continue }
            // The segment's y at the ends of its part inside x0…x1.
            func yAt(_ x: Double) -> Double { p.y + (q.y - p.y) * (x - p.x) / (q.x - p.x) }
            add(yAt(max(lx, x0)), yAt(min(hx, x1)))
        }
        return out.sorted { $0.lo < $1.lo }
    }

    /// The top of the box nearest the annotation's line at `y` that stays
    /// in 0…height, off the line, and meets no blocked interval; above wins
    /// a tie. Candidates: the two spots next to the line and every blocked
    /// interval's edges (a nearest clear spot always touches one of them).
    static func clearTop(y: Double, height: Double, blocked: [(lo: Double, hi: Double)]) -> Double? {
        let h = boxHeight
        let above = y - lineGap - h, below = y + lineGap
        var candidates = [above, below]
        for b in blocked { candidates += [b.lo - h, b.hi] }
        func clear(_ top: Double) -> Bool {
            guard top >= 0, top + h <= height, top + h <= y - lineGap || top >= y + lineGap else { return false }
            return !blocked.contains { $0.lo < top + h && $0.hi > top }
        }
        func distance(_ top: Double) -> Double { top <= above ? above - top : top - below }
        return candidates.filter(clear).min { a, b in
            (distance(a), a <= above ? 0 : 1) < (distance(b), b <= above ? 0 : 1)
        }
    }

    /// Frame `r`'s annotation drawn on a main chart of `size` fitted to
    /// `yRange` (log10 units when `log`) with the data line `line` and the
    /// y labels `yLabels`; nil when the frame has none or its value cannot
    /// be drawn (no y-range, ≤ 0 on a log axis).
    init?(_ r: Frame, yRange: (min: Double, max: Double)?, log: Bool, line: [(x: Double, y: Double)],
          yLabels: [String], _ settings: AnnotationSettings, size: ChartSize) {
        guard let a = r.annotation, let yr = yRange else { return nil }
        let height = log ? log10(a.y) : a.y
        guard height.isFinite else { return nil }
        self.init(y: ChartLayout.yPixel(height, yr, height: size.height), label: Self.label(a.y, settings, yLabels: yLabels),
                  line: line, size: size)
    }

    /// The label a picture writes for a value: the script's `format` when
    /// it gives one; otherwise the y axis' number text (`NumberTicks.valueLabel`),
    /// grouped as the axis is, at the axis' decimals (`yLabels`, the ticks drawn).
    static func label(_ v: Double, _ settings: AnnotationSettings, yLabels: [String]) -> String {
        settings.formatGiven ? settings.format.format(v) : NumberTicks.valueLabel(v, axisDecimals: NumberTicks.decimals(of: yLabels))
    }
}
