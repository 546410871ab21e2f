#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Ticks on a log or ordinal x scale, placed in view units u (the pictures
/// draw both charts linearly in u).
extension AxisTicks {
    /// x ticks of the x-window `w` drawn `width` px wide on `scale`, each
    /// tick's value its u position. Log: decades 1, 10, 100 …, with 2 and 5
    /// between when their labels fit (every k-th decade when even decades
    /// crowd); a window under two decades gets 1-2-5 number ticks. Ordinal:
    /// the time axis' calendar ticks (days, months, …) that hold a point
    /// before the next tick, so no tick stands for a weekend or a holiday;
    /// a day or week tick on a day without points moves to (and names) the
    /// next day with points.
    /// - Complexity: O(ticks · log n).
    public func x(_ w: Window, scale: XScale, width: Double) -> [Tick] {
        let u = scale.u(w)
        guard u.upper > u.lower, width > 0 else { return [] }
        switch scale.kind {
        case .linear: return x(w.lower, w.upper, width: width)
        case .log: return Self.logTicks(w, u, width: width)
        case .ordinal: return ordinalTicks(w, u, scale, width: width)
        }
    }

    static func logTicks(_ w: Window, _ u: Window, width: Double) -> [Tick] {
        let p0 = Int((log10(w.lower) - 1e-9).rounded(.up)), p1 = Int((log10(w.upper) + 1e-9).rounded(.down))
        func at(_ v: Double) -> Tick? {
            guard v >= w.lower * (1 - 1e-12), v <= w.upper * (1 + 1e-12) else { return nil }
            let p = Int(log10(v).rounded(.down))
            return Tick(log(v), NumberTicks.label(v, decimals: max(0, -p)))
        }
        if p1 - p0 < 1 {
            // Under two decades in view: plain 1-2-5 steps, placed by ln.
            var count = Self.count(width: width)
            while true {
                let ticks = NumberTicks.ticks(w.lower, w.upper, count: count).map { Tick(log($0.value), $0.label) }
                if count <= 2 || !overlap(ticks, u.lower, u.upper, width: width) { return ticks }
                count -= 1
            }
        }
        for stride in 1 ... max(p1 - p0, 1) {
            for mantissas in stride == 1 ? [[1.0, 2, 5], [1]] : [[1.0]] {
                var ticks: [Tick] = []
                for p in Swift.stride(from: p0 - 1, through: p1, by: 1) where (p - p0) % stride == 0 || mantissas.count > 1 {
                    for m in mantissas {
                        if let t = at(m * NumberTicks.pow10(p)) { ticks.append(t) }
                    }
                }
                if !overlap(ticks, u.lower, u.upper, width: width) { return ticks }
            }
        }
        return at(NumberTicks.pow10(p0)).map { [$0] } ?? []
    }

    func ordinalTicks(_ w: Window, _ u: Window, _ scale: XScale, width: Double) -> [Tick] {
        let xs = scale.xs
        var count = Self.count(width: width)
        while true {
            let raw = TimeTicks.ticks(w.lower, w.upper, count: count, zone: zone)
            let unit = TimeTicks.interval(w.lower, w.upper, count: count)?.unit
            var ticks: [Tick] = []
            for (k, t) in raw.enumerated() {
                let next = k + 1 < raw.count ? raw[k + 1].value : w.upper.nextUp
                let i = xs.lowerBound(of: t.value)
                guard i < xs.count, xs[i] < next else { continue }
                // A day or week tick on a day without data (a Sunday) moves to the next day with data.
                let day = (zone.local(xs[i]) / 86_400).rounded(.down)
                if unit == .day || unit == .week, day > (zone.local(t.value) / 86_400).rounded(.down) {
                    let moved = zone.utc(fromLocal: day * 86_400)
                    ticks.append(Tick(scale.u(moved), TimeTicks.label(moved, zone: zone)))
                } else {
                    ticks.append(Tick(scale.u(t.value), t.label))
                }
            }
            if count <= 2 || !Self.overlap(ticks, u.lower, u.upper, width: width) { return ticks }
            count -= 1
        }
    }
}
