#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// ECharts 6.1.0's number helpers (`src/util/number.ts`), in JavaScript's
/// arithmetic: each is the library's function, step for step, because its
/// decimal rounding decides the window's last bits.
extension EChartsProfile {
    /// `TO_FIXED_SUPPORTED_PRECISION_MAX` (number.ts:37).
    static let toFixedMax = 20

    /// `linearMap` (number.ts:67-118): `val` from `domain` to `range`, ends
    /// exact, clamped when asked.
    static func linearMap(_ val: Double, _ domain: (Double, Double), _ range: (Double, Double), clamp: Bool = false) -> Double {
        let (d0, d1) = domain, (r0, r1) = range
        let subDomain = d1 - d0, subRange = r1 - r0
        if subDomain == 0 { return subRange == 0 ? r0 : (r0 + r1) / 2 }
        if clamp {
            if subDomain > 0 {
                if val <= d0 { return r0 }
                if val >= d1 { return r1 }
            } else {
                if val >= d0 { return r0 }
                if val <= d1 { return r1 }
            }
        } else {
            if val == d0 { return r0 }
            if val == d1 { return r1 }
        }
        return (val - d0) / subDomain * subRange + r0
    }

    /// `round(x, precision)` (number.ts:222-237): `+x.toFixed(p)`, p held
    /// in 0...20; a NaN precision leaves x.
    static func round(_ x: Double, _ precision: Double) -> Double {
        guard !precision.isNaN else { return x }
        return JavaScriptNumber.toFixed(x, Int(min(max(0, precision), Double(toFixedMax))))
    }

    /// `getPrecision` (number.ts:265-295): the first i < 15 with
    /// `Math.round(val * 10^i) / 10^i === val`, else `getPrecisionSafe`.
    static func precision(_ val: Double) -> Int {
        if val.isNaN { return 0 }
        if val > 1e-14 {
            var e = 1.0
            for i in 0..<15 {
                // Math.round of a positive number: ties up.
                if (val * e).rounded(.toNearestOrAwayFromZero) / e == val { return i }
                e *= 10
            }
        }
        return precisionSafe(val)
    }

    /// `getPrecisionSafe` (number.ts:297-310): the decimals of the shortest
    /// round-trip text of `val` (JavaScript's `toString`, which Swift's
    /// `description` matches digit for digit), fraction digits less exponent.
    static func precisionSafe(_ val: Double) -> Int {
        guard val.isFinite else { return 0 }
        let text = String(val.magnitude.description)
        let parts = text.split(separator: "e", maxSplits: 1)
        let exp = parts.count == 2 ? Int(parts[1]) ?? 0 : 0
        let significand = parts[0]
        let fraction = significand.split(separator: ".", maxSplits: 1)
        var decimals = fraction.count == 2 ? fraction[1].count : 0
        // Swift writes "5.0" where JavaScript writes "5".
        if fraction.count == 2, fraction[1] == "0" { decimals = 0 }
        return max(0, decimals - exp)
    }

    /// `addSafe` (number.ts:454-462): the sum rounded to the larger of the
    /// two precisions (unless over 20).
    static func addSafe(_ a: Double, _ b: Double) -> Double {
        let p = max(precision(a), precision(b))
        let sum = a + b
        return p > toFixedMax ? sum : round(sum, Double(p))
    }

    /// `getAcceptableTickPrecision(extent, pxSpan, 0.5)` (number.ts:339-368):
    /// the fewest decimals that keep a value within half a px; NaN for an
    /// empty span.
    static func acceptableTickPrecision(_ lo: Double, _ hi: Double, pxSpan: Double, pxDiff: Double) -> Double {
        let dataSpan = abs(hi - lo)
        guard dataSpan.isFinite, dataSpan != 0 else { return .nan }
        let ln10 = 2.302585092994046  // Math.LN10
        let dataExp2 = log(2 * abs(pxDiff) * abs(dataSpan)) / ln10
        let pxExp = log(abs(pxSpan)) / ln10
        let p = max(0, (-dataExp2 + pxExp).rounded(.up))
        return p.isFinite ? p : .nan
    }
}
