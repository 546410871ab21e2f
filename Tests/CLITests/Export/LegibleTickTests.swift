import Testing
@testable import RangePipeKit

/// The axes' legible defaults: the year when no tick shows it, no
/// colliding labels, and the annotation's default label written as the
/// y axis writes numbers. Expected values are written out by hand from the
/// calendar and the layout constants (6.6 px a character + 8, 6 px gap).
@Suite("Legible ticks: the year, collisions, grouped labels")
struct LegibleTickTests {
    /// 2021-12-26T00:00:00Z: 2022-01-01 (1,640,995,200) less six days.
    let dec26: Double = 1_640_995_200 - 6 * 86_400

    @Test("days inside one year: the first tick carries the year")
    func yearOnDays() {
        let ticks = TimeTicks.ticks(dec26, dec26 + 5 * 86_400, count: 6)
        #expect(ticks.map(\.label) == ["Dec 26", "Dec 27", "Dec 28", "Dec 29", "Dec 30", "Dec 31"])
        let shown = TimeTicks.withYear(ticks, zone: .utc)
        #expect(shown.map(\.label) == ["Dec 26, 2021", "Dec 27", "Dec 28", "Dec 29", "Dec 30", "Dec 31"])
        #expect(shown.map(\.value) == ticks.map(\.value))
    }

    @Test("a tick on a year boundary already shows it: nothing changes")
    func yearBoundary() {
        let ticks = TimeTicks.ticks(dec26, dec26 + 10 * 86_400, count: 5)
        #expect(ticks.contains { $0.label == "2022" })
        #expect(TimeTicks.withYear(ticks, zone: .utc) == ticks)
    }

    @Test("months, hours and seconds: the year (and the date) go on the first label")
    func yearOnOtherUnits() {
        // 2021-03-01 is 306 days before 2022-01-01.
        let mar1: Double = 1_640_995_200 - 306 * 86_400
        let months = TimeTicks.ticks(mar1, mar1 + 100 * 86_400, count: 4)
        #expect(months.first?.label == "Mar")
        #expect(TimeTicks.withYear(months, zone: .utc).first?.label == "Mar 2021")
        let hours = TimeTicks.ticks(dec26 + 12 * 3600, dec26 + 18 * 3600, count: 6)
        #expect(hours.first?.label == "12:00")
        #expect(TimeTicks.withYear(hours, zone: .utc).first?.label == "Dec 26, 2021 12:00")
        let seconds = TimeTicks.ticks(dec26 + 14 * 3600 + 5, dec26 + 14 * 3600 + 40, count: 7)
        #expect(seconds.first?.label == ":05")
        #expect(TimeTicks.withYear(seconds, zone: .utc).first?.label == "Dec 26, 2021 14:00:05")
        // In +05:30 the same instant is 17:30 local on Dec 26.
        let local = TimeTicks.withYear([Tick(dec26 + 12 * 3600, "17:30")], zone: .offset(19_800))
        #expect(local.first?.label == "Dec 26, 2021 17:30")
        #expect(TimeTicks.withYear([], zone: .utc).isEmpty)
    }

    @Test("the overview's rule: the first label gets its year unless it is one, even when a later label is a year")
    func firstYear() {
        // 2021-10-01 is 92 days before 2022-01-01; months Oct, Nov, Dec, then 2022.
        let oct1: Double = 1_640_995_200 - 92 * 86_400
        let months = TimeTicks.ticks(oct1, oct1 + 150 * 86_400, count: 5)
        #expect(months.first?.label == "Oct" && months.contains { $0.label == "2022" }, "\(months)")
        #expect(TimeTicks.withYear(months, zone: .utc) == months)
        let first = TimeTicks.withFirstYear(months, zone: .utc)
        #expect(first.first?.label == "Oct 2021" && Array(first.dropFirst()) == Array(months.dropFirst()))
        let years = TimeTicks.ticks(1_640_995_200, 1_640_995_200 + 3 * 365 * 86_400, count: 3)
        #expect(years.first?.label == "2022" && TimeTicks.withFirstYear(years, zone: .utc) == years)
    }

    @Test("a label that would come within 6 px of the last kept one is dropped")
    func collisions() {
        // "Dec 21" is 6 characters: 6 × 6.6 + 8 = 47.6 px, text half-width 19.8.
        // At 100 it spans 80.2…119.8; at 130, 110.2…149.8 (overlap); at 200, 180.2…219.8.
        let kept = ChartLayout.legible([(100, "Dec 21"), (130, "Dec 23"), (200, "Dec 25")], width: 800)
        #expect(kept.map(\.0) == [100, 200])
        // 125.8 is exactly 6 px past 119.8: kept; 125.7 is not.
        #expect(ChartLayout.legible([(100, "Dec 21"), (145.6, "Dec 23")], width: 800).count == 2)
        #expect(ChartLayout.legible([(100, "Dec 21"), (145.5, "Dec 23")], width: 800).count == 1)
        // Kept inside the chart: a tick at 799 is drawn centred at 800 − 19.8 = 780.2,
        // from 760.4, under 6 px past the tick at 750 (ends 769.8): dropped.
        #expect(ChartLayout.legible([(750, "Dec 30"), (799, "Dec 31")], width: 800).map(\.0) == [750])
    }

    @Test("the annotation's default label: the axis' number text, grouped, 2 decimals unless the axis has more")
    func valueLabels() {
        #expect(NumberTicks.valueLabel(1_318_683_096, axisDecimals: 0) == "1,318,683,096")
        #expect(NumberTicks.valueLabel(365.4, axisDecimals: 0) == "365.4")
        #expect(NumberTicks.valueLabel(85.731, axisDecimals: 1) == "85.73")
        #expect(NumberTicks.valueLabel(85.7, axisDecimals: 1) == "85.7")
        #expect(NumberTicks.valueLabel(2.5, axisDecimals: 3) == "2.500")
        #expect(NumberTicks.valueLabel(12_345.678, axisDecimals: 0) == "12,345.68")
        #expect(NumberTicks.valueLabel(1234.5, axisDecimals: 0) == "1234.5") // 4 digits stay bare, as on the axis
        #expect(NumberTicks.valueLabel(-0.001, axisDecimals: 0) == "0")
        #expect(NumberTicks.valueLabel(-1_000_000, axisDecimals: 0) == "-1,000,000")
        #expect(NumberTicks.decimals(of: ["0.10", "0.15", "0.20"]) == 2)
        #expect(NumberTicks.decimals(of: ["10,000", "20,000"]) == 0)
        #expect(NumberTicks.decimals(of: []) == 0)
    }

    @Test("the picture's label: the script's format when given, else the axis' text")
    func pictureLabel() throws {
        var settings = AnnotationSettings()
        #expect(AnnotationMark.label(1_318_683_096, settings, yLabels: ["1,200,000,000", "1,400,000,000"]) == "1,318,683,096")
        settings.format = try LabelFormat("%.2f")
        settings.formatGiven = true
        #expect(AnnotationMark.label(1_318_683_096, settings, yLabels: ["1,200,000,000"]) == "1318683096.00")
    }
}
