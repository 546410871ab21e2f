/// Plain byte stores into room a `TextBuffer` reserved beforehand (see
/// `TextBuffer.write(reserving:_:)`): one capacity and uniqueness check per
/// frame instead of one per byte. Every store is bounds-checked against the
/// room; a write past it stores nothing and sets `overflowed`, and the
/// buffer grows and runs the writer again.
///
/// The room's pointer, and every append that touches it, are in
/// `ByteWriter+Unsafe.swift`; it is only valid inside the `write` call that
/// made the writer.
struct ByteWriter: ByteSink {
    let room: Room
    /// Bytes written so far (set only by the appenders).
    var count = 0
    /// True once a write did not fit (the bytes after it are missing).
    var overflowed = false

    init(room: Room) {
        self.room = room
    }

    /// One byte.
    @inline(__always)
    mutating func append(byte b: UInt8) {
        guard count < room.limit else { overflowed = true; return }
        room.store(b, at: count)
        count &+= 1
    }
}

/// The appenders of frame text, on a `ByteWriter`.
extension ByteWriter {
    /// Epoch seconds as ISO-8601 UTC (`CivilTime.iso8601`'s bytes).
    mutating func append(iso8601 seconds: Double) {
        append(atMost: CivilTime.iso8601MaxCount) { CivilTime.writeISO8601(seconds, to: $0) }
    }

    /// An annotation label's number as `format` writes it.
    mutating func append(label format: LabelFormat, _ value: Double) {
        format.appendNumber(value, to: &self)
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
        // Whole numbers under 2^53 (pixels, counts, much data) are their
        // digits and ".0" in `description`: no shortest-digit search needed.
        if a < 0x1p53, a == a.rounded(.towardZero) {
            let whole = UInt64(a), n = ShortestDecimal.digitCount(whole)
            append(atMost: n) { ShortestDecimal.write(whole, digits: n, to: $0) }
            append(".0")
            return
        }
        guard let decimal = ShortestDecimal.decimal(a) else { append(string: a.description); return }
        append(atMost: ShortestDecimal.maxTextCount) { ShortestDecimal.write(decimal, exponential: a > 0x1p53, to: $0) }
    }

    /// Whether a JSON string's byte may be escaped (`append(jsonString:)`):
    /// a control, a quote, a backslash, or the lead byte of U+2028/9.
    @inline(__always)
    static func mayEscape(_ b: UInt8) -> Bool { b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") || b == 0xE2 }

    /// A JSON string literal as `JSONText.string` writes it.
    mutating func append(jsonString value: String) {
        append(byte: UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { utf8 in
            var plainFrom = 0
            for (k, b) in utf8.enumerated() where Self.mayEscape(b) {
                // U+2028 and U+2029 (E2 80 A8/A9) are valid raw in JSON but
                // end a line in JavaScript before ES2019 and in line
                // splitters (Python's splitlines): written as \u2028, \u2029.
                if b == 0xE2 {
                    guard k + 2 < utf8.count, utf8[k + 1] == 0x80, utf8[k + 2] == 0xA8 || utf8[k + 2] == 0xA9 else { continue }
                    append(run: utf8[plainFrom ..< k])
                    append(utf8[k + 2] == 0xA8 ? "\\u2028" : "\\u2029")
                    plainFrom = k + 3
                    continue
                }
                append(run: utf8[plainFrom ..< k])
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
            append(run: utf8[plainFrom...])
        }
        append(byte: UInt8(ascii: "\""))
    }

    private static let hex: [UInt8] = Array("0123456789abcdef".utf8)
}
