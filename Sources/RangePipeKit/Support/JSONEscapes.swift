/// JSON string escapes, shared by the ingest scanner and the script parser.
public enum JSONEscapes {
    /// A malformed escape at byte `offset`.
    public struct Invalid: Error, Sendable {
        /// The byte offset of the bad escape in the buffer.
        public var offset: Int
        public var message: String
    }

    /// Decodes the body of a JSON string (between its quotes, `start..<end`)
    /// with its escapes into UTF-8, surrogate pairs joined. Generic over
    /// the bytes so each caller's buffer is read without a copy (the module
    /// is compiled whole, so the calls are specialized).
    /// - Complexity: O(end − start).
    public static func decode<Body: RandomAccessCollection<UInt8>>(_ b: Body, _ start: Int, _ end: Int,
                                                                  into out: inout [UInt8]) throws(Invalid) where Body.Index == Int {
        var i = start
        func hex4(_ at: Int) throws(Invalid) -> UInt32 {
            guard at + 4 <= end else { throw Invalid(offset: at, message: "invalid \\u escape") }
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = b[at + k]
                let d: UInt32
                switch c {
                case 0x30 ... 0x39: d = UInt32(c - 0x30)
                case 0x41 ... 0x46: d = UInt32(c - 0x41 + 10)
                case 0x61 ... 0x66: d = UInt32(c - 0x61 + 10)
                default: throw Invalid(offset: at + k, message: "invalid \\u escape")
                }
                v = v << 4 | d
            }
            return v
        }
        while i < end {
            let c = b[i]
            guard c == 0x5c else { out.append(c); i += 1; continue }
            guard i + 1 < end else { throw Invalid(offset: i, message: "invalid escape") }
            let e = b[i + 1]
            i += 2
            switch e {
            case 0x22, 0x5c, 0x2f: out.append(e)
            case 0x62: out.append(0x08)
            case 0x66: out.append(0x0c)
            case 0x6e: out.append(0x0a)
            case 0x72: out.append(0x0d)
            case 0x74: out.append(0x09)
            case 0x75:
                var scalar = try hex4(i)
                i += 4
                if scalar >= 0xD800, scalar < 0xDC00, i + 6 <= end, b[i] == 0x5c, b[i + 1] == 0x75 {
                    let low = try hex4(i + 2)
                    if low >= 0xDC00, low < 0xE000 {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                        i += 6
                    }
                }
                let u = UnicodeScalar(scalar) ?? "\u{FFFD}"
                out.append(contentsOf: Array(String(Character(u)).utf8))
            default:
                throw Invalid(offset: i - 1, message: "invalid escape '\\\(Character(UnicodeScalar(e)))'")
            }
        }
    }
}
