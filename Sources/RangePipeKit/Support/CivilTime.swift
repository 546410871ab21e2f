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
    /// trailing zeros and a bare `.` dropped (SPEC 5).
    /// - Complexity: O(1).
    public static func iso8601(_ seconds: Double) -> String {
        let micros = (seconds * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9.0e18 else { return "null" }
        let total = Int64(micros)
        var secs = total / 1_000_000
        var frac = total % 1_000_000
        if frac < 0 { frac += 1_000_000; secs -= 1 }
        var day = secs / 86_400
        var sod = secs % 86_400
        if sod < 0 { sod += 86_400; day -= 1 }
        let (y, m, d) = date(days: Int(day))
        var out = ""
        out.reserveCapacity(27)
        if y < 0 { out += "-" }
        let ay = abs(y)
        out += ay < 1000 ? String(repeating: "0", count: 4 - String(ay).count) + String(ay) : String(ay)
        out += "-" + twoDigits(m) + "-" + twoDigits(d)
        out += "T" + twoDigits(Int(sod / 3600)) + ":" + twoDigits(Int(sod % 3600 / 60)) + ":" + twoDigits(Int(sod % 60))
        if frac != 0 {
            var digits = String(frac)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            out += "." + digits
        }
        return out + "Z"
    }

    private static func twoDigits(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
}
