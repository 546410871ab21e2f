/// The shortest decimal that reads back as a given double, and its text in
/// `Double.description`'s layout, as bytes (no `String` per number).
///
/// The digits come from Schubfach (R. Giulietti, "The Schubfach way to
/// render doubles", 2020), written here from the paper's description: the
/// double's rounding interval is scaled by a 126-bit power of ten
/// (`g`, the generated table) so that it is at most one unit of the last
/// digit wide, rounded to odd; then the one number with one digit fewer in
/// the interval, if there is one, else the nearer of the two with the full
/// length (ties to even). That is the shortest decimal in the interval,
/// nearest the double, which is what `description` prints.
enum ShortestDecimal {
    /// The shortest round-trip decimal of a finite, positive `v`:
    /// `digits` × 10^`exponent`, `digits` without trailing zeros. Nil for
    /// the two smallest subnormals (the scaled interval is too coarse for
    /// them; the caller falls back to `description`).
    /// - Complexity: O(1): three 64×128-bit products.
    static func decimal(_ v: Double) -> (digits: UInt64, exponent: Int)? {
        let bits = v.bitPattern
        let fraction = bits & (1 << 52 - 1)
        let biased = Int(bits >> 52 & 0x7ff)
        let c: UInt64, q: Int
        if biased != 0 {
            c = 1 << 52 | fraction
            q = biased - 1075
            // Integers below 2^53 are their own shortest form.
            if q < 0, q > -53 {
                let f = c >> UInt64(-q)
                if f << UInt64(-q) == c { return stripped(f, 0) }
            }
            if let few = fewPlacesDecimal(v) { return few }
        } else {
            guard fraction >= 3 else { return nil }
            c = fraction
            q = -1074
        }
        return stripped(schubfach(c: c, q: q))
    }

    /// `d` × 10^`e` with the trailing zeros of `d` moved into `e`.
    @inline(__always)
    private static func stripped(_ d: UInt64, _ e: Int) -> (digits: UInt64, exponent: Int) {
        var d = d, e = e
        while d % 10 == 0 { d /= 10; e += 1 }
        return (d, e)
    }

    @inline(__always)
    private static func stripped(_ r: (UInt64, Int)) -> (digits: UInt64, exponent: Int) { stripped(r.0, r.1) }

    /// The shortest decimal in the rounding interval of c·2^q (c ≥ 3).
    private static func schubfach(c: UInt64, q: Int) -> (UInt64, Int) {
        // Interval bounds in quarter units of c: (cbl, cbr), closed when c is even.
        let open: UInt64 = c & 1
        let cb = c << 2
        let cbr = cb + 2
        let cbl: UInt64, k: Int
        if c != 1 << 52 || q == -1074 {
            cbl = cb - 2
            k = floorLog10Pow2(q)
        } else {
            // At a power of two the lower neighbour is half as far.
            cbl = cb - 1
            k = floorLog10ThreeQuartersPow2(q)
        }
        let h = q + floorLog2Pow10(-k) + 2
        let (g1, g0) = g[k - kMin]
        let vb = roundToOdd(g1, g0, cb << UInt64(h))
        let vbl = roundToOdd(g1, g0, cbl << UInt64(h))
        let vbr = roundToOdd(g1, g0, cbr << UInt64(h))
        let s = vb >> 2
        // One digit fewer: at most one multiple of ten lies in the interval.
        let sp10 = s / 10 * 10
        let tp10 = sp10 + 10
        let upIn = vbl + open <= sp10 << 2
        let wpIn = (tp10 << 2) + open <= vbr
        if upIn != wpIn { return (upIn ? sp10 : tp10, k) }
        // Full length: s or s + 1, whichever is in, else the nearer.
        let t = s + 1
        let uIn = vbl + open <= s << 2
        let wIn = (t << 2) + open <= vbr
        if uIn != wIn { return (uIn ? s : t, k) }
        let mid = (s + t) << 1
        return (vb < mid || (vb == mid && s & 1 == 0) ? s : t, k)
    }

    /// ⌊g·cp / 2^127⌋, with its lowest bit set when inexact (round to odd).
    @inline(__always)
    private static func roundToOdd(_ g1: UInt64, _ g0: UInt64, _ cp: UInt64) -> UInt64 {
        let x1 = g0.multipliedFullWidth(by: cp).high
        let y = g1.multipliedFullWidth(by: cp)
        let z = (y.low >> 1) &+ x1
        let integer = y.high &+ (z >> 63)
        return integer | ((z & (1 << 63 - 1)) &+ (1 << 63 - 1)) >> 63
    }

    /// ⌊q·log10 2⌋ for |q| ≤ 5456721.
    @inline(__always)
    static func floorLog10Pow2(_ q: Int) -> Int { (q &* 661_971_961_083) >> 41 }

    /// ⌊log10(3/4 · 2^q)⌋ for |q| ≤ 5456721.
    @inline(__always)
    static func floorLog10ThreeQuartersPow2(_ q: Int) -> Int { (q &* 661_971_961_083 &- 274_743_187_321) >> 41 }

    /// ⌊e·log2 10⌋ for |e| ≤ 1233.
    @inline(__always)
    static func floorLog2Pow10(_ e: Int) -> Int { (e &* 913_124_641_741) >> 38 }
}
