/// The appenders of frame text, on a `ByteWriter`.
extension ByteWriter {
    /// Any text, as its UTF-8 bytes. (Literals go to the `StaticString`
    /// overload: no String is made for them.)
    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append(buffer: $0) }
    }

    /// Epoch seconds as ISO-8601 UTC (`CivilTime.iso8601`'s bytes).
    mutating func append(iso8601 seconds: Double) {
        scratch.removeAll(keepingCapacity: true)
        CivilTime.appendISO8601(seconds, to: &scratch)
        append(bytes: scratch)
    }

    /// An annotation label's number as `format` writes it.
    mutating func append(label format: LabelFormat, _ value: Double) {
        scratch.removeAll(keepingCapacity: true)
        format.appendNumber(value, to: &scratch)
        append(bytes: scratch)
    }

    /// A whole number in decimal.
    /// - Complexity: O(digits), no allocation.
    mutating func append(integer value: Int) {
        if value < 0 { append(byte: UInt8(ascii: "-")) }
        let v = UInt64(value.magnitude)
        let n = ShortestDecimal.digitCount(v)
        append(atMost: n) { ShortestDecimal.write(v, digits: n, to: $0) }
    }

    /// A JSON number as `JSONText.number` writes it: Swift's shortest
    /// round-trip form, `null` for NaN and infinities.
    /// - Complexity: O(digits), no allocation.
    mutating func append(number value: Double) {
        guard value.isFinite else { append("null"); return }
        append(description: value)
    }

    /// A finite number as `description` writes it.
    /// - Complexity: O(digits), no allocation.
    mutating func append(description v: Double) {
        if v.sign == .minus { append(byte: UInt8(ascii: "-")) }
        let a = v.magnitude
        guard a != 0 else { append("0.0"); return }
        guard let decimal = ShortestDecimal.decimal(a) else { append(string: a.description); return }
        append(atMost: ShortestDecimal.maxTextCount) { ShortestDecimal.write(decimal, exponential: a > 0x1p53, to: $0) }
    }

    /// A JSON string literal as `JSONText.string` writes it.
    mutating func append(jsonString value: String) {
        append(byte: UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plainFrom = 0
            for (k, b) in utf8.enumerated() where b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") {
                append(buffer: UnsafeBufferPointer(rebasing: utf8[plainFrom ..< k]))
                plainFrom = k + 1
                switch b {
                case UInt8(ascii: "\""): append("\\\"")
                case UInt8(ascii: "\\"): append("\\\\")
                case UInt8(ascii: "\n"): append("\\n")
                case UInt8(ascii: "\r"): append("\\r")
                case UInt8(ascii: "\t"): append("\\t")
                default:
                    append("\\u00")
                    append(byte: Self.hex[Int(b >> 4)])
                    append(byte: Self.hex[Int(b & 15)])
                }
            }
            append(buffer: UnsafeBufferPointer(rebasing: utf8[plainFrom...]))
        }
        append(byte: UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)

    /// An RFC 4180 CSV field: quoted (quotes doubled) only when it holds a
    /// comma, quote, CR or LF.
    mutating func append(csvField field: some Collection<UInt8>) {
        let needsQuotes = field.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        if !needsQuotes {
            for b in field { append(byte: b) }
            return
        }
        append(byte: UInt8(ascii: "\""))
        for b in field {
            append(byte: b)
            if b == UInt8(ascii: "\"") { append(byte: b) }
        }
        append(byte: UInt8(ascii: "\""))
    }
}
