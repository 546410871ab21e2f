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

    public static let `default` = try! LabelFormat("%.2f")

    public struct Invalid: Error, CustomStringConvertible {
        public var description: String
    }

    public init(_ format: String) throws(Invalid) {
        source = format
        var prefix = "", suffix = "", conversion: String? = nil
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
            case "f", "e", "g": conversion = "%" + (precision.map { ".\($0)" } ?? "") + String(chars[j])
            case "d":
                guard precision == nil else { throw Invalid(description: "format \"\(format)\": %d takes no precision") }
                conversion = "%.0f"
            default:
                throw Invalid(description: "format \"\(format)\": unsupported conversion %\(chars[j]) (use %.Nf, %.Ne, %d or %g)")
            }
            k = j + 1
        }
        guard let conversion else { throw Invalid(description: "format \"\(format)\" has no conversion (%.2f, %d, …)") }
        self.prefix = prefix
        self.suffix = suffix
        self.conversion = conversion
        chars = []
    }

    public func format(_ value: Double) -> String {
        var v = value
        if conversion == "%.0f" { v = v.rounded(.toNearestOrAwayFromZero) }
        var buffer = [CChar](repeating: 0, count: 512)
        let n = withVaList([v]) { vsnprintf(&buffer, buffer.count, conversion, $0) }
        let body = n >= 0 ? String(decoding: buffer.prefix(min(Int(n), buffer.count - 1)).map { UInt8(bitPattern: $0) }, as: UTF8.self) : ""
        return prefix + body + suffix
    }
}
