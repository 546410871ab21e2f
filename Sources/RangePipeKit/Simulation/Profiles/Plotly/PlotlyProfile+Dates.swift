/// Plotly's range values (docs/profiles/plotly.md, "Range values"): a date
/// axis keeps its range as strings at 0.1 ms, so every value Plotly writes
/// goes through `ms2DateTime` and back through `dateTime2ms`
/// (src/lib/dates.js); a linear axis keeps plain numbers. These functions
/// give the number Plotly reads back, bit for bit.
extension PlotlyProfile {
    /// Milliseconds in a minute.
    static let minuteMs: Int64 = 60_000
    /// Tenths of a millisecond in a minute.
    static let minuteTenths: Int64 = 600_000
    /// Beyond this many ms from 1970 (about year 9999) Plotly has no date
    /// string; values there are kept as they are.
    static let dateLimitMs = 2.5e14

    /// `q(v)`: the value a range end `v` (linear: ms for a date axis) has
    /// once Plotly has written it to the range and read it back.
    static func stored(_ v: Double, isDate: Bool) -> Double {
        isDate ? storedDate(v) : v
    }

    /// A date axis' `l2r` then `r2l`: `ms2DateTime(v, 0)` rounds to the
    /// nearest 0.1 ms, halves up (the tenth is `floor(frac(v + 0.05)·10)`,
    /// the whole ms `round(v − tenth/10)`), and writes the seconds with at
    /// most 4 decimals; `dateTime2ms` reads the minute exactly and adds
    /// `Number(seconds)·1000`, which carries that decimal's float error.
    static func storedDate(_ v: Double) -> Double {
        guard let tenths = tenthsOfMs(v) else { return v }
        let minute = floorDiv(tenths, minuteTenths)
        let secondTenths = tenths - minute * minuteTenths
        // Number("SS.ffff") is the double nearest secondTenths / 10⁴, as is this quotient of exact integers.
        let seconds = Double(secondTenths) / 10_000
        return Double(minute * minuteMs) + seconds * 1000
    }

    /// `ms2DateTime`'s instant in tenths of a ms since 1970: the tenth is
    /// `floor(frac(v + 0.05)·10)`, the whole ms `round(v − tenth/10)`; nil
    /// where Plotly writes no date string.
    static func tenthsOfMs(_ v: Double) -> Int64? {
        guard v.isFinite, abs(v) < dateLimitMs else { return nil }
        let tenth = (jsMod(v + 0.05, 1) * 10).rounded(.down)
        return Int64(jsRound(v - tenth / 10)) * 10 + Int64(tenth)
    }

    /// True when the range string Plotly writes for `v` is the string the
    /// page gave for `given`. Plotly (`ms2DateTime(v, 0)`'s `includeTime`,
    /// src/lib/dates.js) writes the time only when it is not midnight, the
    /// seconds only when they or the tenths of ms are not zero, and the
    /// fraction without its trailing zeros; the page (SPEC 4.10's, as
    /// Tests/Conformance/plotly/library.py writes it) gives
    /// `YYYY-MM-DD HH:MM:SS`, then `.ffff` when the tenths are not zero. So
    /// the two agree on the same 0.1 ms exactly when the seconds or the
    /// tenths are not zero and the fraction has no trailing zero.
    static func spelledAsGiven(_ v: Double, given: Double) -> Bool {
        guard let a = tenthsOfMs(v), a == tenthsOfMs(given) else { return false }
        let inMinute = a - floorDiv(a, minuteTenths) * minuteTenths
        let fraction = inMinute % 10_000
        return inMinute != 0 && (fraction == 0 || fraction % 10 != 0)
    }

    /// JavaScript's `Math.round`: the nearest integer, halves towards +∞.
    static func jsRound(_ x: Double) -> Double {
        let f = x.rounded(.down)
        return x - f >= 0.5 ? f + 1 : f
    }

    /// Plotly's `Lib.mod`: the remainder with the divisor's sign.
    static func jsMod(_ v: Double, _ d: Double) -> Double {
        let r = v.truncatingRemainder(dividingBy: d)
        return r < 0 ? r + d : r
    }

    /// ⌊a / b⌋ for b > 0.
    static func floorDiv(_ a: Int64, _ b: Int64) -> Int64 {
        let q = a / b
        return a % b < 0 ? q - 1 : q
    }

    /// The largest magnitude a linear range end may have (`FP_SAFE`,
    /// `Number.MAX_VALUE · 1e-4`).
    static let linearLimit = Double.greatestFiniteMagnitude * 1e-4

    /// The axis' `_cleanRange` on a range Plotly is about to show: equal
    /// ends are pulled apart (a date axis to ±1000 ms, a linear one by
    /// max(1, |v|·1e-6)) and linear ends are held within `FP_SAFE`.
    static func cleaned(_ r: Window, isDate: Bool) -> Window {
        if isDate {
            guard r.lower == r.upper else { return r }
            let v = min(max(r.lower, -dateLimitMs + 1000), dateLimitMs - 1000)
            return Window(storedDate(v - 1000), storedDate(v + 1000))
        }
        var lo = min(max(r.lower, -linearLimit), linearLimit)
        var hi = min(max(r.upper, -linearLimit), linearLimit)
        if lo == hi {
            let c = max(1, abs(lo * 1e-6))
            lo -= c
            hi += c
        }
        return Window(lo, hi)
    }
}
