/// A forward reader over a byte view for the fixed-format parsers
/// (times, durations). Every method either consumes what it matched or
/// leaves the position unchanged and returns nil/false.
struct ByteCursor {
    let bytes: ByteView
    var position: Int
    /// Where reading stops: at most `bytes.count`.
    let end: Int

    init(_ bytes: ByteView, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.position = start
        self.end = min(end ?? bytes.count, bytes.count)
    }

    /// The byte at `index` (bounds-checked by the view).
    @inline(__always)
    subscript(_ index: Int) -> UInt8 { bytes[index] }
}

extension ByteCursor {
    var atEnd: Bool { position >= end }
    var peek: UInt8? { position < end ? self[position] : nil }

    @inline(__always)
    mutating func skip(_ byte: UInt8) -> Bool {
        if position < end, self[position] == byte { position += 1; return true }
        return false
    }

    mutating func skipSpaces() -> Bool {
        let start = position
        while position < end, self[position] == 0x20 || self[position] == 0x09 { position += 1 }
        return position > start
    }

    /// Exactly `count` ASCII digits.
    @inline(__always)
    mutating func digits(_ count: Int) -> Int? {
        guard end - position >= count else { return nil }
        var v = 0
        for k in 0..<count {
            let d = self[position + k] &- 0x30
            guard d < 10 else { return nil }
            v = v * 10 + Int(d)
        }
        position += count
        return v
    }

    /// Between `min` and `max` ASCII digits, greedily.
    mutating func digits(min: Int, max: Int) -> Int? {
        var v = 0, n = 0
        while n < max, position + n < end {
            let d = self[position + n] &- 0x30
            guard d < 10 else { break }
            v = v * 10 + Int(d)
            n += 1
        }
        guard n >= min else { return nil }
        position += n
        return v
    }

    /// A fraction after the decimal point, as seconds (any number of digits).
    @inline(__always)
    mutating func fraction() -> Double? {
        var v = 0.0, scale = 1.0, n = 0
        while position < end {
            let d = self[position] &- 0x30
            guard d < 10 else { break }
            if n < 15 { v = v * 10 + Double(d); scale *= 10 }
            n += 1
            position += 1
        }
        return n > 0 ? v / scale : nil
    }

    /// A month name, three-letter or full, any case: 1–12.
    mutating func monthName() -> Int? {
        guard end - position >= 3 else { return nil }
        let names = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]
        let full = ["january", "february", "march", "april", "may", "june", "july", "august",
                    "september", "october", "november", "december"]
        let a = self[position] | 0x20, b = self[position + 1] | 0x20, c = self[position + 2] | 0x20
        for (index, name) in names.enumerated() {
            let u = Array(name.utf8)
            guard u[0] == a && u[1] == b && u[2] == c else { continue }
            position += 3
            // Accept the rest of the full name, or "Sept".
            let rest = Array(full[index].utf8.dropFirst(3))
            var k = 0
            while k < rest.count, position + k < end, self[position + k] | 0x20 == rest[k] { k += 1 }
            if k == rest.count { position += k } else if k > 0 {
                // A partial suffix is only fine if it is "t" of "Sept".
                if !(index == 8 && k == 1) { position -= 3; return nil }
                position += k
            }
            _ = skip(0x2e) // "Jan."
            return index + 1
        }
        return nil
    }

    /// `Z`, `±HH:MM`, `±HHMM` or `±HH` → seconds east of UTC.
    mutating func zoneOffset() -> Int? {
        let start = position
        guard let c = peek else { return nil }
        if c == 0x5a || c == 0x7a { position += 1; return 0 }
        guard c == 0x2b || c == 0x2d else { return nil }
        position += 1
        guard let h = digits(2), h <= 23 else { position = start; return nil }
        var m = 0
        if skip(0x3a) {
            guard let mm = digits(2) else { position = start; return nil }
            m = mm
        } else if let mm = digits(2) {
            m = mm
        }
        guard m < 60 else { position = start; return nil }
        let s = h * 3600 + m * 60
        return c == 0x2d ? -s : s
    }
}
