/// ISO-8601 text written straight into memory: one bounds check for the
/// whole time instead of one per byte.
extension CivilTime {
    /// The most bytes `writeISO8601` writes ("-285428-06-14T23:59:59.999999Z"
    /// is 30; "null" past ±9·10^12 s).
    public static let iso8601MaxCount = 32

    /// `iso8601` written as bytes (frame writers append it without a String).
    /// - Complexity: O(1), no allocation beyond `bytes`' growth.
    public static func appendISO8601<Sink: ByteSink>(_ seconds: Double, to bytes: inout Sink) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: iso8601MaxCount) { room in
            let n = writeISO8601(seconds, to: room.baseAddress!)
            for k in 0 ..< n { bytes.append(byte: room[k]) }
        }
    }

    /// Writes `iso8601`'s bytes at `p`, which has room for
    /// `iso8601MaxCount`, and returns how many it wrote.
    /// - Complexity: O(1).
    static func writeISO8601(_ seconds: Double, to p: UnsafeMutablePointer<UInt8>) -> Int {
        let micros = (seconds * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9.0e18 else {
            for (k, b) in "null".utf8.enumerated() { p[k] = b }
            return 4
        }
        let total = Int64(micros)
        var secs = total / 1_000_000
        var frac = Int(total % 1_000_000)
        if frac < 0 { frac += 1_000_000; secs -= 1 }
        var day = secs / 86_400
        var sod = Int(secs % 86_400)
        if sod < 0 { sod += 86_400; day -= 1 }
        let (y, m, d) = date(days: Int(day))
        var i = 0
        if y < 0 { p[0] = UInt8(ascii: "-"); i = 1 }
        // Fixed-width fields by constant divisors (multiplications once
        // compiled): a variable divisor costs a hardware divide per digit.
        let ay = abs(y)
        if ay < 10_000 {
            pair(ay / 100, p + i)
            pair(ay % 100, p + i + 2)
            i += 4
        } else {
            i += digits(ay, p + i)
        }
        p[i] = UInt8(ascii: "-")
        pair(m, p + i + 1)
        p[i + 3] = UInt8(ascii: "-")
        pair(d, p + i + 4)
        p[i + 6] = UInt8(ascii: "T")
        pair(sod / 3600, p + i + 7)
        p[i + 9] = UInt8(ascii: ":")
        pair(sod % 3600 / 60, p + i + 10)
        p[i + 12] = UInt8(ascii: ":")
        pair(sod % 60, p + i + 13)
        i += 15
        if frac != 0 {
            // Six places with trailing zeros dropped: the leading digit each
            // time, the rest shifted up one place.
            var width = 6, rest = frac
            while rest % 10 == 0 { rest /= 10; width -= 1 }
            p[i] = UInt8(ascii: ".")
            var scaled = frac
            for k in 1 ... width {
                let digit = scaled / 100_000
                p[i + k] = UInt8(truncatingIfNeeded: digit) &+ 48
                scaled = (scaled - digit * 100_000) * 10
            }
            i += 1 + width
        }
        p[i] = UInt8(ascii: "Z")
        return i + 1
    }

    /// Two decimal digits of 0 ≤ `value` < 100.
    @inline(__always)
    private static func pair(_ value: Int, _ p: UnsafeMutablePointer<UInt8>) {
        let tens = value / 10
        p[0] = UInt8(truncatingIfNeeded: tens) &+ 48
        p[1] = UInt8(truncatingIfNeeded: value - tens * 10) &+ 48
    }

    /// A non-negative number's decimal digits at `p`; returns how many.
    private static func digits(_ value: Int, _ p: UnsafeMutablePointer<UInt8>) -> Int {
        var divisor = 1, places = 1
        while divisor <= value / 10 { divisor *= 10; places += 1 }
        var v = value, k = 0
        while divisor > 0 {
            p[k] = UInt8(truncatingIfNeeded: v / divisor) &+ 48
            v %= divisor
            divisor /= 10
            k += 1
        }
        return places
    }
}
