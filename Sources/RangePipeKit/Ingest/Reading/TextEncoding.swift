/// Text that is not UTF-8, named for what it looks like, so that a message
/// can say how to convert it rather than show mangled names.
enum TextEncoding {
    /// What to add to a message about bytes that are not UTF-8.
    static let latin1Hint = " (the file is not UTF-8; it looks Latin-1 or Windows-1252: convert it, "
        + "e.g. iconv -f WINDOWS-1252 -t UTF-8 FILE > FILE-utf8)"

    /// Why a cell cannot be a name or label, from its text (nil when its
    /// bytes are not UTF-8): a NUL is named as a NUL (text that is
    /// otherwise UTF-8 is no encoding problem); other bytes get the
    /// encoding hint.
    static func notText(_ text: String?) -> String {
        guard let text, text.utf8.contains(0) else { return "is not valid UTF-8 text" + latin1Hint }
        return "holds a NUL byte (U+0000), which no name or label may hold"
    }

    /// "UTF-16LE" or "UTF-16BE" when `bytes` start with that byte-order mark
    /// or hold a NUL in every other byte of their first line (ASCII text
    /// written as UTF-16 without a mark); nil otherwise.
    static func utf16(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0xFF, 0xFE]) { return "UTF-16LE" }
        if bytes.starts(with: [0xFE, 0xFF]) { return "UTF-16BE" }
        let head = bytes.prefix(512)
        guard head.count >= 4 else { return nil }
        var even = 0, odd = 0
        for (k, b) in head.enumerated() where b == 0 {
            if k % 2 == 0 { even += 1 } else { odd += 1 }
        }
        let half = head.count / 2
        if odd * 10 >= half * 9, even == 0 { return "UTF-16LE" }
        if even * 10 >= half * 9, odd == 0 { return "UTF-16BE" }
        return nil
    }

    /// Stops on UTF-16 input with one located line naming the encoding and
    /// how to convert it; ingest would otherwise read NUL bytes as names.
    static func check(_ bytes: [UInt8], file: String) throws {
        guard let name = utf16(bytes) else { return }
        throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1),
                                     "the file is \(name) text; rangepipe reads UTF-8: convert it, e.g. iconv -f \(name) -t UTF-8 FILE > FILE-utf8")
    }

    /// The line (from 1) and byte of the first sequence in `bytes` that is
    /// not UTF-8; nil when all is UTF-8 (a sequence cut by the end is allowed).
    static func firstInvalid(_ bytes: [UInt8]) -> (line: Int, byte: UInt8)? {
        var line = 1, k = 0
        while k < bytes.count {
            let b = bytes[k]
            if b == 0x0a { line += 1 }
            if b < 0x80 { k += 1; continue }
            let length = b >= 0xF0 && b <= 0xF4 ? 4 : b >= 0xE0 ? 3 : b >= 0xC2 && b <= 0xDF ? 2 : 0
            guard length > 0 else { return (line, b) }
            let end = min(k + length, bytes.count)
            if k + length <= bytes.count, String(validating: bytes[k ..< end], as: UTF8.self) == nil { return (line, b) }
            for c in bytes[(k + 1) ..< end] where c & 0xC0 != 0x80 { return (line, b) }
            k = end
        }
        return nil
    }
}
