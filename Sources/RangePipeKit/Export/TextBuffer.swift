/// Output text built as UTF-8 bytes: frames are appended field by field
/// without a `String` per line, and written out in large blocks.
///
/// `JSONText` and `CivilTime.iso8601` are these appenders' bytes as a
/// `String`, for writers that are not on a hot path.
public struct TextBuffer: Sendable {
    /// The bytes so far.
    public internal(set) var bytes: [UInt8] = []

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) { bytes.reserveCapacity(capacity) }

    /// The number of bytes so far.
    public var count: Int { bytes.count }

    /// Empties the buffer, keeping its capacity.
    public mutating func removeAll() { bytes.removeAll(keepingCapacity: true) }

    /// Constant ASCII text (keys, punctuation).
    /// - Complexity: O(length).
    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// One ASCII byte.
    @inline(__always)
    mutating func append(byte: UInt8) { bytes.append(byte) }

    /// Any text, as its UTF-8 bytes. (Literals go to the `StaticString`
    /// overload: no String is made for them.)
    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Epoch seconds as ISO-8601 UTC (`CivilTime.iso8601`'s bytes).
    mutating func append(iso8601 seconds: Double) { CivilTime.appendISO8601(seconds, to: &bytes) }

    /// A whole number in decimal.
    /// - Complexity: O(digits), no allocation.
    mutating func append(integer value: Int) {
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        var v = value.magnitude
        var divisor: UInt = 1
        while divisor <= v / 10 { divisor &*= 10 }
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: v / divisor) &+ 48)
            v %= divisor
            divisor /= 10
        }
    }

    /// `value` with exactly `width` digits, zero-padded (`width` ≤ 9).
    @inline(__always)
    mutating func append(integer value: Int, width: Int) {
        var divisor = 1
        for _ in 1 ..< width { divisor &*= 10 }
        var v = value
        while divisor > 0 {
            bytes.append(UInt8(truncatingIfNeeded: v / divisor) &+ 48)
            v %= divisor
            divisor /= 10
        }
    }

    /// A JSON number as `JSONText.number` writes it: Swift's shortest
    /// round-trip form, `null` for NaN and infinities.
    /// - Complexity: O(digits), no allocation.
    mutating func append(number value: Double) {
        guard value.isFinite else { append("null"); return }
        if appendShortDecimal(value) { return }
        ShortestDecimal.appendDescription(value, to: &bytes)
    }

    /// A finite number as `description` writes it.
    /// - Complexity: O(digits), no allocation.
    mutating func append(description value: Double) { ShortestDecimal.appendDescription(value, to: &bytes) }

    private static let powersOfTen: [Double] = [1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8]

    /// Swift's shortest round-trip form for the common case, written as
    /// digits: 10⁻⁴ ≤ |v| < 10⁹ (where `description` uses plain decimal
    /// notation) with at most 8 decimals. The fewest decimals k for which
    /// the integer nearest v·10^k, divided by 10^k (one correctly rounded
    /// division, as parsing is), reads back as v are the shortest digits.
    /// False (nothing written) otherwise.
    private mutating func appendShortDecimal(_ v: Double) -> Bool {
        let a = v.magnitude
        guard a >= 1e-4, a < 1e9 else { return false }
        for k in 0 ..< Self.powersOfTen.count {
            let scale = Self.powersOfTen[k]
            let product = a * scale
            guard product < 0x1p52 else { return false }
            // Below 2^52 the candidates m/10^k are further apart than a's
            // ulp, so at most one reads back as a: the one nearest a·10^k.
            // A product that rounded onto a half is never that one.
            // product + 0.5 is exact below 2^52; the conversion truncates
            // in one instruction (`rounded()` is a libm call on baseline x86-64).
            let n = Double(Int64(product + 0.5))
            guard n / scale == a else { continue }
            if v.sign == .minus { bytes.append(UInt8(ascii: "-")) }
            let digits = UInt64(n)
            var divisor: UInt64 = 1
            for _ in 0 ..< k { divisor &*= 10 }
            append(integer: Int(digits / divisor))
            bytes.append(UInt8(ascii: "."))
            if k == 0 { bytes.append(UInt8(ascii: "0")) } else { append(integer: Int(digits % divisor), width: k) }
            return true
        }
        return false
    }

    /// A JSON string literal as `JSONText.string` writes it.
    mutating func append(jsonString value: String) {
        bytes.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plainFrom = 0
            for (k, b) in utf8.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                bytes.append(contentsOf: utf8[plainFrom ..< k])
                plainFrom = k + 1
                switch b {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    append("\\u00")
                    bytes.append(Self.hex[Int(b >> 4)])
                    bytes.append(Self.hex[Int(b & 15)])
                }
            }
            bytes.append(contentsOf: utf8[plainFrom...])
        }
        bytes.append(UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// An RFC 4180 CSV field: quoted (quotes doubled) only when it holds a
    /// comma, quote, CR or LF.
    mutating func append(csvField field: some Collection<UInt8>) {
        let needsQuotes = field.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard needsQuotes else { bytes.append(contentsOf: field); return }
        bytes.append(UInt8(ascii: "\""))
        for b in field {
            bytes.append(b)
            if b == UInt8(ascii: "\"") { bytes.append(b) }
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// A CSV field from text.
    mutating func append(csvField field: String) { append(csvField: field.utf8) }
}
