/// Number axis ticks: steps of 1, 2 or 5 times a power of ten chosen so
/// about `count` ticks fall in the range, every label with the same number
/// of decimals (the step's).
public enum NumberTicks {
    /// The 1-2-5 step for about `count` ticks over `lo…hi`, as
    /// (multiplier, power of ten): step = multiplier × 10^power.
    public static func step(_ lo: Double, _ hi: Double, count: Int) -> (multiplier: Int, power: Int)? {
        let span = hi - lo
        guard span.isFinite, span > 0, count > 0 else { return nil }
        let raw = span / Double(count)
        var power = Int(log10Floor(raw))
        let error = raw / pow10(power)
        // Round to the nearest of 1, 2, 5, 10 on a log scale.
        var multiplier = error >= 50.0.squareRoot() ? 10 : error >= 10.0.squareRoot() ? 5 : error >= 2.0.squareRoot() ? 2 : 1
        if multiplier == 10 { multiplier = 1; power += 1 }
        return (multiplier, power)
    }

    /// Ticks inside `lo…hi` (both ends included) at multiples of the step.
    public static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Tick] {
        guard let (m, p) = step(lo, hi, count: count) else {
            return lo.isFinite && lo == hi ? [Tick(lo, label(lo, decimals: 0))] : []
        }
        let decimals = max(0, -p)
        // Multiples are counted in integers and divided once (0.1 × 3 is not 0.3).
        let scale = pow10(abs(p))
        func value(_ i: Double) -> Double { p < 0 ? i * Double(m) / scale : i * Double(m) * scale }
        func index(_ v: Double) -> Double { (p < 0 ? v * scale / Double(m) : v / (Double(m) * scale)).rounded() }
        // Round to the nearest multiple, then step inwards (0.35 / 0.05 is 6.999…).
        var first = index(lo), last = index(hi)
        if value(first) < lo { first += 1 }
        if value(last) > hi { last -= 1 }
        // Steps below the values' precision would repeat one tick forever.
        guard abs(first) < 1e15, abs(last) < 1e15, last - first < 1000 else { return [] }
        var out: [Tick] = []
        for i in Int64(first) ... max(Int64(first), Int64(last)) {
            let v = value(Double(i))
            if v >= lo, v <= hi { out.append(Tick(v, label(v, decimals: decimals))) }
        }
        return out
    }

    /// Fixed-point text with `decimals` digits; thousands grouped with
    /// commas from 10,000 up (4-digit numbers such as years read better bare).
    public static func label(_ v: Double, decimals: Int) -> String {
        let scaled = (abs(v) * pow10(decimals)).rounded()
        // Past Int64 (a huge value, or 19+ decimals for a tiny tick): the
        // shortest round-trip text, exponent and all.
        guard scaled < 9e18, decimals <= 18 else { return JSONText.number(v) }
        let n = Int64(scaled)
        let unit = Int64(pow10(decimals))
        var whole = String(n / unit)
        if whole.count > 4 {
            var grouped = ""
            for (k, c) in whole.enumerated() {
                if k > 0, (whole.count - k) % 3 == 0 { grouped += "," }
                grouped.append(c)
            }
            whole = grouped
        }
        var text = (v < 0 && n != 0 ? "-" : "") + whole
        if decimals > 0 {
            let frac = String(n % unit)
            text += "." + String(repeating: "0", count: decimals - frac.count) + frac
        }
        return text
    }

    /// A value's text as the y axis writes numbers (`label`, one
    /// formatter for both): two decimals, or the axis' own when it has
    /// more, then trailing zeros dropped down to the axis' decimals
    /// (1318683096 → "1,318,683,096", 365.4 → "365.4", 85.731 → "85.73").
    public static func valueLabel(_ v: Double, axisDecimals: Int) -> String {
        let most = max(2, axisDecimals)
        var text = label(v, decimals: most)
        // The exponent text `label` falls back to has no zeros to drop.
        guard text.contains("."), !text.contains("e") else { return text }
        var kept = most
        while kept > axisDecimals, text.hasSuffix("0") {
            text.removeLast()
            kept -= 1
        }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    /// The most digits after the point among tick labels (0 for none).
    public static func decimals(of labels: [String]) -> Int {
        labels.map { l in l.firstIndex(of: ".").map { l[l.index(after: $0)...].prefix { $0.isNumber }.count } ?? 0 }.max() ?? 0
    }

    static func pow10(_ p: Int) -> Double {
        var r = 1.0
        for _ in 0 ..< abs(p) { r *= 10 }
        return p < 0 ? 1 / r : r
    }

    /// ⌊log10 v⌋ for v > 0, exact at powers of ten.
    static func log10Floor(_ v: Double) -> Int {
        var p = 0
        while pow10(p + 1) <= v { p += 1 }
        while pow10(p) > v { p -= 1 }
        return p
    }
}
