import Testing
@testable import RangePipeKit

/// A second civil calendar for the expected values: days since 1970-01-01
/// counted by walking whole years and months (no formula shared with
/// `CivilTime`). Years from 1970 on.
enum WalkedCalendar {
    static func isLeap(_ y: Int) -> Bool { y % 400 == 0 || (y % 4 == 0 && y % 100 != 0) }

    static func monthLength(_ y: Int, _ m: Int) -> Int {
        [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
    }

    static func day(_ y: Int, _ m: Int, _ d: Int) -> Int {
        var n = 0
        for year in 1970 ..< y { n += isLeap(year) ? 366 : 365 }
        for month in 1 ..< m { n += monthLength(y, month) }
        return n + d - 1
    }

    /// UTC epoch seconds of a date written "YYYY-MM-DD", plus `time` seconds.
    static func seconds(_ date: String, time: Double = 0) -> Double {
        let p = date.split(separator: "-").map { Int($0)! }
        return Double(day(p[0], p[1], p[2])) * 86_400 + time
    }
}

/// UTC epoch seconds of a civil UTC time.
func utc(_ y: Int, _ mo: Int, _ d: Int, _ h: Int = 0, _ mi: Int = 0, _ s: Double = 0) -> Double {
    Double(CivilTime.days(year: y, month: mo, day: d) * 86_400 + h * 3600 + mi * 60) + s
}

/// Weekday-only daily points at 16:00 UTC from `first` to `last`, leaving
/// out weekends and the dates in `holidays`; values distinct.
func weekdaySeries(from first: String, to last: String, holidays: Set<String> = []) -> Series {
    let a = WalkedCalendar.seconds(first) / 86_400, b = WalkedCalendar.seconds(last) / 86_400
    var x: [Double] = []
    for d in Int(a) ... Int(b) {
        // 1970-01-01 was a Thursday: (d + 3) % 7 is 0 on Mondays.
        let weekday = (d + 3) % 7
        let date = String(CivilTime.iso8601(Double(d) * 86_400).prefix(10))
        if weekday < 5, !holidays.contains(date) { x.append(Double(d) * 86_400 + 57_600) }
    }
    let values = x.indices.map { Double(($0 * 37) % 101) + Double($0) * 0.001 }
    return Series(name: "wd", axis: .time, x: x, fields: [.init(name: "v", values: values)])
}
