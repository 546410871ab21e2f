/// y ticks of a log axis (`y.scale: "log"`): one per decade (1, 10, 100,
/// …), with 2 and 5 times each decade added while fewer than three ticks
/// show, and the linear 1-2-5 ticks when the range sits inside one decade.
public enum LogTicks {
    /// Ticks for values lo…hi (0 < lo ≤ hi), labelled as plain numbers.
    /// - Complexity: O(decades in the range), at most about 700 for doubles.
    public static func ticks(_ lo: Double, _ hi: Double, count: Int) -> [Tick] {
        guard lo > 0, hi >= lo, lo.isFinite, hi.isFinite else { return [] }
        let first = NumberTicks.log10Floor(lo), last = NumberTicks.log10Floor(hi)
        var out: [Tick] = []
        func add(_ multiplier: Int, _ power: Int) {
            // Decimal text parses to the nearest double (1e-3, not 10^-3 by division).
            guard let v = Double("\(multiplier)e\(power)"), v >= lo, v <= hi else { return }
            out.append(Tick(v, NumberTicks.label(v, decimals: max(0, -power))))
        }
        for p in first ... last { add(1, p) }
        if out.count < 3 {
            out = []
            for p in first ... last { for m in [1, 2, 5] { add(m, p) } }
        }
        // Thin to about `count`: every k-th decade.
        if out.count > count, count > 0 {
            let stride = (out.count + count - 1) / count
            out = out.enumerated().filter { $0.offset % stride == 0 }.map(\.element)
        }
        return out.count >= 2 ? out : NumberTicks.ticks(lo, hi, count: count)
    }
}
