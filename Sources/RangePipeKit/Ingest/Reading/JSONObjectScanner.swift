/// A byte-level scanner for one flat JSON object — an NDJSON line or an
/// element of a top-level array — that appends the object's members to a
/// `RecordBatch` as cells. Strings are unescaped, numbers checked against
/// JSON's grammar and kept as text, nested values skipped (iteratively, so
/// depth cannot overflow the stack).
///
/// Running out of bytes mid-object returns nil and leaves the batch as it
/// was, so a streaming caller can read more and scan again.
struct JSONObjectScanner {
    struct Failure: Error {
        var offset: Int
        var message: String
    }

    /// Key → slot, in order of first appearance.
    private(set) var slotNames: [String] = []
    private var slotByName: [String: Int] = [:]
    /// The slot seen at each member position in the previous object: most
    /// files repeat their keys in the same order, so this skips the hashing.
    private var positionCache: [(key: [UInt8], slot: Int)] = []
    /// Called with (name, slot) when a key is first seen.
    var onNewSlot: (String, Int) -> Void = { _, _ in }

    /// Line bookkeeping for locations: the line number at `lineStart`.
    var line = 1
    var lineStart = 0

    typealias Bytes = ByteView

    init() {}

    /// A scanner that continues another's key numbering (a split's second half).
    init(slotNames: [String]) {
        self.slotNames = slotNames
        for (slot, name) in slotNames.enumerated() { slotByName[name] = slot }
    }

    /// Scans the object starting at `start`. Returns the offset just past
    /// its closing brace, or nil if the bytes end first.
    mutating func scanObject(_ b: ByteView, at start: Int, into batch: inout RecordBatch,
                             rawOriginal: Bool) throws(Failure) -> Int? {
        let saved = (batch.bytes.count, batch.cells.count, batch.raw.count, line, lineStart)
        func rollback() {
            batch.bytes.removeSubrange(saved.0...)
            batch.cells.removeSubrange(saved.1...)
            batch.raw.removeSubrange(saved.2...)
            line = saved.3
            lineStart = saved.4
        }
        do {
            guard let end = try scanMembers(b, start, &batch) else { rollback(); return nil }
            let recordLine = saved.3
            var info = RecordInfo(line: recordLine, firstCell: saved.1, cellCount: batch.cells.count - saved.1,
                                  rawStart: 0, rawCount: -1)
            if rawOriginal {
                info.rawStart = batch.raw.count
                info.rawCount = end - start
                batch.raw.append(bytesOf: b[start ..< end])
            }
            batch.records.append(info)
            return end
        } catch {
            rollback()
            throw error
        }
    }

    /// Skips JSON whitespace, counting newlines. Returns false at the end of bytes.
    mutating func skipWhitespace(_ b: Bytes, _ i: inout Int) -> Bool {
        while i < b.count {
            switch b[i] {
            case 0x20, 0x09, 0x0d: i += 1
            case 0x0a: i += 1; line += 1; lineStart = i
            default: return true
            }
        }
        return false
    }

    func column(_ offset: Int) -> Int { offset - lineStart + 1 }

    private mutating func scanMembers(_ b: Bytes, _ start: Int, _ batch: inout RecordBatch) throws(Failure) -> Int? {
        var i = start
        guard i < b.count else { return nil }
        guard b[i] == 0x7b else { throw Failure(offset: i, message: "expected a JSON object ('{'), got \(describe(b, i))") }
        i += 1
        guard skipWhitespace(b, &i) else { return nil }
        if b[i] == 0x7d { return i + 1 }
        var position = 0
        while true {
            guard b[i] == 0x22 else { throw Failure(offset: i, message: "expected a key string, got \(describe(b, i))") }
            let keyStart = i + 1
            guard let (keyEnd, escaped) = try scanString(b, i) else { return nil }
            let slot = slotFor(b, keyStart, keyEnd - 1, escaped: escaped, position: position)
            position += 1
            i = keyEnd
            guard skipWhitespace(b, &i) else { return nil }
            guard b[i] == 0x3a else { throw Failure(offset: i, message: "expected ':' after a key, got \(describe(b, i))") }
            i += 1
            guard skipWhitespace(b, &i) else { return nil }
            let valueStart = i
            let valueLine = line
            let valueColumn = column(i)
            let cellStart = batch.bytes.count
            let kind: CellKind
            switch b[i] {
            case 0x22:
                guard let (end, escaped) = try scanString(b, i) else { return nil }
                if escaped {
                    try unescape(b, i + 1, end - 1, into: &batch.bytes)
                } else {
                    batch.bytes.append(bytesOf: b[(i + 1) ..< (end - 1)])
                }
                kind = .text
                i = end
            case 0x2d, 0x30 ... 0x39:
                guard let end = try scanNumber(b, i) else { return nil }
                batch.bytes.append(bytesOf: b[i ..< end])
                kind = .number
                i = end
            case 0x74, 0x66, 0x6e:
                let word: StaticString = b[i] == 0x74 ? "true" : b[i] == 0x66 ? "false" : "null"
                guard let end = try literal(b, i, word) else { return nil }
                batch.bytes.append(bytesOf: b[i ..< end])
                kind = b[i] == 0x6e ? .null : .bool
                i = end
            case 0x7b, 0x5b:
                guard let end = try skipNested(b, i) else { return nil }
                kind = .nested
                i = end
            default:
                throw Failure(offset: valueStart, message: "expected a JSON value, got \(describe(b, valueStart))")
            }
            batch.cells.append(Cell(start: cellStart, count: batch.bytes.count - cellStart, slot: slot, kind: kind,
                                    column: valueColumn, line: valueLine))
            guard skipWhitespace(b, &i) else { return nil }
            if b[i] == 0x2c {
                i += 1
                guard skipWhitespace(b, &i) else { return nil }
                continue
            }
            if b[i] == 0x7d { return i + 1 }
            throw Failure(offset: i, message: "expected ',' or '}' after a value, got \(describe(b, i))")
        }
    }

    private mutating func slotFor(_ b: Bytes, _ start: Int, _ end: Int, escaped: Bool, position: Int) -> Int {
        if !escaped, position < positionCache.count {
            let cached = positionCache[position].key
            if cached.count == end - start, cached.withByteView({ c in
                var k = 0
                while k < c.count, c[k] == b[start + k] { k += 1 }
                return k == c.count
            }) {
                return positionCache[position].slot
            }
        }
        var keyBytes: [UInt8] = []
        if escaped {
            try? unescape(b, start, end, into: &keyBytes)
        } else {
            keyBytes = b[start ..< end].array
        }
        let name = String(decoding: keyBytes, as: UTF8.self)
        let slot: Int
        if let existing = slotByName[name] {
            slot = existing
        } else {
            slot = slotNames.count
            slotNames.append(name)
            slotByName[name] = slot
            onNewSlot(name, slot)
        }
        if !escaped {
            if position < positionCache.count { positionCache[position] = (keyBytes, slot) }
            else if position == positionCache.count { positionCache.append((keyBytes, slot)) }
        }
        return slot
    }

    /// Scans a string starting at its opening quote; returns the offset past
    /// the closing quote and whether it had escapes.
    private func scanString(_ b: Bytes, _ open: Int) throws(Failure) -> (Int, Bool)? {
        var i = open + 1
        var escaped = false
        while i < b.count {
            let c = b[i]
            if c == 0x22 { return (i + 1, escaped) }
            if c == 0x5c {
                escaped = true
                i += 2
                continue
            }
            if c < 0x20 {
                throw Failure(offset: i, message: c == 0x0a ? "unterminated string (newline inside a string)" : "control character inside a string")
            }
            i += 1
        }
        return nil
    }

    private func scanNumber(_ b: Bytes, _ start: Int) throws(Failure) -> Int? {
        var i = start
        func digits() -> Int { let s = i; while i < b.count, b[i] &- 0x30 < 10 { i += 1 }; return i - s }
        if b[i] == 0x2d { i += 1 }
        guard i < b.count else { return nil }
        if b[i] == 0x30 { i += 1 } else if digits() == 0 {
            throw Failure(offset: i, message: "invalid number: expected a digit")
        }
        if i < b.count, b[i] == 0x2e {
            i += 1
            if digits() == 0 {
                if i >= b.count { return nil }
                throw Failure(offset: i, message: "invalid number: expected a digit after '.'")
            }
        }
        if i < b.count, b[i] | 0x20 == 0x65 {
            i += 1
            if i < b.count, b[i] == 0x2b || b[i] == 0x2d { i += 1 }
            if digits() == 0 {
                if i >= b.count { return nil }
                throw Failure(offset: i, message: "invalid number: expected a digit in the exponent")
            }
        }
        // A number must end the value; at the end of bytes there may be more digits.
        if i >= b.count { return nil }
        return i
    }

    private func literal(_ b: Bytes, _ start: Int, _ word: StaticString) throws(Failure) -> Int? {
        let n = word.utf8CodeUnitCount
        for k in 0..<n {
            guard start + k < b.count else { return nil }
            if b[start + k] != word.utf8Start[k] {
                throw Failure(offset: start, message: "invalid literal, expected \(word)")
            }
        }
        return start + n
    }

    /// Skips an object or array value with a bracket stack (no recursion).
    private mutating func skipNested(_ b: Bytes, _ start: Int) throws(Failure) -> Int? {
        var stack: [UInt8] = []
        var i = start
        while i < b.count {
            let c = b[i]
            switch c {
            case 0x7b, 0x5b:
                stack.append(c == 0x7b ? 0x7d : 0x5d)
                i += 1
            case 0x7d, 0x5d:
                guard stack.last == c else { throw Failure(offset: i, message: "mismatched '\(Character(UnicodeScalar(c)))' in a nested value") }
                stack.removeLast()
                i += 1
                if stack.isEmpty { return i }
            case 0x22:
                guard let (end, _) = try scanString(b, i) else { return nil }
                i = end
            case 0x0a:
                line += 1
                i += 1
                lineStart = i
            default:
                i += 1
            }
        }
        return nil
    }

    private func unescape(_ b: Bytes, _ start: Int, _ end: Int, into out: inout [UInt8]) throws(Failure) {
        // The escapes' decoder reads a collection: a copy of the text
        // (escaped text only), its offsets moved back to the input's.
        let text = b[start ..< end].array
        do {
            try JSONEscapes.decode(text, 0, text.count, into: &out)
        } catch {
            throw Failure(offset: start + error.offset, message: error.message)
        }
    }

    private func describe(_ b: Bytes, _ i: Int) -> String {
        guard i < b.count else { return "the end of the input" }
        let c = b[i]
        if c >= 0x21 && c < 0x7f { return "'\(Character(UnicodeScalar(c)))'" }
        return "byte 0x" + hexByte(c)
    }
}

func hexByte(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
}
