/// How a file writes its numbers and missing values, beyond the plain form
/// the bulk path reads: a decimal comma, thousands separators, and the
/// user's `--null` markers. The table builder consults it only on the
/// general path; a plain reader answers exactly as `DecimalParser` does.
struct NumberReader: Sendable {
    /// `1,5` is one and a half; `.` may group thousands (`1.234,5`).
    var decimalComma = false
    /// `,` groups thousands in strict groups of three (`1,234.5`).
    var thousands = false
    /// Extra missing-value markers (`--null`), compared after trimming spaces.
    var nulls: [[UInt8]] = []

    init(decimalComma: Bool, thousands: Bool) {
        self.decimalComma = decimalComma
        self.thousands = thousands && !decimalComma
    }

    var isPlain: Bool { !decimalComma && !thousands && nulls.isEmpty }

    /// The bulk path reads `1.234` as a plain number, which is wrong under
    /// a decimal comma, and would read a `--null` marker that is itself a
    /// number (`-999`) as one: such files take the general path.
    var bulkPathAllowed: Bool {
        !decimalComma && !nulls.contains { token in token.withByteView { DecimalParser.parseNumber($0, 0, $0.count) != nil } }
    }

    func parseCell(_ b: ByteView) -> CellValue {
        if isPlain { return DecimalParser.parseCell(b) }
        var lo = 0, hi = b.count
        while lo < hi, b[lo] == 0x20 || b[lo] == 0x09 { lo += 1 }
        while hi > lo, b[hi - 1] == 0x20 || b[hi - 1] == 0x09 { hi -= 1 }
        if isNull(b, lo, hi) { return .missing }
        if !decimalComma, let v = DecimalParser.parseNumber(b, lo, hi) { return .number(v) }
        if decimalComma || thousands, let v = parseGrouped(b, lo, hi) { return .number(v) }
        if lo == hi || DecimalParser.isMissingToken(b, lo, hi) { return .missing }
        return .invalid
    }

    func isNull(_ b: ByteView, _ lo: Int, _ hi: Int) -> Bool {
        nulls.contains { token in token.count == hi - lo && token.indices.allSatisfy { token[$0] == b[lo + $0] } }
    }

    /// `1,234.5` (thousands) or `1.234,5` / `1,5` (decimal comma): the
    /// group separators must stand between strict groups of three digits
    /// in the integer part; the rest is read as a plain number.
    private func parseGrouped(_ b: ByteView, _ lo: Int, _ hi: Int) -> Double? {
        let group: UInt8 = decimalComma ? 0x2e : 0x2c
        let point: UInt8 = decimalComma ? 0x2c : 0x2e
        var out: [UInt8] = []
        out.reserveCapacity(hi - lo)
        var i = lo
        if i < hi, b[i] == 0x2d || b[i] == 0x2b { out.append(b[i]); i += 1 }
        var run = 0, groups = 0
        while i < hi, b[i] &- 0x30 < 10 || b[i] == group {
            if b[i] == group {
                // The first group may be 1-3 digits, every later one exactly 3.
                guard run >= 1, run <= 3, groups == 0 || run == 3 else { return nil }
                groups += 1
                run = 0
            } else {
                out.append(b[i])
                run += 1
            }
            i += 1
        }
        if groups > 0, run != 3 { return nil }
        if i < hi, b[i] == point {
            out.append(0x2e)
            i += 1
        }
        while i < hi {
            // After the point: digits and an exponent, never another separator.
            guard b[i] != 0x2c, b[i] != 0x2e else { return nil }
            out.append(b[i])
            i += 1
        }
        return out.withByteView { DecimalParser.parseNumber($0, 0, $0.count) }
    }
}
