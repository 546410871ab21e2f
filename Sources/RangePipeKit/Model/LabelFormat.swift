#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The annotation label format: a printf subset (`%.Nf`, `%.Ne`, `%d`, `%g`,
/// `%.Ng`, `%f`, `%e`) with literal prefix and suffix text and `%%`, always
/// with `.` as the decimal point (SPEC 4.9). `%d` rounds half away from zero.
public struct LabelFormat: Sendable, Equatable {
    public let source: String
    let prefix: String
    let suffix: String
    /// The C conversion, e.g. "%.2f"; `%d` is carried as "%.0f".
    let conversion: String
    /// The digits after the point for `%f`, `%.Nf` and `%d` (0): these are
    /// written without printf (`appendFixed`); nil for `%e` and `%g`.
    let fixedPrecision: Int?

    public static let `default` = try! LabelFormat("%.2f")

    /// Why a format string was refused.
    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    /// Parses a printf-style format with exactly one conversion.
    public init(_ format: String) throws(Invalid) {
        source = format
        var prefix = "", suffix = "", conversion: String? = nil, fixed: Int? = nil
        var chars = Array(format)
        var k = 0
        while k < chars.count {
            let c = chars[k]
            if c != "%" {
                if conversion == nil { prefix.append(c) } else { suffix.append(c) }
                k += 1
                continue
            }
            guard k + 1 < chars.count else { throw Invalid(description: "format \"\(format)\" ends with a bare %") }
            if chars[k + 1] == "%" {
                if conversion == nil { prefix.append("%") } else { suffix.append("%") }
                k += 2
                continue
            }
            guard conversion == nil else { throw Invalid(description: "format \"\(format)\" has more than one conversion") }
            var j = k + 1
            var precision: Int? = nil
            if chars[j] == "." {
                j += 1
                var digits = ""
                while j < chars.count, chars[j].isASCII, chars[j].isNumber { digits.append(chars[j]); j += 1 }
                guard let p = Int(digits), p <= 17 else { throw Invalid(description: "format \"\(format)\": expected a precision of 0–17 after '.'") }
                precision = p
            }
            guard j < chars.count else { throw Invalid(description: "format \"\(format)\" ends inside a conversion") }
            switch chars[j] {
            case "f", "e", "g":
                conversion = "%" + (precision.map { ".\($0)" } ?? "") + String(chars[j])
                if chars[j] == "f" { fixed = precision ?? 6 }
            case "d":
                guard precision == nil else { throw Invalid(description: "format \"\(format)\": %d takes no precision") }
                conversion = "%.0f"
                fixed = 0
            default:
                throw Invalid(description: "format \"\(format)\": unsupported conversion %\(chars[j]) (use %.Nf, %.Ne, %d or %g)")
            }
            k = j + 1
        }
        guard let conversion else { throw Invalid(description: "format \"\(format)\" has no conversion (%.2f, %d, …)") }
        self.prefix = prefix
        self.suffix = suffix
        self.conversion = conversion
        fixedPrecision = fixed
        chars = []
    }

    /// The label of `value`: prefix, the converted number, suffix.
    public func format(_ value: Double) -> String {
        var bytes: [UInt8] = []
        appendNumber(value, to: &bytes)
        return prefix + String(decoding: bytes, as: UTF8.self) + suffix
    }

    /// Appends the converted number alone (no prefix or suffix): `%f` and
    /// `%d` as digits, exactly as printf writes them, others through
    /// `vsnprintf`.
    /// - Complexity: O(digits); no allocation on the fixed path.
    public func appendNumber<Sink: ByteSink>(_ value: Double, to bytes: inout Sink) {
        var v = value
        if conversion == "%.0f" { v = v.rounded(.toNearestOrAwayFromZero) }
        if let p = fixedPrecision, Self.appendFixed(v, precision: p, to: &bytes) { return }
        var buffer = [CChar](repeating: 0, count: 512)
        let n = withVaList([v]) { vsnprintf(&buffer, buffer.count, conversion, $0) }
        if n >= 0 { for c in buffer.prefix(min(Int(n), buffer.count - 1)) { bytes.append(byte: UInt8(bitPattern: c)) } }
    }

    /// Powers of ten that are exact in Float64.
    private static let exactPowersOfTen: [Double] = (0 ... 22).map { k in (0 ..< k).reduce(1.0) { r, _ in r * 10 } }

    /// printf's `%.{p}f` for a finite value whose scaled magnitude is below
    /// 2^52, or false to fall back. printf rounds the exact binary value
    /// to p decimals, ties to even; here v·10^p is rounded to the nearest
    /// Float64 and its exact error recovered with one FMA, which decides
    /// the only doubtful case, a product that lands on a half.
    static func appendFixed<Sink: ByteSink>(_ v: Double, precision p: Int, to bytes: inout Sink) -> Bool {
        guard v.isFinite, p < exactPowersOfTen.count else { return false }
        let scale = exactPowersOfTen[p], a = v.magnitude
        let product = a * scale
        guard product < 0x1p52 else { return false }
        let error = (-product).addingProduct(a, scale) // a·scale − product, exactly (FMA)
        // Truncation is floor for a non-negative product below 2^52, and
        // the remainder is exact.
        var digits = UInt64(product)
        let half = product - Double(digits)
        if half > 0.5 || (half == 0.5 && (error > 0 || (error == 0 && digits & 1 == 1))) {
            digits += 1
        }
        if v.sign == .minus { bytes.append(byte: UInt8(ascii: "-")) }
        // Integer part, then p fraction digits.
        var divisor: UInt64 = 1
        for _ in 0 ..< p { divisor &*= 10 }
        let integer = digits / divisor
        digits %= divisor
        var d: UInt64 = 1
        while d <= integer / 10 { d &*= 10 }
        var rest = integer
        while d > 0 { bytes.append(byte: UInt8(truncatingIfNeeded: rest / d) &+ 48); rest %= d; d /= 10 }
        if p > 0 {
            bytes.append(byte: UInt8(ascii: "."))
            var f = divisor / 10
            while f > 0 { bytes.append(byte: UInt8(truncatingIfNeeded: digits / f) &+ 48); digits %= f; f /= 10 }
        }
        return true
    }
}
