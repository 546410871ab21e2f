/// One pointer's samples `[dt, x]` or `[dt, x, y]` in px (SPEC 4.3), dt
/// relative to the event's `at`, strictly increasing. Positions between
/// samples are linearly interpolated; before the first and after the last
/// they hold.
public struct PointerPath: Sendable, Equatable {
    /// Sample times relative to the event's `at`, strictly increasing.
    public var times: [Double]
    /// The pointer's x per sample (px).
    public var xs: [Double]
    /// The pointer's y per sample (px; 0 when the script gave only x).
    public var ys: [Double]

    /// A path from parallel sample arrays of equal, non-zero length.
    public init(times: [Double], xs: [Double], ys: [Double]) {
        self.times = times
        self.xs = xs
        self.ys = ys
    }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }

    /// The interpolated (x, y) at relative time `dt`.
    /// - Complexity: O(log samples).
    public func position(at dt: Double) -> (x: Double, y: Double) {
        Self.interpolate(times, xs, ys, at: dt)
    }

    /// Release velocity in px/s: the path's slope over its final `window`
    /// seconds, clipped to the path's start (SPEC 4.3's `velocityWindow`).
    /// - Complexity: O(log samples).
    public func releaseVelocity(window: Double = 0.1) -> (x: Double, y: Double) {
        guard let end = times.last, let start = times.first, end > start else { return (0, 0) }
        let from = max(end - window, start)
        let p0 = position(at: from), p1 = position(at: end)
        return ((p1.x - p0.x) / (end - from), (p1.y - p0.y) / (end - from))
    }

    /// Two coordinates sampled at `times`, linearly interpolated at `dt`
    /// and held before the first and after the last sample.
    static func interpolate(_ times: [Double], _ a: [Double], _ b: [Double], at dt: Double) -> (Double, Double) {
        guard let first = times.first else { return (0, 0) }
        if dt <= first { return (a[0], b[0]) }
        let last = times.count - 1
        if dt >= times[last] { return (a[last], b[last]) }
        // The segment holding dt: times[lo] ≤ dt < times[hi].
        let hi = times.upperBound(of: dt), lo = hi - 1
        let f = (dt - times[lo]) / (times[hi] - times[lo])
        return (a[lo] + (a[hi] - a[lo]) * f, b[lo] + (b[hi] - b[lo]) * f)
    }
}
