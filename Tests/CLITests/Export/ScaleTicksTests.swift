import Foundation
import Testing
@testable import RangePipeKit

@Suite("ticks on log and ordinal x")
struct ScaleTicksTests {
    static let log = XScale(.log, x: (1 ... 10_000).map(Double.init))

    @Test("log: decades 1, 10, 100, … with 2 and 5 between when they fit, placed at ln x")
    func decades() {
        let wide = AxisTicks(axis: .number).x(Window(1, 10_000), scale: Self.log, width: 800)
        #expect(wide.map(\.label) == ["1", "2", "5", "10", "20", "50", "100", "200", "500", "1000", "2000", "5000", "10,000"])
        for t in wide { #expect(abs(t.value - Foundation.log(Double(t.label.replacingOccurrences(of: ",", with: ""))!)) < 1e-12) }
        // 200 px for four decades: 2 and 5 would crowd, so only the decades.
        let narrow = AxisTicks(axis: .number).x(Window(1, 10_000), scale: Self.log, width: 200)
        #expect(narrow.map(\.label) == ["1", "10", "100", "1000", "10,000"])
        // Under two decades in view: 1-2-5 number steps.
        let close = AxisTicks(axis: .number).x(Window(20, 80), scale: Self.log, width: 400)
        #expect(close.map(\.label) == ["20", "30", "40", "50", "60", "70", "80"])
    }

    @Test("ordinal: no tick stands for a day without points; week ticks name the first weekday")
    func ordinal() throws {
        let s = weekdaySeries(from: "2021-01-04", to: "2021-03-31")
        let scale = XScale(.ordinal, x: s.x)
        // Four weeks over 800 px: daily ticks, weekdays only, one point index apart.
        let days = AxisTicks(axis: .time).x(Window(s.x[0], s.x[19]), scale: scale, width: 800)
        #expect(!days.isEmpty)
        for t in days {
            let u = t.value
            // Each tick is the local midnight before its point: within the gap before an index.
            let i = Int(u.rounded(.up))
            #expect(i >= 0 && i < s.x.count && Double(i) - u < 1)
            let label = TimeTicks.label(s.x[i] - 57_600, zone: .utc)
            #expect(t.label == label, "\(t)")
        }
        #expect(Set(days.map(\.label)).isDisjoint(with: ["Jan 9", "Jan 10", "Jan 16", "Jan 17", "Jan 23", "Jan 24"]))
        // Weekly ticks on a longer window: on Mondays (the data's first day each week), not Sundays.
        let weeks = AxisTicks(axis: .time).x(Window(s.x[0], s.x[60]), scale: scale, width: 900)
        let mondays = ["Jan 4", "Jan 11", "Jan 18", "Jan 25", "Feb", "Feb 8", "Feb 15", "Feb 22", "Mar", "Mar 8", "Mar 15", "Mar 22", "Mar 29"]
        #expect(weeks.allSatisfy { mondays.contains($0.label) }, "\(weeks)")
        #expect(weeks.count >= 4)
    }
}
