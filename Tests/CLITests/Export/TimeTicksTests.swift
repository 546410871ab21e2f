import Testing
@testable import RangePipeKit

/// Ticks as "ISO UTC instant = label" lines, the form the cases are written in.
func tickLines(_ ticks: [Tick]) -> [String] {
    ticks.map { "\(CivilTime.iso8601($0.value)) \($0.label)" }
}

@Suite("Time ticks (hand-computed)")
struct TimeTicksTests {
    let berlin = try! DisplayZone(argument: "Europe/Berlin")

    @Test("2-day ticks count days within the month: leap February 2024 has a 29th, 2023's does not")
    func leapFebruary() {
        #expect(TimeTicks.interval(utc(2024, 2, 25), utc(2024, 3, 4), count: 4) == .init(unit: .day, step: 2))
        #expect(tickLines(TimeTicks.ticks(utc(2024, 2, 25), utc(2024, 3, 4), count: 4)) == [
            "2024-02-25T00:00:00Z Feb 25", "2024-02-27T00:00:00Z Feb 27", "2024-02-29T00:00:00Z Feb 29",
            "2024-03-01T00:00:00Z Mar", "2024-03-03T00:00:00Z Mar 3",
        ])
        #expect(tickLines(TimeTicks.ticks(utc(2023, 2, 25), utc(2023, 3, 4), count: 4)) == [
            "2023-02-25T00:00:00Z Feb 25", "2023-02-27T00:00:00Z Feb 27", "2023-03-01T00:00:00Z Mar", "2023-03-03T00:00:00Z Mar 3",
        ])
    }

    @Test("century years: 1900 has no 29 February, 2000 has one")
    func centuries() {
        #expect(TimeTicks.ticks(utc(1900, 2, 27), utc(1900, 3, 2), count: 3).map(\.label) == ["Feb 27", "Feb 28", "Mar", "Mar 2"])
        #expect(TimeTicks.ticks(utc(2000, 2, 27), utc(2000, 3, 2), count: 4).map(\.label) == ["Feb 27", "Feb 28", "Feb 29", "Mar", "Mar 2"])
        let feb27: Double = -2_208_988_800 + 57 * 86_400 // 1900-01-01 is -25,567 days
        #expect(TimeTicks.ticks(utc(1900, 2, 27), utc(1900, 3, 2), count: 3).first?.value == feb27)
    }

    @Test("months fall on the 1st whatever their length; the year's label at January")
    func months() {
        #expect(tickLines(TimeTicks.ticks(utc(2023, 1, 15), utc(2023, 7, 15), count: 6)) == [
            "2023-02-01T00:00:00Z Feb", "2023-03-01T00:00:00Z Mar", "2023-04-01T00:00:00Z Apr",
            "2023-05-01T00:00:00Z May", "2023-06-01T00:00:00Z Jun", "2023-07-01T00:00:00Z Jul",
        ])
        #expect(TimeTicks.ticks(utc(2004, 10, 1), utc(2005, 4, 15), count: 6).map(\.label) == ["Oct", "Nov", "Dec", "2005", "Feb", "Mar", "Apr"])
    }

    @Test("quarters start in January, April, July and October")
    func quarters() {
        let ticks = TimeTicks.ticks(utc(2003, 1, 20), utc(2005, 1, 31), count: 8)
        #expect(ticks.map(\.label) == ["Apr", "Jul", "Oct", "2004", "Apr", "Jul", "Oct", "2005"])
        #expect(ticks[3].value == utc(2004, 1, 1) && ticks[4].value == utc(2004, 4, 1))
    }

    @Test("weeks start on Sunday")
    func weeks() {
        #expect(tickLines(TimeTicks.ticks(utc(2024, 1, 3), utc(2024, 2, 20), count: 6)) == [
            "2024-01-07T00:00:00Z Jan 7", "2024-01-14T00:00:00Z Jan 14", "2024-01-21T00:00:00Z Jan 21",
            "2024-01-28T00:00:00Z Jan 28", "2024-02-04T00:00:00Z Feb 4", "2024-02-11T00:00:00Z Feb 11",
            "2024-02-18T00:00:00Z Feb 18",
        ])
    }

    @Test("spans from under a second to decades")
    func spans() {
        #expect(TimeTicks.ticks(utc(2024, 1, 1, 12, 0, 0.1), utc(2024, 1, 1, 12, 0, 0.9), count: 4).map(\.label) == [".2", ".4", ".6", ".8"])
        #expect(TimeTicks.ticks(utc(2024, 1, 1, 12, 0, 7), utc(2024, 1, 1, 12, 0, 52), count: 10).map(\.label) ==
            [":10", ":15", ":20", ":25", ":30", ":35", ":40", ":45", ":50"])
        #expect(TimeTicks.ticks(utc(2024, 1, 1, 10, 7), utc(2024, 1, 1, 11, 52), count: 8).map(\.label) ==
            ["10:15", "10:30", "10:45", "11:00", "11:15", "11:30", "11:45"])
        #expect(TimeTicks.ticks(utc(2024, 1, 1), utc(2024, 1, 2), count: 8).map(\.label) ==
            ["2024", "03:00", "06:00", "09:00", "12:00", "15:00", "18:00", "21:00", "Jan 2"])
        #expect(TimeTicks.ticks(utc(1950, 1, 1), utc(2030, 1, 1), count: 8).map(\.label) ==
            ["1950", "1960", "1970", "1980", "1990", "2000", "2010", "2020", "2030"])
        #expect(TimeTicks.ticks(utc(1900, 6, 1), utc(2100, 6, 1), count: 5).map(\.label) ==
            ["1950", "2000", "2050", "2100"])
    }

    @Test("spring forward in Berlin: no 02:00, and a 2-hour gap between 3-hourly ticks")
    func springForward() {
        #expect(tickLines(TimeTicks.ticks(utc(2024, 3, 30, 22), utc(2024, 3, 31, 4), count: 6, zone: berlin)) == [
            "2024-03-30T22:00:00Z 23:00", "2024-03-30T23:00:00Z Mar 31", "2024-03-31T00:00:00Z 01:00",
            "2024-03-31T01:00:00Z 03:00", "2024-03-31T02:00:00Z 04:00", "2024-03-31T03:00:00Z 05:00",
            "2024-03-31T04:00:00Z 06:00",
        ])
        #expect(tickLines(TimeTicks.ticks(utc(2024, 3, 30, 20), utc(2024, 3, 31, 12), count: 5, zone: berlin)) == [
            "2024-03-30T20:00:00Z 21:00", "2024-03-30T23:00:00Z Mar 31", "2024-03-31T01:00:00Z 03:00",
            "2024-03-31T04:00:00Z 06:00", "2024-03-31T07:00:00Z 09:00", "2024-03-31T10:00:00Z 12:00",
        ])
        // Local midnights: 24 hours apart, then 23 across the change.
        #expect(tickLines(TimeTicks.ticks(utc(2024, 3, 29, 12), utc(2024, 4, 2, 12), count: 4, zone: berlin)) == [
            "2024-03-29T23:00:00Z Mar 30", "2024-03-30T23:00:00Z Mar 31", "2024-03-31T22:00:00Z Apr", "2024-04-01T22:00:00Z Apr 2",
        ])
    }

    @Test("fall back in Berlin: 02:00 happens twice")
    func fallBack() {
        #expect(tickLines(TimeTicks.ticks(utc(2024, 10, 26, 22), utc(2024, 10, 27, 3), count: 5, zone: berlin)) == [
            "2024-10-26T22:00:00Z Oct 27", "2024-10-26T23:00:00Z 01:00", "2024-10-27T00:00:00Z 02:00",
            "2024-10-27T01:00:00Z 02:00", "2024-10-27T02:00:00Z 03:00", "2024-10-27T03:00:00Z 04:00",
        ])
    }

    @Test("a half-hour offset puts hour ticks at half past in UTC")
    func halfHourOffset() throws {
        let india = try DisplayZone(argument: "+05:30")
        #expect(tickLines(TimeTicks.ticks(utc(2024, 1, 1), utc(2024, 1, 1, 4), count: 4, zone: india)) == [
            "2024-01-01T00:30:00Z 06:00", "2024-01-01T01:30:00Z 07:00", "2024-01-01T02:30:00Z 08:00", "2024-01-01T03:30:00Z 09:00",
        ])
    }

    @Test("zone offsets from the TZif table and, past it, from the POSIX rule")
    func zoneRules() throws {
        #expect(berlin.offset(at: utc(2024, 1, 15)) == 3600 && berlin.offset(at: utc(2024, 7, 15)) == 7200)
        #expect(berlin.offset(at: utc(2100, 1, 15)) == 3600 && berlin.offset(at: utc(2100, 7, 15)) == 7200)
        let sydney = try DisplayZone(argument: "Australia/Sydney")
        #expect(sydney.offset(at: utc(2100, 1, 15)) == 39_600 && sydney.offset(at: utc(2100, 7, 15)) == 36_000)
        // 2030: second Sunday of March is the 10th, first Sunday of November the 3rd.
        let ny = try #require(PosixZoneRule("EST5EDT,M3.2.0,M11.1.0"))
        #expect(ny.offset(at: Int64(utc(2030, 3, 10, 6, 59, 59))) == -18_000)
        #expect(ny.offset(at: Int64(utc(2030, 3, 10, 7))) == -14_400)
        #expect(ny.offset(at: Int64(utc(2030, 11, 3, 5, 59, 59))) == -14_400)
        #expect(ny.offset(at: Int64(utc(2030, 11, 3, 6))) == -18_000)
        #expect(throws: RangePipeError.self) { try DisplayZone(argument: "Nowhere/Atlantis") }
        #expect(throws: RangePipeError.self) { try DisplayZone(argument: "../etc/passwd") }
    }

    @Test("every tick lies inside the window, ascending, on a boundary, 2 to about 20 of them")
    func insideWindow() {
        var rng = SeededGenerator(seed: 16)
        for zone in [DisplayZone.utc, berlin, try! DisplayZone(argument: "-03:30")] {
            for _ in 0 ..< 400 {
                let a = Double.random(in: -2e9 ... 4e9, using: &rng)
                let span = Double.random(in: 1 ... 10, using: &rng) * NumberTicks.pow10(Int.random(in: 0 ... 9, using: &rng))
                let count = Int.random(in: 2 ... 10, using: &rng)
                let ticks = TimeTicks.ticks(a, a + span, count: count, zone: zone)
                #expect(ticks.allSatisfy { $0.value >= a && $0.value <= a + span })
                #expect(zip(ticks, ticks.dropFirst()).allSatisfy { $0.value < $1.value })
                #expect(ticks.count <= 3 * count + 3, "\(a) \(span) \(count): \(ticks.count)")
                if span >= 60 { #expect(ticks.allSatisfy { zone.local($0.value).truncatingRemainder(dividingBy: 1) == 0 }) }
            }
        }
    }
}
