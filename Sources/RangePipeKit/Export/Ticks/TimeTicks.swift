/// Calendar-aware time ticks (the rules users know from d3-time): an
/// interval picked from 1/5/15/30 seconds, 1/5/15/30 minutes, 1/3/6/12
/// hours, 1/2 days, weeks, 1/3 months and 1-2-5 years, the one whose length
/// is nearest (on a log scale) to span / count; ticks on that interval's
/// boundaries in the display zone's wall-clock time; each label names only
/// the largest unit whose boundary the tick is on (`Mar`, `Apr`, `2005`).
public enum TimeTicks {
    /// The calendar unit a tick interval counts in.
    public enum Unit: Int, Sendable, Comparable {
        case second, minute, hour, day, week, month, year

        /// Shorter units first.
        public static func < (l: Unit, r: Unit) -> Bool { l.rawValue < r.rawValue }
    }

    /// An interval: `step` units, with its nominal length in seconds.
    public struct Interval: Sendable, Equatable {
        public var unit: Unit
        public var step: Int
        var seconds: Double {
            let base: Double = switch unit {
            case .second: 1
            case .minute: 60
            case .hour: 3600
            case .day: 86_400
            case .week: 604_800
            case .month: 2_592_000
            case .year: 31_536_000
            }
            return base * Double(step)
        }
    }

    static let intervals: [Interval] = {
        let steps: [(Unit, [Int])] = [(.second, [1, 5, 15, 30]), (.minute, [1, 5, 15, 30]), (.hour, [1, 3, 6, 12]),
                                      (.day, [1, 2]), (.week, [1]), (.month, [1, 3]), (.year, [1])]
        return steps.flatMap { unit, list in list.map { Interval(unit: unit, step: $0) } }
    }()

    /// The interval for about `count` ticks over `a…b` seconds; nil when the
    /// span is under a second (then seconds are ticked as numbers).
    public static func interval(_ a: Double, _ b: Double, count: Int) -> Interval? {
        let target = (b - a) / Double(max(count, 1))
        guard target >= 1 else { return nil }
        guard let i = intervals.firstIndex(where: { $0.seconds > target }) else {
            let years = NumberTicks.step(0, (b - a) / 31_536_000, count: count)
            let m = years.map { $0.multiplier * Int(NumberTicks.pow10($0.power)) } ?? 1
            return Interval(unit: .year, step: max(m, 1))
        }
        guard i > 0 else { return intervals[0] }
        let below = intervals[i - 1], above = intervals[i]
        return target / below.seconds < above.seconds / target ? below : above
    }

    /// Ticks inside `a…b` (UTC epoch seconds), on boundaries in `zone`.
    public static func ticks(_ a: Double, _ b: Double, count: Int, zone: DisplayZone = .utc) -> [Tick] {
        guard a.isFinite, b.isFinite, a <= b else { return [] }
        guard let iv = interval(a, b, count: count) else {
            let whole = a.rounded(.down)
            return NumberTicks.ticks(a - whole, b - whole, count: count).map { t in
                Tick(whole + t.value, label(whole + t.value, zone: zone, fraction: t.label))
            }
        }
        var out: [Tick] = []
        if iv.unit < .day {
            // Sub-day units step through instants (a DST overlap shows its hour twice).
            let unit = Interval(unit: iv.unit, step: 1).seconds
            var t = (a / unit).rounded(.down) * unit - unit
            while t <= b, out.count < 1000 {
                let local = zone.local(t)
                let aligned = t - local.remainder(dividingBy: unit, floored: true)
                let wall = zone.local(aligned)
                if aligned >= a, aligned <= b, wall.remainder(dividingBy: unit, floored: true) == 0,
                   field(wall, iv.unit) % iv.step == 0, out.last.map({ $0.value < aligned }) ?? true {
                    out.append(Tick(aligned, label(aligned, zone: zone)))
                }
                t = aligned + unit
            }
            return out
        }
        // Day and longer units step through local calendar dates.
        var (y, m, d) = CivilTime.date(days: Int((zone.local(a) / 86_400).rounded(.down)))
        switch iv.unit {
        case .week: d -= weekday(y, m, d) // back to Sunday (may leave d ≤ 0; days() counts on)
        case .month: d = 1
        default: (m, d) = (1, 1)
        }
        for _ in 0 ..< 100_000 where out.count < 1000 {
            let days = CivilTime.days(year: y, month: m, day: d)
            let t = zone.utc(fromLocal: Double(days) * 86_400)
            if t > b { break }
            let keep = switch iv.unit {
            // d3 counts days within the month (1st, 3rd, …); the 31st is
            // skipped so it does not crowd the next month's 1st.
            case .day: (d - 1) % iv.step == 0 && (iv.step == 1 || d < 31)
            case .month: (m - 1) % iv.step == 0
            case .year: y % iv.step == 0
            default: true
            }
            if keep, t >= a { out.append(Tick(t, label(t, zone: zone))) }
            switch iv.unit {
            case .day, .week: (y, m, d) = CivilTime.date(days: days + (iv.unit == .week ? 7 : 1))
            case .month: (y, m) = m == 12 ? (y + 1, 1) : (y, m + 1)
            default: y += 1
            }
        }
        return out
    }

    /// The wall-clock field an interval's step counts: second of the
    /// minute, minute of the hour, hour of the day.
    static func field(_ wall: Double, _ unit: Unit) -> Int {
        let sod = Int(wall.remainder(dividingBy: 86_400, floored: true))
        switch unit {
        case .second: return sod % 60
        case .minute: return sod / 60 % 60
        default: return sod / 3600
        }
    }

    static func weekday(_ y: Int, _ m: Int, _ d: Int) -> Int {
        ((CivilTime.days(year: y, month: m, day: d) + 4) % 7 + 7) % 7
    }

    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The multi-scale label: `2005` on a year boundary, `Mar` on a month,
    /// `Mar 7` on a day, `14:00` on an hour or minute, `:30` on a second,
    /// else the fraction (`.250`).
    public static func label(_ t: Double, zone: DisplayZone, fraction: String? = nil) -> String {
        let wall = zone.local(t)
        let day = Int((wall / 86_400).rounded(.down))
        let sod = wall - Double(day) * 86_400
        let (y, m, d) = CivilTime.date(days: day)
        if sod != sod.rounded(.down) {
            let f = fraction.map { $0.hasPrefix("0") ? String($0.dropFirst()) : $0 } ?? ""
            return f.isEmpty ? ":" + two(Int(sod) % 60) : f
        }
        let s = Int(sod)
        if s % 60 != 0 { return ":" + two(s % 60) }
        if s != 0 { return two(s / 3600) + ":" + two(s / 60 % 60) }
        if d != 1 { return months[m - 1] + " " + String(d) }
        if m != 1 { return months[m - 1] }
        return String(y)
    }

    static func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}

extension Double {
    /// The remainder in 0 ..< m (for m > 0).
    func remainder(dividingBy m: Double, floored: Bool) -> Double {
        let r = truncatingRemainder(dividingBy: m)
        return floored && r < 0 ? r + m : r
    }
}
