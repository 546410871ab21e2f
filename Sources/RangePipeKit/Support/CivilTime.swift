/// Proleptic Gregorian calendar arithmetic on days since 1970-01-01.
///
/// The algorithms are Howard Hinnant's `days_from_civil` / `civil_from_days`
/// (public-domain formulas), valid far beyond any date a chart shows.
public enum CivilTime {
    /// Days since the Unix epoch for a civil date; month 1–12, day 1–31.
    /// - Complexity: O(1).
    public static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since the Unix epoch.
    /// - Complexity: O(1).
    public static func date(days z0: Int) -> (year: Int, month: Int, day: Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    /// The times rangepipe can write as ISO-8601 and read back: seconds
    /// from 0000-01-01T00:00:00Z up to, not including, 10000-01-01 (a
    /// half-open range: 9999-12-31T23:59:59.999999 rounds to 10000-01-01
    /// in Float64). Ingest, scripts and appends refuse times outside it.
    public static let writableSeconds: Range<Double> = -62_167_219_200 ..< 253_402_300_800

    /// A Gregorian leap year.
    public static func isLeap(_ y: Int) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    /// The days in a month (1–12) of a year, 28 to 31.
    public static func daysInMonth(year: Int, month: Int) -> Int {
        switch month {
        case 2: return isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Formats epoch seconds as ISO-8601 UTC with up to 6 fraction digits,
    /// trailing zeros and a bare `.` dropped (SPEC 5); "null" past ±9·10^12 s.
    public static func iso8601(_ seconds: Double) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(27)
        appendISO8601(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
