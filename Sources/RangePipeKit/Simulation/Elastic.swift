/// Elastic windows (SPEC 4.7): overshoot past the bounds or the span limits
/// shows rubber-banded during a gesture, and after release the window
/// springs back to the nearest valid window.
public enum RubberBand {
    /// UIScrollView's rubber band: a raw overshoot of o px on a dimension of
    /// W px shows as (1 − 1/(o·0.55/W + 1))·W px (approaches W, never reaches it).
    public static func displayed(overshoot o: Double, dimension w: Double) -> Double {
        (1 - 1 / (o * 0.55 / w + 1)) * w
    }
}

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

/// The spring back to a valid window: both ends spring to their targets
/// with pop's spring at bounciness 0, speed 12, ending exactly on it.
struct ElasticReturn: Sendable {
    static let parameters = SpringParameters(bounciness: 0, speed: 12)
    let start: Double
    let from: Window
    let target: Window
    /// Initial velocities of a and b (units/s).
    let velocity: (a: Double, b: Double)
    /// Rest threshold in axis units (0.01 px of the overview).
    let threshold: Double
    var response = SpringResponse(ElasticReturn.parameters)

    init(start: Double, from: Window, target: Window, velocity: (a: Double, b: Double), threshold: Double) {
        self.start = start
        self.from = from
        self.target = target
        self.velocity = velocity
        self.threshold = threshold
    }

    /// The window at t and whether both ends rest (then it is the target exactly).
    mutating func window(at t: Double) -> (Window, done: Bool) {
        let c = response.coefficients(tau: t - start)
        func end(_ from: Double, _ to: Double, _ v: Double) -> (Double, Bool) {
            let p0 = to - from, v0 = -v
            let p = p0 * c.ap + v0 * c.bp, pv = p0 * c.av + v0 * c.bv
            return (to - p, abs(p) < threshold / 2 && abs(pv) < 5 * threshold)
        }
        let (a, restA) = end(from.lower, target.lower, velocity.a)
        let (b, restB) = end(from.upper, target.upper, velocity.b)
        if restA && restB { return (target, true) }
        return (Window(a, b), false)
    }
}
