/// Elastic windows (SPEC 4.7): what a user sees of a window past the rules.
extension WindowConstraints {
    /// The window a user sees for an unconstrained `raw` window: span and
    /// bounds overshoots rubber-banded. `pixelsPerUnit` is the gesture
    /// chart's scale and `chartWidth` its width.
    public func elasticDisplay(_ raw: Window, chartWidth: Double, pixelsPerUnit: Double) -> Window {
        var span = raw.span
        let c = raw.centre
        let lo = minWidth(centre: c), hi = min(maxWidth(centre: c), extent)
        // Span overshoot, as a fraction of the limit in chart pixels.
        if span < lo {
            let o = (lo - span) / lo * chartWidth
            span = lo - RubberBand.displayed(overshoot: o, dimension: chartWidth) / chartWidth * lo
        } else if span > hi {
            let o = (span - hi) / hi * chartWidth
            span = hi + RubberBand.displayed(overshoot: o, dimension: chartWidth) / chartWidth * hi
        }
        var a = c - span / 2
        if span >= extent {
            a = lower - (span - extent) / 2
            return Window(a, a + span)
        }
        // Bounds overshoot, in the gesture chart's pixels.
        if a < lower {
            let o = (lower - a) * pixelsPerUnit
            a = lower - RubberBand.displayed(overshoot: o, dimension: chartWidth) / pixelsPerUnit
        } else if a + span > upper {
            let o = (a + span - upper) * pixelsPerUnit
            a = upper - span + RubberBand.displayed(overshoot: o, dimension: chartWidth) / pixelsPerUnit
        }
        return Window(a, a + span)
    }
}
