extension ShortestDecimal {
    /// The most bytes `write(_:exponential:to:)` writes ("1.2345678901234567e-308").
    static let maxTextCount = 24

    private static let digitPairs: [UInt8] = (0 ..< 100).flatMap { (n: Int) -> [UInt8] in
        [UInt8(48 + n / 10), UInt8(48 + n % 10)]
    }

    private static let powersOfTen: [UInt64] = (0 ... 19).map { k in (0 ..< k).reduce(1) { r, _ in r * 10 } }

    /// The number of decimal digits of `v` (1 for 0).
    @inline(__always)
    static func digitCount(_ v: UInt64) -> Int {
        // ⌊log10 v⌋ from the bit length (1233/4096 ≈ log10 2), then one comparison.
        let bits = 64 - (v | 1).leadingZeroBitCount
        let guess = (bits &* 1233) >> 12
        return guess + (v | 1 >= powersOfTen[guess] ? 1 : 0)
    }

    /// Writes the `digits` lowest decimal digits of `v`, zero-padded, and returns `digits`.
    @inline(__always)
    static func write(_ v: UInt64, digits: Int, to p: UnsafeMutablePointer<UInt8>) -> Int {
        var v = v, i = digits
        // Two digits per division, from a table of "00"…"99".
        while i > 1 {
            let pair = Int(v % 100) &* 2
            v /= 100
            i &-= 2
            p[i] = digitPairs[pair]
            p[i &+ 1] = digitPairs[pair &+ 1]
        }
        if i > 0 { p[0] = UInt8(truncatingIfNeeded: v % 10) &+ 48 }
        return digits
    }

    /// Writes `description`'s text of the positive number `d.digits` ×
    /// 10^`d.exponent` and returns its length: plain decimal for
    /// 10⁻⁴ ≤ it (and not `exponential`, which the caller sets above 2^53),
    /// else exponential with a signed exponent of at least two digits
    /// ("1e-05", "1.5e+16").
    static func write(_ d: (digits: UInt64, exponent: Int), exponential: Bool,
                      to p: UnsafeMutablePointer<UInt8>) -> Int {
        let n = digitCount(d.digits)
        // The number is 0.d₁d₂…dₙ × 10^point.
        let point = n + d.exponent
        if point < -3 || exponential {
            // d₁[.d₂…dₙ]e±XX: the digits one place right, then d₁ moved left.
            _ = write(d.digits, digits: n, to: p + 1)
            p[0] = p[1]
            var i = 1
            if n > 1 { p[1] = UInt8(ascii: "."); i = n + 1 }
            p[i] = UInt8(ascii: "e")
            let e = point - 1
            p[i + 1] = e < 0 ? UInt8(ascii: "-") : UInt8(ascii: "+")
            let m = UInt64(e.magnitude)
            return i + 2 + write(m, digits: m >= 100 ? 3 : 2, to: p + i + 2)
        }
        if point <= 0 {
            p[0] = UInt8(ascii: "0")
            p[1] = UInt8(ascii: ".")
            for i in 0 ..< -point { p[2 + i] = UInt8(ascii: "0") }
            return 2 - point + write(d.digits, digits: n, to: p + 2 - point)
        }
        if point < n {
            let scale = powersOfTen[n - point]
            _ = write(d.digits / scale, digits: point, to: p)
            p[point] = UInt8(ascii: ".")
            return point + 1 + write(d.digits % scale, digits: n - point, to: p + point + 1)
        }
        _ = write(d.digits, digits: n, to: p)
        for i in n ..< point { p[i] = UInt8(ascii: "0") }
        p[point] = UInt8(ascii: ".")
        p[point + 1] = UInt8(ascii: "0")
        return point + 2
    }
}
