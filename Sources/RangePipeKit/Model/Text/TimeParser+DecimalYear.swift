/// Decimal years (`--input-time-format decimal-year`): `1949.0833333333`
/// as R's `time()` writes a monthly `ts` (year + (month − 1) / frequency,
/// 15 significant digits), or lubridate's `decimal_date`.
///
/// A value is read at the precision it was written in: when the month
/// start m / 12 lies within half a unit of its last digit, it is that
/// month's first instant (so quarters, `+ 0.25`, are their first month);
/// otherwise it is the instant year start + fraction × the year's length,
/// rounded to the whole second. A date that lubridate writes as exactly a
/// month's fraction (2000-03-02 in a leap year is 2000 + 61/366 = 2000 +
/// 2/12) reads as that month.
extension TimeParser {
    /// Years 1–9999 with an optional fraction; no sign or exponent.
    /// - Complexity: O(text length).
    func parseDecimalYear(_ b: ByteView, _ lo: Int, _ hi: Int) -> Double? {
        decimalYear(b, lo, hi)?.seconds
    }

    /// The instant; the month it starts when read as one; and whether the
    /// text names that month: three fraction digits or more (a month is
    /// 0.083 years: `1949.1` is February to one digit, and so is anything
    /// within 18 days of it), or a fraction exactly a month's (`.5`, `.25`).
    private func decimalYear(_ b: ByteView, _ lo: Int, _ hi: Int)
        -> (seconds: Double, month: (year: Int, month: Int)?, named: Bool)? {
        var i = lo, year = 0
        while i < hi, b[i] &- 0x30 < 10, i - lo < 4 {
            year = year * 10 + Int(b[i] &- 0x30)
            i += 1
        }
        guard i > lo, year >= 1 else { return nil }
        var fraction = 0.0, digits = 0
        if i < hi {
            guard b[i] == 0x2e else { return nil }
            i += 1
            var scaled: UInt64 = 0
            while i < hi, b[i] &- 0x30 < 10 {
                // Past 18 digits a year's fraction is below a picosecond: read, not kept.
                if digits < 18 { scaled = scaled * 10 + UInt64(b[i] &- 0x30); digits += 1 }
                i += 1
            }
            guard i == hi else { return nil }
            var unit = 1.0
            for _ in 0 ..< digits { unit *= 10 }
            fraction = Double(scaled) / unit
        }
        // Half a unit of the last digit written, and no less than the
        // error of a 17-digit double near year 2000 (2.3e-13).
        var tolerance = 0.5
        for _ in 0 ..< digits { tolerance /= 10 }
        tolerance = max(tolerance, 1e-12)
        let month = (fraction * 12).rounded()
        if abs(fraction - month / 12) <= tolerance {
            let start = Int(month) == 12 ? (year: year + 1, month: 1) : (year: year, month: Int(month) + 1)
            let named = digits >= 3 || fraction * 12 == month
            return TimeParser.epoch(start.year, start.month, 1, 0, 0, 0, 0, offset: defaultOffset).map { ($0, start, named) }
        }
        guard let start = TimeParser.epoch(year, 1, 1, 0, 0, 0, 0, offset: defaultOffset),
              let end = TimeParser.epoch(year + 1, 1, 1, 0, 0, 0, 0, offset: defaultOffset) else { return nil }
        return (start + (fraction * (end - start)).rounded(), nil, false)
    }

    /// The year and month of `text` when it names a month's start (see
    /// `decimalYear`), nil otherwise: the sniffer takes a column of them,
    /// some past January, for R's `time()` of a monthly or quarterly series.
    static func monthOfDecimalYear(_ text: String) -> (year: Int, month: Int)? {
        text.withByteView { b in
            guard let read = TimeParser(kind: .decimalYear, offset: .utc).decimalYear(b, 0, b.count), read.named
            else { return nil }
            return read.month
        }
    }
}
