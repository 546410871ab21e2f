/// What a value cell holds.
public enum CellValue: Equatable, Sendable {
    case number(Double)
    /// Empty or a missing-value marker (see `isMissingToken`): kept as NaN.
    case missing
    /// Anything else: a bad row in a value column.
    case invalid
}

/// Decimal text → Float64 without `Double(String)` on the hot path.
///
/// Numbers with at most 19 significant digits and a decimal exponent within
/// ±22 take Clinger's exact fast path (both operands are exact doubles, so one
/// IEEE multiply or divide rounds correctly); everything else goes to `strtod`.
public enum DecimalParser {
    /// Exact doubles 10^0 … 10^22, a literal so the table needs no lazy setup.
    static let powersOfTen: [Double] = [
        1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
        1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
    ]

    /// Parses a cell, trimming ASCII spaces and tabs.
    /// - Complexity: O(n) in the cell's length.
    static func parseCell(_ bytes: ByteView) -> CellValue {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        if lo == hi { return .missing }
        if let v = parseNumber(bytes, lo, hi) { return .number(v) }
        return isMissingToken(bytes, lo, hi) ? .missing : .invalid
    }

    /// Convenience for tests and cold paths.
    public static func parseCell(_ text: String) -> CellValue {
        text.withByteView { parseCell($0) }
    }

    /// The default missing-value markers (any case): `NA`, `N/A`, `NaN`,
    /// `null`, `nil`, `#N/A`, `-`, `?`, and `.` (FRED's marker for a day with no value).
    static func isMissingToken(_ b: ByteView, _ lo: Int, _ hi: Int) -> Bool {
        let n = hi - lo
        if n == 1 { return b[lo] == 0x2d || b[lo] == 0x3f || b[lo] == 0x2e }
        guard n >= 2 && n <= 4 else { return false }
        var lower: UInt32 = 0
        for i in lo..<hi { lower = lower << 8 | UInt32(b[i] | 0x20) }
        // "na", "n/a" ('/' | 0x20 == '/'), "nan", "nil", "null", "#n/a"
        switch n {
        case 2: return lower == 0x6e61
        case 3: return lower == 0x6e2f61 || lower == 0x6e616e || lower == 0x6e696c
        default: return lower == 0x6e756c6c || lower == 0x236e2f61
        }
    }

    /// Strict grammar: `[+-]? (d+ (. d*)? | . d+) ([eE] [+-]? d+)?`.
    static func parseNumber(_ b: ByteView, _ start: Int, _ end: Int) -> Double? {
        // The shape bulk files use — `[-]digits[.digits]`, at most 19 digits
        // — in one tight loop; wrapping is harmless because more than 19
        // digits falls through to the general loop below.
        var i = start
        let negative = i < end && b[i] == 0x2d
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        let integerStart = i
        digitRun(b, &i, end, &mantissa)
        var digits = i - integerStart
        var scale = 0
        if i < end, b[i] == 0x2e {
            i += 1
            let fractionStart = i
            digitRun(b, &i, end, &mantissa)
            scale = i - fractionStart
            digits += scale
        }
        if i == end, digits > 0, digits <= 19, mantissa < (1 << 53), scale <= 22 {
            // Integers (epoch timestamps) skip the division.
            let v = scale == 0 ? Double(mantissa) : Double(mantissa) / powersOfTen[scale]
            return negative ? -v : v
        }
        return parseGeneral(b, start, end)
    }

    /// Accumulates the digits at `i` into `mantissa` (wrapping): the cell's
    /// range is checked once and the loop reads unchecked
    /// (`ByteView.accumulateDigits`), because a check per byte cost wide
    /// files 15–20% of their ingest CPU.
    @inline(__always)
    static func digitRun(_ b: ByteView, _ i: inout Int, _ end: Int, _ mantissa: inout UInt64) {
        b.accumulateDigits(from: &i, to: end, into: &mantissa)
    }

    static func parseGeneral(_ b: ByteView, _ start: Int, _ end: Int) -> Double? {
        var i = start
        var negative = false
        if i < end, b[i] == 0x2d || b[i] == 0x2b { negative = b[i] == 0x2d; i += 1 }
        var mantissa: UInt64 = 0
        var significant = 0
        var dropped = false
        var exponent = 0
        var digits = 0
        while i < end, b[i] &- 0x30 < 10 {
            let d = UInt64(b[i] &- 0x30)
            if significant < 19 {
                if mantissa != 0 || d != 0 { significant += 1 }
                mantissa = mantissa &* 10 &+ d
            } else {
                exponent += 1
                if d != 0 { dropped = true }
            }
            digits += 1
            i += 1
        }
        if i < end, b[i] == 0x2e {
            i += 1
            while i < end, b[i] &- 0x30 < 10 {
                let d = UInt64(b[i] &- 0x30)
                if significant < 19 {
                    if mantissa != 0 || d != 0 { significant += 1 }
                    mantissa = mantissa &* 10 &+ d
                    exponent -= 1
                } else if d != 0 {
                    dropped = true
                }
                digits += 1
                i += 1
            }
        }
        if digits == 0 { return nil }
        if i < end, b[i] | 0x20 == 0x65 {
            i += 1
            var expNegative = false
            if i < end, b[i] == 0x2d || b[i] == 0x2b { expNegative = b[i] == 0x2d; i += 1 }
            var e = 0
            var expDigits = 0
            while i < end, b[i] &- 0x30 < 10 {
                if e < 100_000 { e = e * 10 + Int(b[i] &- 0x30) }
                expDigits += 1
                i += 1
            }
            if expDigits == 0 { return nil }
            exponent += expNegative ? -e : e
        }
        if i != end { return nil }
        if !dropped, mantissa < (1 << 53), exponent >= -22, exponent <= 22 {
            var v = Double(mantissa)
            v = exponent < 0 ? v / powersOfTen[-exponent] : v * powersOfTen[exponent]
            return negative ? -v : v
        }
        return slowPath(b, start, end)
    }

    static func slowPath(_ b: ByteView, _ start: Int, _ end: Int) -> Double? {
        // Past Float64's range (1e400) is no number rangepipe can keep.
        wholeStrtod(b, start, end).flatMap { $0.isFinite ? $0 : nil }
    }

    /// True when the cell is written as a decimal number but lies outside
    /// Float64's range (`1e400`, `-2e308`): a located error, not a value.
    static func isOutOfRange(_ b: ByteView) -> Bool {
        var lo = 0, hi = b.count
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        // Decimal forms only: strtod's "inf" and hex floats are not numbers here.
        guard lo < hi, b.allSatisfy(in: lo ..< hi, { $0 &- 0x30 < 10 || $0 == 0x2e || $0 == 0x2d || $0 == 0x2b || $0 | 0x20 == 0x65 }) else { return false }
        return wholeStrtod(b, lo, hi)?.isInfinite == true
    }
}
