/// JavaScript's number text, exactly, where a library's window passes
/// through it: ECharts rounds every dataZoom percent and value through
/// `+x.toFixed(p)` (`round`, number.ts:222-237); dygraphs reads its range
/// selector's handles back from CSS lengths that Chromium writes with six
/// significant digits. Shared by the profiles that need it.
enum JavaScriptNumber {
    /// `+x.toFixed(p)` for p in 0...20 (ECMA-262 Number.prototype.toFixed,
    /// then the text read back as a number): the n nearest x·10^p from x's
    /// exact binary value, a tie going to the larger n, then n / 10^p as the
    /// nearest double.
    /// - Complexity: O(p) 128-bit steps.
    static func toFixed(_ x: Double, _ p: Int) -> Double {
        guard x.isFinite, x != 0 else { return x }
        // toFixed writes numbers at or over 1e21 as they are; integers stay.
        if x.magnitude >= 1e21 || x == x.rounded(.towardZero) { return x }
        let negative = x < 0
        let v = x.magnitude
        // v = m · 2^e with m an integer (53 bits), e < 0 here (v is not an integer).
        let m = v.significandBitPattern | (v.isNormal ? 1 << 52 : 0)
        let e = Int(v.exponent) - 52
        let shift = v.isNormal ? -e : 1074
        // P = m · 10^p < 2^53 · 2^67 = 2^120.
        var big = Wide(hi: 0, lo: m)
        for _ in 0..<p { big = big.timesTen() }
        guard shift < 121 else { return negative ? -0.0 : 0 }
        var (n, tie) = big.shiftedRight(shift)
        if tie { n = n.plusOne() }
        let digits = n.decimalDigits()
        let text: String
        if p == 0 {
            text = digits
        } else {
            let padded = String(repeating: "0", count: max(0, p + 1 - digits.count)) + digits
            text = String(padded.dropLast(p)) + "." + String(padded.suffix(p))
        }
        let value = Double(text) ?? .nan
        return negative ? -value : value
    }

    /// An unsigned 128-bit integer as two words (no UInt128 before macOS 15).
    struct Wide: Sendable, Equatable {
        var hi: UInt64, lo: UInt64

        func timesTen() -> Wide {
            let l = lo.multipliedFullWidth(by: 10)
            return Wide(hi: hi &* 10 &+ l.high, lo: l.low)
        }

        func plusOne() -> Wide {
            let (l, carry) = lo.addingReportingOverflow(1)
            return Wide(hi: hi &+ (carry ? 1 : 0), lo: l)
        }

        /// self >> s, and whether the bits shifted out are at least half (round half up).
        func shiftedRight(_ s: Int) -> (Wide, Bool) {
            guard s > 0 else { return (self, false) }
            let q: Wide
            if s >= 64 {
                q = Wide(hi: 0, lo: s >= 128 ? 0 : hi >> UInt64(s - 64))
            } else {
                q = Wide(hi: hi >> UInt64(s), lo: (lo >> UInt64(s)) | (hi << UInt64(64 - s)))
            }
            // The highest shifted-out bit is bit s - 1.
            let b = s - 1
            let half = b >= 64 ? (hi >> UInt64(b - 64)) & 1 : (lo >> UInt64(b)) & 1
            return (q, half == 1)
        }

        /// Decimal digits, most significant first ("0" for zero).
        func decimalDigits() -> String {
            var (h, l) = (hi, lo)
            var out: [UInt8] = []
            repeat {
                // (h, l) / 10: long division word by word.
                let qh = h / 10, rh = h % 10
                let (ql, rl) = UInt64(10).dividingFullWidth((high: UInt64(rh), low: l))
                h = qh
                l = ql
                out.append(UInt8(rl) + 48)
            } while h != 0 || l != 0
            return String(decoding: out.reversed(), as: UTF8.self)
        }
    }
}

extension JavaScriptNumber {
    /// A CSS length as Chromium serialises it and `parseFloat` reads it
    /// back: six significant digits from the exact binary value, halves
    /// up (`356.6917123px` reads back as 356.692). Exact for 1 ≤ v < 10^6;
    /// other values are returned as they are.
    static func cssLength(_ v: Double) -> Double {
        guard v >= 1, v < 1e6 else { return v }
        var integerDigits = 1
        var p = 10.0
        while p <= v {
            p *= 10
            integerDigits += 1
        }
        return toFixed(v, 6 - integerDigits)
    }
}
