/// The keys of the last NDJSON line read the general way, and a scanner
/// for lines that repeat them in the plain form: the same keys in the same
/// order, written without escapes, each value an unescaped string, a
/// number or `null`. Such lines — nearly every line of a machine-written
/// file — are scanned in one pass with no copying: their cells point into
/// the input. Any other line is left to `JSONObjectScanner`, so what a
/// line means never depends on which scanner read it.
struct JSONLineTemplate {
    /// The slot of each key, in order.
    let slots: [Int]
    /// Every key as it appears in a line, quotes included (`"name"`), end to end.
    private let keyBytes: [UInt8]
    /// Where each key ends in `keyBytes`.
    private let keyEnds: [Int]

    /// Nil when the keys repeat, or when one could only be written escaped
    /// (a quote, backslash or control character): matching those byte for
    /// byte could accept a line the general scanner refuses.
    init?(slots: [Int], names: [String]) {
        guard !slots.isEmpty, Set(slots).count == slots.count else { return nil }
        var bytes: [UInt8] = [], ends: [Int] = []
        for slot in slots {
            let name = Array(names[slot].utf8)
            guard !name.contains(where: { $0 == 0x22 || $0 == 0x5c || $0 < 0x20 }) else { return nil }
            bytes.append(0x22)
            bytes += name
            bytes.append(0x22)
            ends.append(bytes.count)
        }
        self.slots = slots
        keyBytes = bytes
        keyEnds = ends
    }

    /// Scans the object that is one line's content, `b[begin ..< end]`.
    /// Appends a cell per key (offsets into `b`) and returns the record,
    /// or returns nil with `cells` as it was when the line is not in the
    /// plain form.
    /// - Complexity: O(end - begin).
    @inline(__always) // inlined into the line loop, the template is borrowed, not retained, per line
    func scan(_ b: ByteView, _ begin: Int, _ end: Int, line: Int, into cells: inout [Cell]) -> RecordInfo? {
        let firstCell = cells.count
        guard let objectStart = Self.skipBlanks(b, begin, end), b[objectStart] == 0x7b else { return nil }
        var i = objectStart + 1
        guard scanPairs(b, begin, end, line: line, from: &i, into: &cells) else {
            cells.removeSubrange(firstCell...)
            return nil
        }
        return RecordInfo(line: line, firstCell: firstCell, cellCount: slots.count, rawStart: objectStart, rawCount: i - objectStart)
    }

    /// The key-value pairs and the closing brace from `i` on: false at the
    /// first byte that is not the plain form. A method, not a closure, so
    /// the per-line loop keeps its state in registers.
    @inline(__always)
    private func scanPairs(_ b: ByteView, _ begin: Int, _ end: Int, line: Int, from i: inout Int, into cells: inout [Cell]) -> Bool {
        var keyStart = 0
        for k in keyEnds.indices {
            let keyEnd = keyEnds[k]
            let length = keyEnd - keyStart
            guard let at = Self.skipBlanks(b, i, end), end - at > length,
                  b.holds(keyBytes, keyStart ..< keyEnd, at: at) else { return false }
            keyStart = keyEnd
            guard let colon = Self.skipBlanks(b, at + length, end), b[colon] == 0x3a,
                  let valueStart = Self.skipBlanks(b, colon + 1, end) else { return false }
            let cell: Cell
            switch b[valueStart] {
            case 0x22:
                let j = b.firstIndex(from: valueStart + 1, to: end) { $0 == 0x22 || $0 == 0x5c || $0 < 0x20 }
                guard j < end, b[j] == 0x22 else { return false }
                cell = Cell(start: valueStart + 1, count: j - valueStart - 1, slot: slots[k], kind: .text,
                            column: valueStart - begin + 1, line: line)
                i = j + 1
            case 0x2d, 0x30 ... 0x39:
                guard let j = Self.numberEnd(b, valueStart, end) else { return false }
                cell = Cell(start: valueStart, count: j - valueStart, slot: slots[k], kind: .number,
                            column: valueStart - begin + 1, line: line)
                i = j
            case 0x6e:
                guard end - valueStart >= 4, b[valueStart + 1] == 0x75, b[valueStart + 2] == 0x6c,
                      b[valueStart + 3] == 0x6c else { return false }
                cell = Cell(start: valueStart, count: 4, slot: slots[k], kind: .null,
                            column: valueStart - begin + 1, line: line)
                i = valueStart + 4
            default:
                return false
            }
            cells.append(cell)
            guard let next = Self.skipBlanks(b, i, end) else { return false }
            let wanted: UInt8 = k == keyEnds.count - 1 ? 0x7d : 0x2c
            guard b[next] == wanted else { return false }
            i = next + 1
        }
        return Self.skipBlanks(b, i, end) == nil
    }

    /// The first byte at or after `i` that is not JSON whitespace (a line
    /// holds no newline), or nil at `end`.
    @inline(__always)
    private static func skipBlanks(_ b: ByteView, _ i: Int, _ end: Int) -> Int? {
        let found = b.firstIndex(from: i, to: end) { $0 != 0x20 && $0 != 0x09 && $0 != 0x0d }
        return found < end ? found : nil
    }

    /// The end of a number in JSON's grammar starting at `i`, or nil if
    /// the bytes are not one (or the line ends with it, where a value
    /// cannot end).
    @inline(__always)
    private static func numberEnd(_ b: ByteView, _ start: Int, _ end: Int) -> Int? {
        var i = start
        @inline(__always) func digits() -> Int {
            let s = i
            i = b.firstIndex(from: i, to: end) { $0 &- 0x30 >= 10 }
            return i - s
        }
        if b[i] == 0x2d { i += 1 }
        guard i < end else { return nil }
        if b[i] == 0x30 { i += 1 } else if digits() == 0 { return nil }
        if i < end, b[i] == 0x2e {
            i += 1
            if digits() == 0 { return nil }
        }
        if i < end, b[i] | 0x20 == 0x65 {
            i += 1
            if i < end, b[i] == 0x2b || b[i] == 0x2d { i += 1 }
            if digits() == 0 { return nil }
        }
        return i < end ? i : nil
    }
}
