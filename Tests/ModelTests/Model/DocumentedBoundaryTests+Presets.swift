import Foundation
import Testing
import RangePipeKit

/// docs/script-views.md "Presets": a preset reaches back from the right edge by
/// calendar arithmetic — days keep the time of day, months clamp the day to
/// the target month's length (years are 12 months), YTD is January 1 00:00.
/// The expected starts come from Foundation's Gregorian calendar in UTC,
/// not from our civil-time code, for every day of years around the leap
/// rules' edges (1900: not leap; 2000: leap; 2004, 2100).
@Suite("documented boundaries: the preset calendar")
struct DocumentedBoundaryPresetTests {
    static let calendar: Calendar = {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = TimeZone(identifier: "UTC")!
        return c
    }()

    /// The start Foundation gives for `preset` ending at `end` (epoch s).
    static func expectedStart(_ preset: RangePreset, _ end: Double) -> Double? {
        let date = Date(timeIntervalSince1970: end)
        let c = calendar
        switch preset.reach {
        case .all: return nil
        case let .days(n): return c.date(byAdding: .day, value: -n, to: date)!.timeIntervalSince1970
        case let .months(n): return c.date(byAdding: .month, value: -n, to: date)!.timeIntervalSince1970
        case .yearToDate:
            let year = c.component(.year, from: date)
            return c.date(from: DateComponents(year: year, month: 1, day: 1))!.timeIntervalSince1970
        }
    }

    @Test("every preset on every day of the years around the leap rules' edges, at 13:45:30", arguments: [1899, 1903, 1999, 2003, 2099])
    func everyDay(fromYear: Int) throws {
        let start = Self.calendar.date(from: DateComponents(year: fromYear, month: 12, day: 1, hour: 13, minute: 45, second: 30))!
        var failures: [String] = []
        for day in 0 ..< 458 { // Dec 1 through the end of February two years on
            let end = start.timeIntervalSince1970 + Double(day) * 86_400
            for p in RangePreset.allCases {
                let got = p.start(endingAt: end, zone: .utc), want = Self.expectedStart(p, end)
                if got != want { failures.append("\(p.rawValue) ending \(Date(timeIntervalSince1970: end)): \(String(describing: got)) vs \(String(describing: want))") }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) differ, e.g. \(failures.prefix(3))")
    }

    /// Epoch seconds of a UTC date and time.
    static func at(_ y: Int, _ m: Int, _ d: Int, _ h: Int = 0, _ min: Int = 0, _ s: Int = 0) -> Double {
        calendar.date(from: DateComponents(year: y, month: m, day: d, hour: h, minute: min, second: s))!.timeIntervalSince1970
    }

    @Test("month ends: Mar 28…31 − 1M on both sides of Feb's last day; Feb 29 − 1Y and − 5Y")
    func monthEnds() {
        let oneMonth = RangePreset.oneMonth
        // 2000 is leap (÷400): Feb 29 is the clamp; 2001 is not: Feb 28.
        #expect(oneMonth.start(endingAt: Self.at(2000, 3, 28, 6), zone: .utc) == Self.at(2000, 2, 28, 6))
        #expect(oneMonth.start(endingAt: Self.at(2000, 3, 29, 6), zone: .utc) == Self.at(2000, 2, 29, 6))
        #expect(oneMonth.start(endingAt: Self.at(2000, 3, 30, 6), zone: .utc) == Self.at(2000, 2, 29, 6))
        #expect(oneMonth.start(endingAt: Self.at(2001, 3, 29, 6), zone: .utc) == Self.at(2001, 2, 28, 6))
        #expect(oneMonth.start(endingAt: Self.at(1900, 3, 29, 6), zone: .utc) == Self.at(1900, 2, 28, 6))
        #expect(RangePreset.oneYear.start(endingAt: Self.at(2000, 2, 29, 6), zone: .utc) == Self.at(1999, 2, 28, 6))
        #expect(RangePreset.fiveYears.start(endingAt: Self.at(2004, 2, 29, 6), zone: .utc) == Self.at(1999, 2, 28, 6))
        #expect(RangePreset.threeMonths.start(endingAt: Self.at(2000, 5, 31), zone: .utc) == Self.at(2000, 2, 29))
        #expect(RangePreset.sixMonths.start(endingAt: Self.at(2000, 8, 31), zone: .utc) == Self.at(2000, 2, 29))
    }

    @Test("YTD: January 1 00:00 of the edge's year, from a second after midnight to the last second of the year")
    func yearToDate() {
        #expect(RangePreset.yearToDate.start(endingAt: Self.at(2001, 1, 1), zone: .utc) == Self.at(2001, 1, 1))
        #expect(RangePreset.yearToDate.start(endingAt: Self.at(2001, 1, 1, 0, 0, 1), zone: .utc) == Self.at(2001, 1, 1))
        #expect(RangePreset.yearToDate.start(endingAt: Self.at(2000, 12, 31, 23, 59, 59), zone: .utc) == Self.at(2000, 1, 1))
    }

    @Test("days keep the time of day: 1D and 5D back from 13:45:30 land on 13:45:30")
    func daysKeepTime() {
        #expect(RangePreset.oneDay.start(endingAt: Self.at(2000, 3, 1, 13, 45, 30), zone: .utc) == Self.at(2000, 2, 29, 13, 45, 30))
        #expect(RangePreset.fiveDays.start(endingAt: Self.at(2001, 3, 1, 13, 45, 30), zone: .utc) == Self.at(2001, 2, 24, 13, 45, 30))
    }

    @Test("offered when the start is not before the lower bound: 1Y over exactly a year of data is offered and named over all (ties: button order); a day less, not")
    func offeredAtLowerBound() throws {
        func plan(from first: String) throws -> ScriptPlan {
            try ScriptPlan(script: try decodeScript(#"{"events": []}"#), series: dailySeries(from: first, to: "2001-01-01"))
        }
        func oneYear(_ p: ScriptPlan) -> PresetButton? { p.presetButtons.first { $0.preset == .oneYear } }
        // 1Y back from 2001-01-01 starts on 2000-01-01.
        let exact = try plan(from: "2000-01-01"), short = try plan(from: "2000-01-02"), long = try plan(from: "1999-12-31")
        #expect(oneYear(exact)?.offered == true)
        #expect(oneYear(short)?.offered == false)
        #expect(oneYear(long)?.offered == true)
        // On `exact` 1Y's window is the bounds, as is all's: the first in button order (1Y) is named.
        let bounds = Window(Self.at(2000, 1, 1), Self.at(2001, 1, 1))
        #expect(oneYear(exact)?.window == bounds)
        #expect(exact.preset(matching: bounds) == .oneYear)
        #expect(short.preset(matching: Window(Self.at(2000, 1, 2), Self.at(2001, 1, 1))) == .all)
    }
}
