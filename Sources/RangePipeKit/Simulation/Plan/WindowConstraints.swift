/// The window rules of SPEC 4.5 for one series: bounds [U0, U1], minimum
/// and maximum span. Pure functions of a window; no state.
public struct WindowConstraints: Sendable {
    /// The lower bound U0.
    public let lower: Double
    /// The upper bound U1.
    public let upper: Double
    /// The narrowest window.
    public let minSpan: SpanLimit
    /// The widest window; nil when only the bounds limit it.
    public let maxSpan: SpanLimit?
    let x: [Double]

    /// The rules for bounds [lower, upper] over a series with sorted `x`.
    public init(lower: Double, upper: Double, minSpan: SpanLimit, maxSpan: SpanLimit?, x: [Double]) {
        self.lower = lower
        self.upper = upper
        self.minSpan = minSpan
        self.maxSpan = maxSpan
        self.x = x
    }

    /// U1 − U0.
    public var extent: Double { upper - lower }

    // MARK: Widths

    /// The smallest half-width h with at least k points in [c − h, c + h].
    private func halfWidthHolding(_ k: Int, about c: Double) -> Double {
        guard k > 0, !x.isEmpty else { return 0 }
        if k >= x.count { return max(c - x[0], x[x.count - 1] - c) }
        var right = x.lowerBound(of: c), left = right - 1
        var h = 0.0
        for _ in 0 ..< k {
            let dl = left >= 0 ? c - x[left] : .infinity
            let dr = right < x.count ? x[right] - c : .infinity
            if dl <= dr { h = dl; left -= 1 } else { h = dr; right += 1 }
        }
        return h
    }

    /// Minimum width for a window centred at c.
    public func minWidth(centre c: Double) -> Double {
        switch minSpan {
        case let .width(w): return w
        case let .points(k): return min(2 * halfWidthHolding(k, about: c), extent)
        }
    }

    /// Maximum width for a window centred at c (infinity when unlimited).
    public func maxWidth(centre c: Double) -> Double {
        switch maxSpan {
        case nil: return .infinity
        case let .width(w)?: return w
        case let .points(k)?:
            // Just under the distance that would take in point k + 1.
            guard k < x.count else { return .infinity }
            return max(2 * halfWidthHolding(k + 1, about: c).nextDown, minWidth(centre: c))
        }
    }

    /// Minimum width with one end fixed (`fixed` is a when `upward`, else b).
    public func minWidth(fixed e: Double, upward: Bool) -> Double {
        switch minSpan {
        case let .width(w): return w
        case let .points(k):
            if upward {
                let i = x.lowerBound(of: e) + k - 1
                return i < x.count ? max(x[i] - e, 0) : extent
            }
            var j = x.lowerBound(of: e)
            if j < x.count, x[j] == e { j += 1 }
            let i = j - k
            return i >= 0 ? max(e - x[i], 0) : extent
        }
    }

    /// Maximum width with one end fixed (`fixed` is a when `upward`, else b).
    public func maxWidth(fixed e: Double, upward: Bool) -> Double {
        switch maxSpan {
        case nil: return .infinity
        case let .width(w)?: return w
        case let .points(k)?:
            if upward {
                let i = x.lowerBound(of: e) + k
                return i < x.count ? max((x[i] - e).nextDown, minWidth(fixed: e, upward: true)) : .infinity
            }
            var j = x.lowerBound(of: e)
            if j < x.count, x[j] == e { j += 1 }
            let i = j - k - 1
            return i >= 0 ? max((e - x[i]).nextDown, minWidth(fixed: e, upward: false)) : .infinity
        }
    }

    // MARK: Rules

    /// The span rule (zooms): too narrow or too wide becomes the limit, same centre.
    public func spanRule(_ w: Window) -> Window {
        let c = w.centre
        let lo = minWidth(centre: c), hi = maxWidth(centre: c)
        if w.span < lo { return Window(c - lo / 2, c + lo / 2) }
        if w.span > hi { return Window(c - hi / 2, c + hi / 2) }
        return w
    }

    /// The bounds rule for moves and zooms: wider than the bounds becomes
    /// the bounds; sticking out is shifted back inside, span kept.
    public func boundsRule(_ w: Window) -> Window {
        let span = w.span
        if span >= extent { return Window(lower, upper) }
        if w.lower < lower { return Window(lower, lower + span) }
        if w.upper > upper { return Window(upper - span, upper) }
        return w
    }

    /// Span rule, bounds rule, then the exact invariants. Without
    /// `keepCentre` the window is a translation (a drag, pan, momentum, a
    /// press's jump, append's follow): no span rule, and `{"points": k}`
    /// spans are not enforced, since a translation never resizes the
    /// window (SPEC 4.5); unit spans still hold exactly.
    public func settle(_ w: Window, keepCentre: Bool = true) -> Window {
        keepCentre ? exact(boundsRule(spanRule(w))) : exact(boundsRule(w), translation: true)
    }

    /// A handle drag (the seed's gripper rule): the moved end follows `raw`
    /// but stops at minSpan/maxSpan from the fixed end, clipped to the bounds.
    public func dragHandle(_ side: HandleSide, raw: Double, fixed: Double) -> Window {
        switch side {
        case .max:
            let lo = fixed + minWidth(fixed: fixed, upward: true)
            let hi = fixed + maxWidth(fixed: fixed, upward: true)
            let b = min(upper, hi, max(raw, lo))
            return exact(Window(fixed, b), fixedEnd: .min)
        case .min:
            let hi = fixed - minWidth(fixed: fixed, upward: false)
            let lo = fixed - maxWidth(fixed: fixed, upward: false)
            let a = max(lower, lo, min(raw, hi))
            return exact(Window(a, fixed), fixedEnd: .max)
        }
    }

    /// Makes U0 ≤ a < b ≤ U1 and minSpan ≤ b − a ≤ maxSpan hold exactly in
    /// floating point, moving an end by as little as it takes (ulps, or the
    /// limit itself when rounding lost it).
    public func exact(_ w: Window, fixedEnd: HandleSide? = nil, translation: Bool = false) -> Window {
        var a = min(max(w.lower, lower), upper), b = min(max(w.upper, lower), upper)
        let lo: Double, hi: Double
        switch fixedEnd {
        case .min?: lo = minWidth(fixed: a, upward: true); hi = maxWidth(fixed: a, upward: true)
        case .max?: lo = minWidth(fixed: b, upward: false); hi = maxWidth(fixed: b, upward: false)
        case nil where translation:
            // Only unit spans: a count of points is a limit on zooming.
            if case let .width(m) = minSpan { lo = min(m, extent) } else { lo = 0 }
            if case let .width(m)? = maxSpan { hi = m } else { hi = .infinity }
        case nil:
            let c = a + (b - a) / 2
            lo = min(minWidth(centre: c), extent)
            hi = maxWidth(centre: c)
        }
        let need = max(lo, Double.leastNonzeroMagnitude)
        if b - a < need {
            if fixedEnd == .max {
                a = b - need
                while b - a < need { a = a.nextDown }
                if a < lower { a = lower; b = a + need; while b - a < need { b = b.nextUp } }
            } else {
                b = a + need
                while b - a < need { b = b.nextUp }
                if b > upper { b = upper; a = b - need; while b - a < need { a = a.nextDown } }
            }
            a = max(a, lower)
            b = min(b, upper)
        }
        if b - a > hi {
            if fixedEnd == .max {
                a = b - hi
                while b - a > hi { a = a.nextUp }
            } else {
                b = a + hi
                while b - a > hi { b = b.nextDown }
            }
        }
        return Window(a, b)
    }

    /// Whether the SPEC 4.5 invariants hold (with unit spans exactly).
    public func isValid(_ w: Window) -> Bool {
        guard lower <= w.lower, w.lower < w.upper, w.upper <= upper else { return false }
        if case let .width(m) = minSpan, w.span < min(m, extent) { return false }
        if case let .width(m)? = maxSpan, w.span > m { return false }
        return true
    }
}
