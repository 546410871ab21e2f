import Testing
@testable import RangePipeKit

/// Expected epoch seconds were computed with Python's `datetime` (an independent implementation).
@Suite("Time parsing")
struct TimeParserTests {
    @Test("auto detects every format SPEC 1.1 lists", arguments: [
        ("2004-01-02", 1073001600.0),
        ("2004-01-02T03:04:05Z", 1073012645.0),
        ("2004-01-02T03:04:05.250+02:00", 1073005445.25),
        ("2004-01-02 03:04:05", 1073012645.0),
        ("2012/01/01", 1325376000.0),
        ("2010/01/01 00:00", 1262304000.0),
        ("Jan 1 2000", 946684800.0),
        ("January 1, 2000", 946684800.0),
        ("1 Jan 2000", 946684800.0),
        ("2000-02-29T23:59:59Z", 951868799.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2024-01-01T00:00:00.000Z", 1704067200.0),
        ("2004-01-02T03:04:05-0530", 1073032445.0),
    ])
    func autoFormats(text: String, expected: Double) throws {
        let parser = try #require(TimeParser.detect(text))
        #expect(parser.parse(text) == expected)
    }

    @Test("invalid dates are not times", arguments: ["2004-02-30", "2003-02-29", "2004-13-01", "2004-01-02T25:00", "2004-01-02T10:61",
                                                      "Foo 1 2000", "2004-1-2", "20040102", "1.5", "Q1", "2004-01-02T03:04:05Zjunk"])
    func invalid(text: String) {
        #expect(TimeParser.detect(text) == nil)
    }

    @Test("a family does not read another family's values")
    func familiesAreDistinct() throws {
        let slash = try #require(TimeParser.detect("2012/01/01"))
        #expect(slash.parse("2012-01-02") == nil)
        let iso = try #require(TimeParser.detect("2012-01-01"))
        #expect(iso.parse("Jan 2 2012") == nil)
    }

    @Test("--timezone applies to times without a zone only")
    func timezone() throws {
        let offset = try UTCOffset(argument: "+02:00")
        let parser = try #require(TimeParser.detect("2004-01-02T03:04:05", offset: offset))
        #expect(parser.parse("2004-01-02T03:04:05") == 1073012645.0 - 7200)
        #expect(parser.parse("2004-01-02T03:04:05Z") == 1073012645.0)
    }

    @Test("epoch and strptime formats")
    func explicitFormats() throws {
        let s = try #require(try TimeParser(format: .epochSeconds, offset: .utc))
        #expect(s.parse("1704067200") == 1704067200)
        let ms = try #require(try TimeParser(format: .epochMilliseconds, offset: .utc))
        #expect(ms.parse("1704067200500") == 1704067200.5)
        let pattern = try #require(try TimeParser(format: .pattern("%d.%m.%Y %H:%M"), offset: .utc))
        #expect(pattern.parse("07.03.2015 14:30") == 1425738600)
        let named = try #require(try TimeParser(format: .pattern("%b %y"), offset: .utc))
        #expect(named.parse("Feb 21") == 1612137600)
        let ampm = try #require(try TimeParser(format: .pattern("%Y-%m-%d %I:%M %p"), offset: .utc))
        #expect(ampm.parse("2015-03-07 02:30 PM") == 1425738600)
        #expect(throws: RangePipeError.self) { try TimeFormat(argument: "%Q") }
        #expect(throws: RangePipeError.self) { try TimeFormat(argument: "nonsense") }
    }

    @Test("ISO-8601 output drops trailing zeros and keeps up to 6 digits")
    func isoOutput() {
        #expect(CivilTime.iso8601(1073012645) == "2004-01-02T03:04:05Z")
        #expect(CivilTime.iso8601(1073005445.25) == "2004-01-02T01:04:05.25Z")
        #expect(CivilTime.iso8601(-1) == "1969-12-31T23:59:59Z")
        #expect(CivilTime.iso8601(0.000001) == "1970-01-01T00:00:00.000001Z")
        #expect(CivilTime.iso8601(951868799) == "2000-02-29T23:59:59Z")
    }

    /// Month lengths from the Gregorian rule, written out here (not the
    /// code under test): February has 29 days in years divisible by 4,
    /// except centuries not divisible by 400.
    static func monthLength(_ year: Int, _ month: Int) -> Int {
        let table = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return month == 2 && leap ? 29 : table[month - 1]
    }

    @Test("civil day arithmetic round-trips over 400 years, walked with a fixed month table")
    func civilRoundTrip() {
        // days(1970-01-01) is 0 and consecutive dates differ by one day.
        #expect(CivilTime.days(year: 1970, month: 1, day: 1) == 0)
        // Fixed points counted by hand: 2000-03-01 is 11 017 days on (30 years, 7 leap days, Jan + Feb 2000 = 60 days).
        #expect(CivilTime.days(year: 2000, month: 3, day: 1) == 30 * 365 + 7 + 60)
        #expect(CivilTime.days(year: 1900, month: 3, day: 1) == -(70 * 365 + 17) + 59) // 1900 is not a leap year
        var previous = CivilTime.days(year: 1800, month: 1, day: 1) - 1
        var walked = 0
        for year in 1800 ... 2200 {
            for month in 1 ... 12 {
                #expect(CivilTime.daysInMonth(year: year, month: month) == Self.monthLength(year, month), "\(year)-\(month)")
                for day in 1 ... Self.monthLength(year, month) {
                    walked += 1
                    let d = CivilTime.days(year: year, month: month, day: day)
                    if d != previous + 1 { Issue.record("\(year)-\(month)-\(day): \(d) after \(previous)") }
                    previous = d
                    let back = CivilTime.date(days: d)
                    if back.year != year || back.month != month || back.day != day {
                        Issue.record("\(year)-\(month)-\(day) came back as \(back)")
                    }
                }
            }
        }
        // 401 years with 97 leap days (1800, 1900, 2100, 2200 are not leap years).
        #expect(walked == 401 * 365 + 97)
    }
}
