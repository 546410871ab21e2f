/// Reads x values as times, to seconds since the epoch (UTC) as Float64.
///
/// `auto` detection looks at the first x value and picks a family (ISO-8601,
/// including the year-month `1949-01`; `2012/01/01`; month names, `Jan 1 2000`,
/// `1 Jan 2000`, `5-Jan-09`, `1991 Jul`, `1977-Jan`; quarters, `1970 Q1`, `1974Q1`,
/// `1960q1`, `1960-Q1`, read as the quarter's first month); later values must
/// be in the same family, so a format that changes mid-file is a bad row
/// rather than a silent misread.
public struct TimeParser: Sendable {
    enum Kind: Sendable {
        case iso, slash, monthName, quarter, epochSeconds, epochMilliseconds, dayOrdinal, decimalYear
        case pattern(TimePattern)
    }

    let kind: Kind
    /// Offset applied to times that carry no zone (`--timezone`).
    let defaultOffset: Int

    /// A short name for messages: "ISO-8601", "YYYY/MM/DD", …
    public var familyName: String {
        switch kind {
        case .iso: return "ISO-8601 (2004-01-02T03:04:05Z)"
        case .slash: return "YYYY/MM/DD"
        case .monthName: return "month name (Jan 1 2000)"
        case .quarter: return "quarter (1970 Q1)"
        case .epochSeconds: return "epoch seconds"
        case .epochMilliseconds: return "epoch milliseconds"
        case .dayOrdinal: return "day ordinal (days from 0001-01-01 as day 1)"
        case .decimalYear: return "decimal year (1949.0833 is February 1949)"
        case let .pattern(p): return "pattern \"\(p.source)\""
        }
    }

    init(kind: Kind, offset: UTCOffset) {
        self.kind = kind
        self.defaultOffset = offset.seconds
    }

    /// The parser for an explicit format; nil for `.auto` (use `detect`).
    public init?(format: TimeFormat, offset: UTCOffset) throws {
        switch format {
        case .auto: return nil
        case .iso8601: self.init(kind: .iso, offset: offset)
        case .epochSeconds: self.init(kind: .epochSeconds, offset: offset)
        case .epochMilliseconds: self.init(kind: .epochMilliseconds, offset: offset)
        case .dayOrdinal: self.init(kind: .dayOrdinal, offset: offset)
        case .decimalYear: self.init(kind: .decimalYear, offset: offset)
        case let .pattern(p): self.init(kind: .pattern(try TimePattern(p)), offset: offset)
        }
    }

    /// The family that reads `sample`, trying ISO-8601, slashes, month names, quarters.
    static func detect(_ sample: ByteView, offset: UTCOffset) -> TimeParser? {
        for kind in [Kind.iso, .slash, .monthName, .quarter] {
            let parser = TimeParser(kind: kind, offset: offset)
            if parser.parse(sample) != nil { return parser }
        }
        return nil
    }

    /// The parser for the time format `sample` is written in, or nil if it is no known time.
    /// - Complexity: O(sample length).
    public static func detect(_ sample: String, offset: UTCOffset = .utc) -> TimeParser? {
        sample.withByteView { detect($0, offset: offset) }
    }

    /// `text` as seconds since the epoch, or nil if it does not fit this format.
    /// - Complexity: O(text length).
    public func parse(_ text: String) -> Double? {
        text.withByteView { parse($0) }
    }

    /// Seconds since the epoch, or nil if `bytes` is not a time in this format.
    /// Leading and trailing spaces are ignored.
    func parse(_ bytes: ByteView) -> Double? {
        var lo = 0, hi = bytes.count
        while lo < hi, bytes[lo] == 0x20 || bytes[lo] == 0x09 { lo += 1 }
        while hi > lo, bytes[hi - 1] == 0x20 || bytes[hi - 1] == 0x09 { hi -= 1 }
        guard lo < hi else { return nil }
        var c = ByteCursor(bytes, from: lo, to: hi)
        switch kind {
        case .epochSeconds:
            return DecimalParser.parseNumber(bytes, lo, hi)
        case .epochMilliseconds:
            return DecimalParser.parseNumber(bytes, lo, hi).map { $0 / 1000 }
        case .dayOrdinal:
            guard let day = c.digits(min: 1, max: 7), c.atEnd, day >= 1 else { return nil }
            return Double((day - Self.ordinalOfEpoch) * 86_400 - defaultOffset)
        case .decimalYear:
            return parseDecimalYear(bytes, lo, hi)
        case .iso:
            return parseISO(&c)
        case .slash:
            return parseSlash(&c)
        case .monthName:
            return parseMonthName(&c)
        case .quarter:
            return parseQuarter(&c)
        case let .pattern(p):
            return p.parse(&c, defaultOffset: defaultOffset)
        }
    }

    /// The date of the last row `parseBulk` read and its day number: bulk
    /// files repeat one `YYYY-MM-DD` for thousands of rows, so a row whose
    /// ten date bytes match skips reading and validating them again.
    struct DayCache {
        /// The date bytes 0–7 and 8–9 of the last date read (see `ByteCursor.dateKey`).
        var key: (UInt64, UInt16) = (0, 0)
        /// Days since the epoch of that date; nil until one is read.
        var days: Int?

        init() {}
    }

    /// `parse` with a fixed-offset path for the shape bulk files use,
    /// `YYYY-MM-DDTHH:MM:SS[.f…][Z]`; any other text takes `parse`, so the
    /// two always agree (the fast path computes the same fields the same way).
    /// `cache` remembers the last date read, to reuse its day number.
    @inline(__always)
    func parseBulk(_ b: ByteView, _ cache: inout DayCache) -> Double? {
        guard case .iso = kind, b.count >= 19, b[4] == 0x2d, b[7] == 0x2d, b[10] == 0x54, b[13] == 0x3a, b[16] == 0x3a
        else { return parse(b) }
        @inline(__always) func two(_ k: Int) -> Int {
            let hi = b[k] &- 0x30, lo = b[k + 1] &- 0x30
            return hi < 10 && lo < 10 ? Int(hi) * 10 + Int(lo) : -1000
        }
        let key = b.dateKey()
        let days: Int
        if let known = cache.days, key == cache.key {
            days = known
        } else {
            let century = two(0), year = two(2), m = two(5), d = two(8)
            // A non-digit makes its pair negative, so one test covers all four.
            guard century | year | m | d >= 0, let read = TimeParser.day(century * 100 + year, m, d) else { return parse(b) }
            days = read
            cache = DayCache()
            cache.key = key
            cache.days = read
        }
        let h = two(11), mi = two(14), s = two(17)
        guard h | mi | s >= 0 else { return parse(b) }
        var k = 19
        var frac = 0.0
        if k < b.count, b[k] == 0x2e {
            // The same digits-to-seconds rule as every pattern's `%f`.
            var cursor = ByteCursor(b, from: k + 1)
            guard let f = cursor.fraction() else { return parse(b) }
            frac = f
            k = cursor.position
        }
        var offset = defaultOffset
        if k < b.count, b[k] == 0x5a {
            offset = 0
            k += 1
        }
        guard k == b.count else { return parse(b) }
        return TimeParser.epoch(days: days, h, mi, s, frac, offset: offset)
    }

    private func parseISO(_ c: inout ByteCursor) -> Double? {
        guard let y = c.digits(4), c.skip(0x2d), let m = c.digits(2) else { return nil }
        // ISO 8601's reduced precision `YYYY-MM`: the month's first day.
        if c.atEnd { return TimeParser.epoch(y, m, 1, 0, 0, 0, 0, offset: defaultOffset) }
        guard c.skip(0x2d), let d = c.digits(2) else { return nil }
        return finishDateTime(&c, y, m, d, separators: [0x54, 0x74, 0x20])
    }

    private func parseSlash(_ c: inout ByteCursor) -> Double? {
        guard let y = c.digits(4), c.skip(0x2f), let m = c.digits(min: 1, max: 2), c.skip(0x2f),
              let d = c.digits(min: 1, max: 2) else { return nil }
        return finishDateTime(&c, y, m, d, separators: [0x20, 0x54])
    }

    private func parseMonthName(_ c: inout ByteCursor) -> Double? {
        let y: Int, m: Int, d: Int
        if let month = c.monthName() {
            // "Jan 1 2000", "Jan 1, 2000", "January 01 2000"
            guard c.skipSpaces() || c.skip(0x2d), let day = c.digits(min: 1, max: 2) else { return nil }
            _ = c.skip(0x2c)
            guard c.skipSpaces() || c.skip(0x2d), let year = c.digits(4) else { return nil }
            (y, m, d) = (year, month, day)
        } else if let year = Self.yearFirst(&c) {
            // "1991 Jul", "1977-Jan", "2000 Jan 5": the day is optional.
            guard let month = c.monthName() else { return nil }
            var day = 1
            if c.skipSpaces() || c.skip(0x2d) {
                guard let dd = c.digits(min: 1, max: 2) else { return nil }
                day = dd
            }
            (y, m, d) = (year, month, day)
        } else {
            // "1 Jan 2000", "5-Jan-09" (a two-digit year as %y reads it)
            guard let day = c.digits(min: 1, max: 2), c.skipSpaces() || c.skip(0x2d), let month = c.monthName(),
                  c.skipSpaces() || c.skip(0x2d), let year = c.digits(4) ?? c.digits(2).map({ $0 < 69 ? 2000 + $0 : 1900 + $0 })
            else { return nil }
            (y, m, d) = (year, month, day)
        }
        return finishDateTime(&c, y, m, d, separators: [0x20])
    }

    /// A four-digit year and the space or dash after it, or nil with the cursor left in place.
    private static func yearFirst(_ c: inout ByteCursor) -> Int? {
        let start = c.position
        if let year = c.digits(4), c.skipSpaces() || c.skip(0x2d) { return year }
        c.position = start
        return nil
    }

    /// `1970 Q1`, `1974Q1`, `1960q1`, `1960-Q1`: the quarter's first month, day 1.
    private func parseQuarter(_ c: inout ByteCursor) -> Double? {
        guard let y = c.digits(4) else { return nil }
        if !c.skipSpaces() { _ = c.skip(0x2d) }
        guard let q = c.peek, q | 0x20 == 0x71 else { return nil }
        c.position += 1
        guard let n = c.digits(1), n >= 1, n <= 4, c.atEnd else { return nil }
        return TimeParser.epoch(y, (n - 1) * 3 + 1, 1, 0, 0, 0, 0, offset: defaultOffset)
    }

    /// After a date: optional `<sep>HH:MM[:SS[.fff]]`, optional zone, end.
    private func finishDateTime(_ c: inout ByteCursor, _ y: Int, _ m: Int, _ d: Int, separators: [UInt8]) -> Double? {
        var h = 0, mi = 0, s = 0, frac = 0.0
        var offset = defaultOffset
        if let sep = c.peek, separators.contains(sep) {
            c.position += 1
            if sep == 0x20 { _ = c.skipSpaces() }
            guard let hh = c.digits(2), c.skip(0x3a), let mm = c.digits(2) else { return nil }
            (h, mi) = (hh, mm)
            if c.skip(0x3a) {
                guard let ss = c.digits(2) else { return nil }
                s = ss
                if c.skip(0x2e) || c.skip(0x2c) {
                    guard let f = c.fraction() else { return nil }
                    frac = f
                }
            }
            _ = c.skipSpaces()
            if let zone = c.zoneOffset() { offset = zone }
        }
        guard c.atEnd else { return nil }
        return TimeParser.epoch(y, m, d, h, mi, s, frac, offset: offset)
    }

    /// `date(1970, 1, 1).toordinal()` in Python: day 1 is 0001-01-01.
    static let ordinalOfEpoch = 719_163

    /// Validated civil fields → epoch seconds.
    static func epoch(_ y: Int, _ m: Int, _ d: Int, _ h: Int, _ mi: Int, _ s: Int, _ frac: Double, offset: Int) -> Double? {
        guard let days = day(y, m, d) else { return nil }
        return epoch(days: days, h, mi, s, frac, offset: offset)
    }

    /// A valid civil date → days since the epoch; nil for a month or day out of range.
    @inline(__always)
    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int? {
        guard m >= 1, m <= 12, d >= 1, d <= CivilTime.daysInMonth(year: y, month: m) else { return nil }
        return CivilTime.days(year: y, month: m, day: d)
    }

    /// A day number and validated time of day → epoch seconds.
    @inline(__always)
    static func epoch(days: Int, _ h: Int, _ mi: Int, _ s: Int, _ frac: Double, offset: Int) -> Double? {
        guard h >= 0, (h <= 23 || (h == 24 && mi == 0 && s == 0 && frac == 0)), mi >= 0, mi <= 59, s >= 0, s <= 59
        else { return nil }
        let whole = days * 86_400 + h * 3600 + mi * 60 + s - offset
        return Double(whole) + frac
    }
}
