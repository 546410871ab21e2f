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

    /// The instant and whether it is a month's start read from its fraction.
    private func decimalYear(_ b: ByteView, _ lo: Int, _ hi: Int) -> (seconds: Double, month: Bool)? {
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
            let m = Int(month)
            let t = m == 12 ? TimeParser.epoch(year + 1, 1, 1, 0, 0, 0, 0, offset: defaultOffset)
                            : TimeParser.epoch(year, m + 1, 1, 0, 0, 0, 0, offset: defaultOffset)
            return t.map { ($0, true) }
        }
        guard let start = TimeParser.epoch(year, 1, 1, 0, 0, 0, 0, offset: defaultOffset),
              let end = TimeParser.epoch(year + 1, 1, 1, 0, 0, 0, 0, offset: defaultOffset) else { return nil }
        return (start + (fraction * (end - start)).rounded(), false)
    }

    /// The year and month of `text` when it is a decimal year that names a
    /// month start, nil otherwise: the sniffer takes a column of them, some
    /// past January, for R's `time()` of a monthly or quarterly series.
    /// Naming needs three fraction digits (a month is 0.083 years; `1949.1`
    /// is February to one digit, and so is anything within 18 days of it)
    /// unless the fraction is exactly a month's (`.5`, `.25`).
    static func monthOfDecimalYear(_ text: String) -> (year: Int, month: Int)? {
        text.withByteView { b -> (year: Int, month: Int)? in
            guard let (seconds, month) = TimeParser(kind: .decimalYear, offset: .utc).decimalYear(b, 0, b.count), month
            else { return nil }
            let dot = b.firstIndex(from: 0, to: b.count) { $0 == 0x2e }
            if dot < b.count, b.count - dot - 1 < 3 {
                var fraction = 0.0, unit = 1.0
                for k in dot + 1 ..< b.count { fraction = fraction * 10 + Double(b[k] &- 0x30); unit *= 10 }
                guard (fraction / unit * 12).rounded() == fraction / unit * 12 else { return nil }
            }
            let date = CivilTime.date(days: Int((seconds / 86_400).rounded(.down)))
            return (date.year, date.month)
        }
    }
}
