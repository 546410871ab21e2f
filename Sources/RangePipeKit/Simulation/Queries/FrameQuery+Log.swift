#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The y-fit of a log axis (`y.scale: "log"`): only positive values can be
/// drawn, so the fit covers those and counts the rest.
extension FrameQuery {
    /// The fitted y-range of a window on a log axis and the number of
    /// values ≤ 0 the fit left out. Which points count follows `y.fit` as
    /// on a linear axis; `edges` takes the line's value at a window cut
    /// interpolated linearly in x (the chart's line, as on a linear axis)
    /// when it is positive. Padding p is in decades:
    /// [lo / (hi/lo)^p, hi · (hi/lo)^p]. `includeZero` cannot apply (the
    /// decoder refuses it with log).
    /// - Parameter positive: the shown field's `PositiveIndex` (static values).
    /// - Complexity: O(log n) for static values, O(points in the window) in flight.
    public static func logRange(_ w: Window, _ values: ShownValues, positive: PositiveIndex,
                                _ settings: YSettings) -> (range: (min: Double, max: Double)?, omitted: Int) {
        let index = values.index
        let i0 = index.lowerBound(w.lower), i1 = index.upperBound(w.upper)
        let (lo, hi): (Int, Int)
        switch settings.fit {
        case .none, .points, .edges, .manual: (lo, hi) = (i0, i1)
        case .neighbours: (lo, hi) = (i0 - 1, i1 + 1)
        }
        var (fit, omitted) = positiveMinMax(values, positive: positive, lo, hi)
        func take(_ v: Double) {
            guard v > 0 else { return }
            fit = fit.map { (min($0.min, v), max($0.max, v)) } ?? (v, v)
        }
        switch settings.fit {
        case .none, .manual:
            return (nil, omitted)
        case .points, .neighbours:
            break
        case .edges:
            if i0 < index.count, i0 > 0, index.x[i0] > w.lower, let v = values.lineValue(at: w.lower) { take(v) }
            if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.upper, let v = values.lineValue(at: w.upper) { take(v) }
        }
        guard let (a, b) = fit else { return (nil, omitted) }
        return (padded(a, b, settings.padding), omitted)
    }

    /// [a / (b/a)^p, b · (b/a)^p]: padding p of the range's decades on each side.
    /// - Complexity: O(1).
    public static func padded(_ a: Double, _ b: Double, _ p: Double) -> (min: Double, max: Double) {
        guard p > 0 else { return (a, b) }
        let grow = pow(b / a, p)
        return (a / grow, b * grow)
    }

    /// Min and max of the positive shown values at indices lo..<hi and the
    /// count of shown values ≤ 0 there (missing ones are neither).
    static func positiveMinMax(_ values: ShownValues, positive: PositiveIndex, _ lo: Int, _ hi: Int)
        -> ((min: Double, max: Double)?, Int) {
        let lo = max(lo, 0), hi = min(hi, values.index.count)
        if values.inFlight != nil {
            var mn = Double.infinity, mx = -Double.infinity, n = 0
            for i in lo ..< max(lo, hi) {
                let v = values.value(i)
                if v > 0 { mn = min(mn, v); mx = max(mx, v) } else if v <= 0 { n += 1 }
            }
            return (mn <= mx ? (mn, mx) : nil, n)
        }
        // A positive clamp lifts every value above 0; one at or below 0
        // leaves the positive values alone and the others still ≤ 0.
        if let floor = values.clampMin, floor > 0 { return (values.minMax(lo, hi), 0) }
        return (positive.minMax(lo, hi), positive.nonPositiveCount(lo, hi))
    }
}
