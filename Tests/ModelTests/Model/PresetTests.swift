import Foundation
import Testing
@testable import RangePipeKit

/// A daily time series at `time` seconds past UTC midnight, from `first` to `last` (dates).
func dailySeries(from first: String, to last: String, time: Double = 0, name: String = "daily") -> Series {
    let a = WalkedCalendar.seconds(first, time: time), b = WalkedCalendar.seconds(last, time: time)
    let x = stride(from: a, through: b, by: 86_400).map { $0 }
    return Series(name: name, axis: .time, x: x, fields: [.init(name: "v", values: x.indices.map { Double($0 % 17) })])
}

/// The frame-0 window and preset of `initial` on `series`.
func initialFrame(_ series: Series, window: String, zone: String? = nil, minSpan: String? = nil) throws -> Frame {
    let x = zone.map { #""x": {"zone": "\#($0)"}, "# } ?? ""
    let span = minSpan.map { #", "minSpan": "\#($0)""# } ?? ""
    let all = try frames(#"{\#(x)"duration": 0.01, "window": {"initial": \#(window)\#(span)}, "events": []}"#, series, tracks: [.range, .preset])
    return try #require(all.first)
}

@Suite("range-selector presets")
struct PresetTests {
    /// Hand-computed preset starts (dates) for a window ending on `end`, in
    /// button order 1D 5D 1M 3M 6M YTD 1Y 5Y: month ends clamp, leap days.
    static let cases: [(end: String, starts: [String])] = [
        ("2021-01-31", ["2021-01-30", "2021-01-26", "2020-12-31", "2020-10-31", "2020-07-31", "2021-01-01", "2020-01-31", "2016-01-31"]),
        ("2021-03-31", ["2021-03-30", "2021-03-26", "2021-02-28", "2020-12-31", "2020-09-30", "2021-01-01", "2020-03-31", "2016-03-31"]),
        ("2021-05-31", ["2021-05-30", "2021-05-26", "2021-04-30", "2021-02-28", "2020-11-30", "2021-01-01", "2020-05-31", "2016-05-31"]),
        ("2020-02-29", ["2020-02-28", "2020-02-24", "2020-01-29", "2019-11-29", "2019-08-29", "2020-01-01", "2019-02-28", "2015-02-28"]),
        ("2021-03-01", ["2021-02-28", "2021-02-24", "2021-02-01", "2020-12-01", "2020-09-01", "2021-01-01", "2020-03-01", "2016-03-01"]),
        ("2024-03-31", ["2024-03-30", "2024-03-26", "2024-02-29", "2023-12-31", "2023-09-30", "2024-01-01", "2023-03-31", "2019-03-31"]),
        ("2020-12-31", ["2020-12-30", "2020-12-26", "2020-11-30", "2020-09-30", "2020-06-30", "2020-01-01", "2019-12-31", "2015-12-31"]),
    ]
    static let timed: [RangePreset] = [.oneDay, .fiveDays, .oneMonth, .threeMonths, .sixMonths, .yearToDate, .oneYear, .fiveYears]

    @Test("each preset on a daily series: the window from the calendar start to the last point, named on the frame",
          arguments: cases)
    func dailyWindows(end: String, starts: [String]) throws {
        let series = dailySeries(from: "2010-01-01", to: end)
        let b = WalkedCalendar.seconds(end)
        for (preset, start) in zip(Self.timed, starts) {
            let f = try initialFrame(series, window: #"{"preset": "\#(preset.rawValue)"}"#)
            #expect(f.window == Window(WalkedCalendar.seconds(start), b), "\(preset.rawValue) ending \(end)")
            #expect(f.preset == preset, "\(preset.rawValue) ending \(end): frame names \(f.preset?.rawValue ?? "null")")
        }
        let all = try initialFrame(series, window: #"{"preset": "all"}"#)
        #expect(all.window == Window(WalkedCalendar.seconds("2010-01-01"), b))
        #expect(all.preset == .all)
    }

    @Test("the time of day is kept: days and months step back whole dates at the same clock time")
    func timeOfDay() throws {
        let t = 15.5 * 3600
        let series = dailySeries(from: "2012-06-01", to: "2021-03-31", time: t)
        let b = WalkedCalendar.seconds("2021-03-31", time: t)
        let month = try initialFrame(series, window: #"{"preset": "1M"}"#)
        #expect(month.window == Window(WalkedCalendar.seconds("2021-02-28", time: t), b))
        // YTD starts at midnight, not at the last point's clock time.
        let ytd = try initialFrame(series, window: #"{"preset": "YTD"}"#)
        #expect(ytd.window == Window(WalkedCalendar.seconds("2021-01-01"), b))
    }

    @Test("YTD on January 1 itself: an empty window, widened by the span rule to one day ending on Jan 1")
    func yearToDateOnNewYearsDay() throws {
        let series = dailySeries(from: "2014-01-01", to: "2021-01-01")
        let f = try initialFrame(series, window: #"{"preset": "YTD"}"#)
        // minSpan is the one-day gap; the bounds rule keeps the widened window inside.
        #expect(f.window == Window(WalkedCalendar.seconds("2020-12-31"), WalkedCalendar.seconds("2021-01-01")))
        // 1D lands on the same window and comes first in button order, but
        // YTD set it: the set button is named (docs/script-views.md, "The set button stays lit").
        #expect(f.preset == .yearToDate)
        // The same window set by its bounds: the tie goes to 1D.
        let byRange = try initialFrame(series, window: #"{"min": "2020-12-31", "max": "2021-01-01"}"#)
        #expect(byRange.window == f.window && byRange.preset == .oneDay)
        let five = try initialFrame(series, window: #"{"preset": "5D"}"#)
        #expect(five.window.lower == WalkedCalendar.seconds("2020-12-27"))
    }

    @Test("a preset longer than the data is not offered: it shows the bounds and the frame names all")
    func longerThanData() throws {
        let series = dailySeries(from: "2019-06-01", to: "2021-03-31")
        let f = try initialFrame(series, window: #"{"preset": "5Y"}"#)
        #expect(f.window == Window(WalkedCalendar.seconds("2019-06-01"), WalkedCalendar.seconds("2021-03-31")))
        #expect(f.preset == .all)
        let plan = try ScriptPlan(script: try decodeScript(#"{"events": []}"#), series: series)
        #expect(plan.presetButtons.map(\.offered) == [true, true, true, true, true, true, true, false, true])
    }

    @Test("presets go through the span and bounds rules: 1D under a 3-day minSpan keeps its centre")
    func spanRule() throws {
        let series = dailySeries(from: "2019-01-01", to: "2021-03-31")
        let all = try frames(#"{"duration": 0.01, "window": {"initial": {"preset": "1D"}, "minSpan": "3d"}, "events": []}"#,
                             series, tracks: [.range, .preset])
        let b = WalkedCalendar.seconds("2021-03-31")
        // [b − 1.5 d − 0.5 d, b + 1.5 d − 0.5 d] sticks out right by a day: shifted back.
        #expect(all[0].window == Window(b - 3 * 86_400, b))
        // 1D itself settles to that same window, so the frame still names it.
        #expect(all[0].preset == .oneDay)
    }

    /// A Foundation calendar in New York: an implementation independent of rangepipe's TZif reader.
    static func newYork() throws -> Calendar {
        var c = Calendar(identifier: .gregorian)
        c.timeZone = try #require(TimeZone(identifier: "America/New_York"))
        return c
    }

    static func midnight(_ c: Calendar, _ y: Int, _ m: Int, _ d: Int) throws -> Double {
        try #require(c.date(from: DateComponents(year: y, month: m, day: d))).timeIntervalSince1970
    }

    @Test("a named zone with DST: days are calendar days (23 h, 25 h), months and YTD on New York's clock",
          arguments: [(2021, 3, 15), (2021, 11, 8), (2021, 3, 31), (2020, 11, 1)])
    func newYorkDays(y: Int, m: Int, d: Int) throws {
        let ny = try Self.newYork()
        var x: [Double] = []
        var day = try #require(ny.date(from: DateComponents(year: 2015, month: 1, day: 1)))
        let end = try Self.midnight(ny, y, m, d)
        while day.timeIntervalSince1970 <= end {
            x.append(day.timeIntervalSince1970)
            day = try #require(ny.date(byAdding: .day, value: 1, to: day))
        }
        let series = Series(name: "ny", axis: .time, x: x, fields: [.init(name: "v", values: x.map { _ in 1 })])
        let endDate = Date(timeIntervalSince1970: end)
        let expected: [(RangePreset, Double)] = [
            (.oneDay, try #require(ny.date(byAdding: .day, value: -1, to: endDate)).timeIntervalSince1970),
            (.fiveDays, try #require(ny.date(byAdding: .day, value: -5, to: endDate)).timeIntervalSince1970),
            (.oneMonth, try #require(ny.date(byAdding: .month, value: -1, to: endDate)).timeIntervalSince1970),
            (.threeMonths, try #require(ny.date(byAdding: .month, value: -3, to: endDate)).timeIntervalSince1970),
            (.sixMonths, try #require(ny.date(byAdding: .month, value: -6, to: endDate)).timeIntervalSince1970),
            (.yearToDate, try Self.midnight(ny, y, 1, 1)),
            (.oneYear, try #require(ny.date(byAdding: .year, value: -1, to: endDate)).timeIntervalSince1970),
            (.fiveYears, try #require(ny.date(byAdding: .year, value: -5, to: endDate)).timeIntervalSince1970),
        ]
        for (preset, start) in expected {
            let f = try initialFrame(series, window: #"{"preset": "\#(preset.rawValue)"}"#, zone: "America/New_York")
            #expect(f.window == Window(start, end), "\(preset.rawValue) ending \(y)-\(m)-\(d) in New York")
            #expect(f.preset == preset)
        }
    }

    @Test("the DST days by hand: 1D before 2021-03-15 00:00 EDT is 23 h, before 2021-11-08 00:00 EST 25 h; UTC differs")
    func dstDayLengths() throws {
        // 2021-03-15 00:00 EDT = 04:00Z; 2021-03-14 00:00 EST = 05:00Z.
        let spring = WalkedCalendar.seconds("2021-03-15", time: 4 * 3600)
        // Points 24 h apart: the default minSpan (the smallest gap) would widen a 23 h day.
        let series = dailySeries(from: "2020-12-01", to: "2021-03-15", time: 4 * 3600)
        let ny = try initialFrame(series, window: #"{"preset": "1D"}"#, zone: "America/New_York", minSpan: "1h")
        #expect(ny.window == Window(WalkedCalendar.seconds("2021-03-14", time: 5 * 3600), spring))
        #expect(ny.window.span == 23 * 3600)
        let utc = try initialFrame(series, window: #"{"preset": "1D"}"#, minSpan: "1h")
        #expect(utc.window.span == 24 * 3600)
        // 2021-11-08 00:00 EST = 05:00Z; 2021-11-07 00:00 EDT = 04:00Z.
        let fall = dailySeries(from: "2021-10-01", to: "2021-11-08", time: 5 * 3600)
        let f = try initialFrame(fall, window: #"{"preset": "1D"}"#, zone: "America/New_York", minSpan: "1h")
        #expect(f.window == Window(WalkedCalendar.seconds("2021-11-07", time: 4 * 3600), WalkedCalendar.seconds("2021-11-08", time: 5 * 3600)))
        // A fixed offset: YTD from Jan 1 00:00 at +05:30 is Dec 31 18:30Z.
        let india = try initialFrame(series, window: #"{"preset": "YTD"}"#, zone: "+05:30")
        #expect(india.window.lower == WalkedCalendar.seconds("2020-12-31", time: 18.5 * 3600))
    }

    @Test("an animation to a preset: null before and while it runs, the preset once it lands, null after a pan, all after a jump")
    func presetDuringAnimation() throws {
        let series = dailySeries(from: "2018-01-01", to: "2021-05-31")
        let script = #"""
        {"fps": 10, "window": {"initial": {"fraction": [0.1, 0.3]}},
         "events": [{"at": 0.5, "action": "set-window", "window": {"preset": "3M"}, "animate": {"curve": "ease-in-out", "duration": 0.5}},
                    {"at": 2.0, "gesture": "pan", "path": [[0, 380], [0.2, 400]]},
                    {"at": 3.0, "action": "set-window", "window": {"preset": "all"}}]}
        """#
        let all = try frames(script, series, tracks: [.range, .preset])
        let threeMonths = Window(WalkedCalendar.seconds("2021-02-28"), WalkedCalendar.seconds("2021-05-31"))
        for f in all {
            switch f.t {
            case ..<0.999:
                #expect(f.preset == nil, "t = \(f.t)")
                #expect(f.window != threeMonths)
            case 0.999 ..< 1.999:
                #expect(f.preset == .threeMonths, "t = \(f.t)")
                #expect(f.window == threeMonths)
            case 2.0 ..< 2.999:
                #expect(f.t < 2.05 || f.preset == nil, "t = \(f.t): \(f.preset?.rawValue ?? "null")")
            default:
                #expect(f.preset == .all, "t = \(f.t)")
            }
        }
        #expect(all.last?.t ?? 0 >= 3.0)
    }

    @Test("number and category axes: only all; other presets fail naming the script path")
    func nonTimeAxes() throws {
        let series = linearSeries()
        let f = try initialFrame(series, window: #"{"preset": "all"}"#)
        #expect(f.window == Window(0, 100))
        #expect(f.preset == .all)
        #expect(throws: RangePipeError.self) {
            _ = try frames(#"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "1M"}}]}"#, series)
        }
        do {
            _ = try frames(#"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "1M"}}]}"#, series)
        } catch {
            #expect("\(error)".hasPrefix("t.json: events[0].window.preset: preset \"1M\" needs a time axis"), "\(error)")
        }
    }

    @Test("the preset track is on by default only for scripts that use presets")
    func defaultTracks() throws {
        #expect(Track.defaults(for: try decodeScript(#"{"events": []}"#)) == Track.defaults)
        #expect(Track.defaults(for: try decodeScript(#"{"window": {"initial": {"preset": "1Y"}}, "events": []}"#)).contains(.preset))
        #expect(Track.defaults(for: try decodeScript(#"{"events": [{"at": 0, "action": "set-window", "window": {"preset": "all"}}]}"#)).contains(.preset))
    }

    @Test("zone names: the script's errors name x.zone")
    func zoneErrors() throws {
        for (text, message) in [
            (#"{"x": {"zone": "Mars/Olympus"}, "events": []}"#, "t.json: x.zone: no zone \"Mars/Olympus\" in /usr/share/zoneinfo"),
            (#"{"x": {"zone": "../etc/passwd"}, "events": []}"#, "t.json: x.zone: expected UTC, ±HH:MM or Area/City"),
            (#"{"x": {"zone": 5}, "events": []}"#, "t.json: x.zone: expected a string"),
            (#"{"x": {"scale": "exp"}, "events": []}"#, #"t.json: x.scale: "exp" is not one of "linear", "log", "ordinal""#),
            (#"{"x": {"zone": "UTC", "base": 10}, "events": []}"#, "t.json: x.base: unknown key"),
        ] {
            do {
                _ = try decodeScript(text)
                Issue.record("\(text) decoded")
            } catch {
                #expect("\(error)".hasPrefix(message), "\(error)")
            }
        }
        // A file that is not TZif, through the reader the decoder is given.
        #expect(throws: DisplayZone.Problem.notTZif(path: "/zi/Fake/Zone")) {
            try DisplayZone.named("Fake/Zone", zoneinfo: "/zi", read: { _ in Array("not a zone".utf8) })
        }
    }
}
