/// `01/02/2024`, `1.2.24`, `12-31-2024 10:00`, `3/4/2024 1:05:00 PM`: a
/// date whose first two numbers are a month and a day in an order one
/// value cannot tell. A column of them is read month-first when a second
/// number exceeds 12, day-first when a first one does (or the separator is
/// a dot, as in `24.03.2010`); when neither does, a column of more than 12
/// values in which one number never changes and the other does is monthly
/// data dated on one day of each month (`1/1/1957`, `2/1/1957`, …): the
/// changing number is the month. It is ambiguous otherwise.
struct DayMonthDate: Equatable {
    var first: Int
    var second: Int
    /// Everything but the order: separator, year digits and clock, as a
    /// pattern with `{A}`/`{B}` for the two numbers.
    var shape: String

    init?(_ text: String) {
        let t = text.trimmingSpaces
        guard let parsed = t.withByteView({ Self.parse($0) }) else { return nil }
        (first, second, shape) = parsed
    }

    private static func parse(_ b: ByteView) -> (Int, Int, String)? {
        var c = ByteCursor(b)
        guard let a = c.digits(min: 1, max: 2), let sep = c.peek, sep == 0x2f || sep == 0x2e || sep == 0x2d else { return nil }
        c.position += 1
        guard let m = c.digits(min: 1, max: 2), c.skip(sep) else { return nil }
        let start = c.position
        guard c.digits(min: 2, max: 4) != nil, c.position - start != 3 else { return nil }
        let s = String(UnicodeScalar(sep))
        var shape = "{A}\(s){B}\(s)" + (c.position - start == 4 ? "%Y" : "%y")
        guard a >= 1, a <= 31, m >= 1, m <= 31 else { return nil }
        if !c.atEnd {
            guard let sepTime = c.peek, sepTime == 0x20 || sepTime == 0x54 else { return nil }
            c.position += 1
            _ = c.skipSpaces()
            guard c.digits(min: 1, max: 2) != nil, c.skip(0x3a), c.digits(2) != nil else { return nil }
            var clock = "%H:%M"
            if c.skip(0x3a) {
                guard c.digits(2) != nil else { return nil }
                clock += ":%S"
            }
            _ = c.skipSpaces()
            if let p = c.peek, p | 0x20 == 0x61 || p | 0x20 == 0x70 {
                guard c.end - c.position == 2, b[c.position + 1] | 0x20 == 0x6d else { return nil }
                c.position += 2
                clock = clock.replacingFirst("%H", with: "%I") + " %p"
            }
            guard c.atEnd else { return nil }
            shape += (sepTime == 0x54 ? "T" : " ") + clock
        }
        return (a, m, shape)
    }

    func pattern(monthFirst: Bool) -> String {
        shape.replacingFirst("{A}", with: monthFirst ? "%m" : "%d").replacingFirst("{B}", with: monthFirst ? "%d" : "%m")
    }

    /// What a column of such dates is, from all of its values.
    enum Order: Equatable {
        case resolved(pattern: String)
        /// No value tells the order: the two patterns to choose between, US first.
        case ambiguous(monthFirst: String, dayFirst: String)
    }

    /// Nil unless every value is such a date of one shape and some order fits them all.
    static func order(of values: [String]) -> Order? {
        var shape: String?
        var maxFirst = 0, maxSecond = 0
        var firsts = Set<Int>(), seconds = Set<Int>()
        for value in values {
            guard let d = DayMonthDate(value), shape == nil || shape == d.shape else { return nil }
            shape = d.shape
            maxFirst = max(maxFirst, d.first)
            maxSecond = max(maxSecond, d.second)
            firsts.insert(d.first)
            seconds.insert(d.second)
        }
        guard let shape else { return nil }
        let sample = DayMonthDate(first: 1, second: 1, shape: shape)
        switch (maxFirst > 12, maxSecond > 12) {
        case (true, true): return nil
        case (true, false): return .resolved(pattern: sample.pattern(monthFirst: false))
        case (false, true): return .resolved(pattern: sample.pattern(monthFirst: true))
        case (false, false):
            if shape.hasPrefix("{A}.") { return .resolved(pattern: sample.pattern(monthFirst: false)) }
            // More than 12 dates none of which has a day above 12: one day of every month.
            if values.count > 12, seconds.count == 1, firsts.count > 1 { return .resolved(pattern: sample.pattern(monthFirst: true)) }
            if values.count > 12, firsts.count == 1, seconds.count > 1 { return .resolved(pattern: sample.pattern(monthFirst: false)) }
            return .ambiguous(monthFirst: sample.pattern(monthFirst: true), dayFirst: sample.pattern(monthFirst: false))
        }
    }

    private init(first: Int, second: Int, shape: String) {
        self.first = first
        self.second = second
        self.shape = shape
    }
}

extension String {
    func replacingFirst(_ target: String, with replacement: String) -> String {
        let chars = Array(self), t = Array(target)
        guard !t.isEmpty, t.count <= chars.count else { return self }
        for i in 0 ... chars.count - t.count where chars[i ..< i + t.count].elementsEqual(t) {
            return String(chars[..<i]) + replacement + String(chars[(i + t.count)...])
        }
        return self
    }
}
