/// Reads one JSON value (an NDJSON frame line, or a CSV cell holding the
/// `values`/`points` track) into a `TrackRecord`'s leaves, by plain loops
/// over the bytes: objects add `.key` to the path, arrays `[index]`.
struct TrackJSONParser {
    private let bytes: ArraySlice<UInt8>
    private var i: Int
    /// The path of the value being read.
    private var prefix: [UInt8]
    /// Objects and arrays deeper than this are refused (the recursion's bound).
    static let maxDepth = 64

    private init(_ bytes: ArraySlice<UInt8>, prefix: [UInt8]) {
        self.bytes = bytes
        self.i = bytes.startIndex
        self.prefix = prefix
    }

    /// Reads an NDJSON frame: one object whose `series` string is the
    /// pairing key and whose other keys become leaves, those of `fields`
    /// only when it is given (`frame` and `t` are always kept for messages).
    /// - Complexity: O(line length).
    static func parseFrame(_ line: ArraySlice<UInt8>, fields: Set<TrackField>?, into record: inout TrackRecord) throws {
        var p = TrackJSONParser(line, prefix: [])
        p.skipSpaces()
        guard p.i < p.bytes.endIndex, p.bytes[p.i] == UInt8(ascii: "{") else { throw p.error("expected a JSON object") }
        p.i += 1
        p.skipSpaces()
        if !p.skip(UInt8(ascii: "}")) {
            repeat {
                try p.topLevelMember(fields: fields, &record)
                p.skipSpaces()
            } while p.skip(UInt8(ascii: ","))
            guard p.skip(UInt8(ascii: "}")) else { throw p.error("expected ',' or '}'") }
        }
        p.skipSpaces()
        guard p.i == p.bytes.endIndex else { throw p.error("unexpected text after the object") }
    }

    /// Reads a whole cell as one JSON value, its leaves under `prefix`.
    /// - Complexity: O(cell length).
    static func parseCell(_ cell: ArraySlice<UInt8>, prefix: [UInt8], into record: inout TrackRecord) throws {
        var p = TrackJSONParser(cell, prefix: prefix)
        try p.value(keep: true, depth: 0, &record)
        p.skipSpaces()
        guard p.i == p.bytes.endIndex else { throw p.error("unexpected text after the value") }
    }

    private mutating func topLevelMember(fields: Set<TrackField>?, _ record: inout TrackRecord) throws {
        skipSpaces()
        var key = prefix
        prefix = []
        key.removeAll(keepingCapacity: true)
        try string(into: &key)
        prefix = key
        skipSpaces()
        guard skip(UInt8(ascii: ":")) else { throw error("expected ':'") }
        skipSpaces()
        if prefix == TrackField.seriesKey {
            guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") else { throw error("series: expected a string") }
            record.series.removeAll(keepingCapacity: true)
            try string(into: &record.series)
            return
        }
        let field = TrackField.of(key: prefix[...])
        let selected = fields.map { f in field.map { f.contains($0) } ?? false } ?? true
        let label = field == .frame || field == .t
        let leafCount = record.leaves.count
        try value(keep: selected || label, depth: 1, &record)
        if label, record.leaves.count == leafCount + 1, case .number = record.leaves[leafCount].value {
            if field == .frame { record.frameText = record.leaves[leafCount].text } else { record.timeText = record.leaves[leafCount].text }
        }
        if !selected { record.leaves.removeLast(record.leaves.count - leafCount) }
    }

    /// Reads a value; with `keep`, adds its leaves to `record`.
    private mutating func value(keep: Bool, depth: Int, _ record: inout TrackRecord) throws {
        skipSpaces()
        guard i < bytes.endIndex else { throw error("expected a value, got the end of the line") }
        let textStart = record.text.count
        switch bytes[i] {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            guard depth < Self.maxDepth else { throw error("nested deeper than \(Self.maxDepth) levels") }
            try container(keep: keep, depth: depth, &record)
        case UInt8(ascii: "\""):
            try string(into: &record.text)
            guard keep else { record.text.removeLast(record.text.count - textStart); return }
            let value = TrackScalarText.time(record.text[textStart...]) ?? .text
            record.addLeaf(prefix: prefix, textStart: textStart, value)
        case UInt8(ascii: "t"): try literal("true", keep: keep, .bool(true), &record)
        case UInt8(ascii: "f"): try literal("false", keep: keep, .bool(false), &record)
        case UInt8(ascii: "n"): try literal("null", keep: keep, .null, &record)
        case UInt8(ascii: "-"), UInt8(ascii: "0") ... UInt8(ascii: "9"):
            let end = TrackScalarText.numberTokenEnd(bytes, from: i)
            let token = bytes[i ..< end]
            guard TrackScalarText.isNumber(token) else { throw error("bad number \"\(String(decoding: token, as: UTF8.self))\"") }
            i = end
            guard keep else { return }
            record.text.append(contentsOf: token)
            record.addLeaf(prefix: prefix, textStart: textStart, .number(TrackScalarText.numberValue(token)))
        default:
            throw error("expected a value")
        }
    }

    /// An object or array: members under `.key`, elements under `[k]`.
    private mutating func container(keep: Bool, depth: Int, _ record: inout TrackRecord) throws {
        let isObject = bytes[i] == UInt8(ascii: "{")
        let close = isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")
        i += 1
        skipSpaces()
        if skip(close) {
            if keep { record.addLeaf(prefix: prefix, textStart: record.text.count, isObject ? .emptyObject : .emptyArray) }
            return
        }
        let mark = prefix.count
        var index = 0
        repeat {
            skipSpaces()
            if isObject {
                var key = prefix
                prefix = []
                if !key.isEmpty { key.append(UInt8(ascii: ".")) }
                try string(into: &key)
                prefix = key
                skipSpaces()
                guard skip(UInt8(ascii: ":")) else { throw error("expected ':'") }
            } else {
                prefix.append(UInt8(ascii: "["))
                prefix.append(contentsOf: String(index).utf8)
                prefix.append(UInt8(ascii: "]"))
                index += 1
            }
            try value(keep: keep, depth: depth + 1, &record)
            prefix.removeLast(prefix.count - mark)
            skipSpaces()
        } while skip(UInt8(ascii: ","))
        guard skip(close) else { throw error(isObject ? "expected ',' or '}'" : "expected ',' or ']'") }
    }

    private mutating func literal(_ word: String, keep: Bool, _ value: TrackValue, _ record: inout TrackRecord) throws {
        let count = word.utf8.count
        guard bytes.endIndex - i >= count, bytes[i ..< i + count].elementsEqual(word.utf8) else { throw error("expected a value") }
        i += count
        if keep { record.addLeaf(prefix: prefix, textStart: record.text.count, value) }
    }

    /// A JSON string at `i`, unescaped and appended to `out` as UTF-8.
    private mutating func string(into out: inout [UInt8]) throws {
        guard i < bytes.endIndex, bytes[i] == UInt8(ascii: "\"") else { throw error("expected a string") }
        i += 1
        while i < bytes.endIndex {
            // A run of plain bytes is copied at once.
            var end = i
            while end < bytes.endIndex, bytes[end] >= 0x20, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\") { end += 1 }
            if end > i { out.append(contentsOf: bytes[i ..< end]); i = end; continue }
            let c = bytes[i]
            if c == UInt8(ascii: "\"") { i += 1; return }
            if c < 0x20 { throw error("control character in a string") }
            if c != UInt8(ascii: "\\") { out.append(c); i += 1; continue }
            i += 1
            guard i < bytes.endIndex else { break }
            let e = bytes[i]
            i += 1
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0c)
            case UInt8(ascii: "n"): out.append(0x0a)
            case UInt8(ascii: "r"): out.append(0x0d)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"): try unicodeEscape(into: &out)
            default: i -= 2; throw error("bad escape in a string")
            }
        }
        throw error("unterminated string")
    }

    /// `\uXXXX` (the `\u` read), with a following low surrogate for a pair.
    private mutating func unicodeEscape(into out: inout [UInt8]) throws {
        let start = i - 2
        guard var scalar = hex4() else { i = start; throw error("bad \\u escape in a string") }
        if (0xD800 ..< 0xDC00).contains(scalar) {
            guard skip(UInt8(ascii: "\\")), skip(UInt8(ascii: "u")), let low = hex4(), (0xDC00 ..< 0xE000).contains(low) else {
                i = start
                throw error("unpaired surrogate in a string")
            }
            scalar = 0x10000 + (scalar - 0xD800) << 10 + (low - 0xDC00)
        } else if (0xDC00 ..< 0xE000).contains(scalar) {
            i = start
            throw error("unpaired surrogate in a string")
        }
        out.append(contentsOf: String(Character(Unicode.Scalar(scalar)!)).utf8)
    }

    private mutating func hex4() -> UInt32? {
        guard bytes.endIndex - i >= 4 else { return nil }
        var v: UInt32 = 0
        for _ in 0 ..< 4 {
            let c = bytes[i] | 0x20
            let d: UInt8
            if c &- 48 < 10 { d = c &- 48 } else if c &- 97 < 6 { d = c &- 87 } else { return nil }
            v = v << 4 | UInt32(d)
            i += 1
        }
        return v
    }

    private mutating func skipSpaces() {
        while i < bytes.endIndex, bytes[i] == 0x20 || bytes[i] == 0x09 || bytes[i] == 0x0d || bytes[i] == 0x0a { i += 1 }
    }

    private mutating func skip(_ c: UInt8) -> Bool {
        guard i < bytes.endIndex, bytes[i] == c else { return false }
        i += 1
        return true
    }

    private func error(_ message: String) -> TrackSyntaxError {
        TrackSyntaxError(offset: i - bytes.startIndex, message: message)
    }
}
