/// A pointer's samples `[dt, x]` or `[dt, x, y]` (SPEC 4.3), dt relative to
/// the event's `at`, strictly increasing. Positions between samples are
/// linearly interpolated; before the first and after the last they hold.
public struct PointerPath: Sendable, Equatable {
    public var times: [Double]
    public var xs: [Double]
    public var ys: [Double]

    public init(times: [Double], xs: [Double], ys: [Double]) {
        self.times = times
        self.xs = xs
        self.ys = ys
    }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }

    /// The interpolated (x, y) at relative time `dt`.
    public func position(at dt: Double) -> (x: Double, y: Double) {
        guard let first = times.first else { return (0, 0) }
        if dt <= first { return (xs[0], ys[0]) }
        let last = times.count - 1
        if dt >= times[last] { return (xs[last], ys[last]) }
        // Binary search for the segment holding dt.
        var lo = 0, hi = last
        while hi - lo > 1 {
            let mid = (lo + hi) / 2
            if times[mid] <= dt { lo = mid } else { hi = mid }
        }
        let f = (dt - times[lo]) / (times[hi] - times[lo])
        return (xs[lo] + (xs[hi] - xs[lo]) * f, ys[lo] + (ys[hi] - ys[lo]) * f)
    }

    /// Release velocity in px/s: the path's slope over its final `window`
    /// seconds, clipped to the path's start (SPEC 4.3's `velocityWindow`).
    public func releaseVelocity(window: Double = 0.1) -> (x: Double, y: Double) {
        guard let end = times.last, let start = times.first, end > start else { return (0, 0) }
        let from = max(end - window, start)
        let p0 = position(at: from), p1 = position(at: end)
        return ((p1.x - p0.x) / (end - from), (p1.y - p0.y) / (end - from))
    }
}
