/// Arrow values as the text ingest reads for them (see docs/ingest.md,
/// "Arrow"): integers in decimal, doubles in their shortest round-trip
/// form, dates and times in ISO 8601.
enum ArrowText {
    static let trueBytes = Array("true".utf8), falseBytes = Array("false".utf8)

    /// - Complexity: O(digits).
    static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        appendUnsigned(value.magnitude, to: &out)
    }

    static func appendUnsigned(_ value: UInt64, to out: inout [UInt8]) {
        appendDigits(value, 1, to: &out)
    }

    /// NaN is missing; ±infinity the text `inf` (read as a CSV cell
    /// holding it is); a finite value a number literal.
    static func appendDouble(_ value: Double, to out: inout [UInt8]) -> (start: Int, count: Int, kind: CellKind) {
        if value.isNaN { return (0, 0, .null) }
        let start = out.count
        out.append(contentsOf: value.description.utf8)
        return (start, out.count - start, value.isFinite ? .number : .text)
    }

    /// A decimal128 value, `value` over 10^`scale`, as a number literal.
    static func appendDecimal(_ value: Int128, scale: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        var digits = Array(value.magnitude.description.utf8)
        if scale < 0 { digits += repeatElement(0x30, count: -scale) }
        if scale > 0 {
            if digits.count <= scale { digits.insert(contentsOf: repeatElement(0x30, count: scale + 1 - digits.count), at: 0) }
            digits.insert(0x2E, at: digits.count - scale)
        }
        out.append(contentsOf: digits)
    }

    /// An IEEE half-precision value widened.
    static func half(_ bits: UInt16) -> Double {
        let sign: Double = bits & 0x8000 != 0 ? -1 : 1
        let exponent = Int(bits >> 10 & 0x1F), fraction = Double(bits & 0x3FF)
        switch exponent {
        case 0: return sign * fraction * 0x1p-24
        case 31: return fraction == 0 ? sign * .infinity : .nan
        default: return sign * (1 + fraction / 1024) * Double(sign: .plus, exponent: exponent - 15, significand: 1)
        }
    }

    /// `YYYY-MM-DD` of a day count since 1970-01-01.
    static func appendDate(_ days: Int, to out: inout [UInt8]) {
        let (year, month, day) = CivilTime.date(days: days)
        if year < 0 { out.append(0x2D) }
        appendPadded(abs(year), 4, to: &out)
        out.append(0x2D)
        appendPadded(month, 2, to: &out)
        out.append(0x2D)
        appendPadded(day, 2, to: &out)
    }

    /// `YYYY-MM-DDTHH:MM:SS`, the fraction the unit holds, `Z` when zoned.
    static func appendTimestamp(_ ticks: Int64, perSecond: Int64, zoned: Bool, to out: inout [UInt8]) {
        let (seconds, fraction) = floorSplit(ticks, perSecond)
        let (days, ofDay) = floorSplit(seconds, 86_400)
        appendDate(Int(days), to: &out)
        out.append(0x54)
        appendClock(Int(ofDay), fraction: fraction, perSecond: perSecond, to: &out)
        if zoned { out.append(0x5A) }
    }

    /// `HH:MM:SS` and the fraction the unit holds.
    static func appendTimeOfDay(_ ticks: Int64, perSecond: Int64, to out: inout [UInt8]) {
        let (seconds, fraction) = floorSplit(ticks, perSecond)
        appendClock(Int(seconds), fraction: fraction, perSecond: perSecond, to: &out)
    }

    private static func appendClock(_ seconds: Int, fraction: Int64, perSecond: Int64, to out: inout [UInt8]) {
        appendPadded(seconds / 3600, 2, to: &out)
        out.append(0x3A)
        appendPadded(seconds / 60 % 60, 2, to: &out)
        out.append(0x3A)
        appendPadded(seconds % 60, 2, to: &out)
        guard perSecond > 1 else { return }
        out.append(0x2E)
        appendPadded(Int(fraction), perSecond == 1_000 ? 3 : perSecond == 1_000_000 ? 6 : 9, to: &out)
    }

    private static func appendPadded(_ value: Int, _ width: Int, to out: inout [UInt8]) {
        if value < 0 { out.append(0x2D) }
        appendDigits(UInt64(value.magnitude), width, to: &out)
    }

    /// `value` in decimal, zero-padded to `width` digits: one append a
    /// digit, most significant first (no scratch buffer, no second pass).
    private static func appendDigits(_ value: UInt64, _ width: Int, to out: inout [UInt8]) {
        var digits = 1
        var power: UInt64 = 1
        while power <= value / 10 {
            power *= 10
            digits += 1
        }
        for _ in digits ..< max(width, digits) { out.append(0x30) }
        var rest = value
        while power > 0 {
            out.append(0x30 + UInt8(rest / power))
            rest %= power
            power /= 10
        }
    }

    /// The floor quotient and the remainder in 0 ..< divisor.
    static func floorSplit(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
        let q = value / divisor, r = value % divisor
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}

extension Int64 {
    func floorDivided(by divisor: Int64) -> Int64 { ArrowText.floorSplit(self, divisor).0 }
}
