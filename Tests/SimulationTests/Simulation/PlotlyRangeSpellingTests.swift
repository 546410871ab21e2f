import Testing
@testable import RangePipeKit

/// Plotly's `reset+autosize` compares the range strings with the figure's
/// initial strings (`r0 !== ax.range[0]`, src/plots/cartesian/dragbox.js).
/// A gesture that writes the range unchanged (a wheel event with no
/// `deltaY`) rewrites it in Plotly's own spelling (`ms2DateTime`), which is
/// the page's spelling for some times of day and not for others. The
/// expected answer comes from the two spellings written out as text here,
/// a second implementation of both.
@Suite("Plotly range spelling")
struct PlotlyRangeSpellingTests {
    /// A time of day in tenths of a ms.
    static func tenths(_ h: Int64, _ m: Int64, _ s: Int64, _ f: Int64 = 0) -> Int64 { ((h * 60 + m) * 60 + s) * 10_000 + f }

    static let timesOfDay: [Int64] = [
        tenths(0, 0, 0), tenths(10, 0, 0), tenths(10, 30, 0), tenths(10, 30, 15), tenths(10, 30, 15, 5000),
        tenths(10, 30, 15, 1234), tenths(0, 0, 0, 1), tenths(23, 59, 59, 9990),
    ]

    static func pad(_ v: Int64, _ n: Int) -> String {
        let s = String(v)
        return String(repeating: "0", count: max(0, n - s.count)) + s
    }

    /// The page's spelling of a time of day (Tests/Conformance/plotly/library.py).
    static func pageSpelling(_ t: Int64) -> String {
        let f = t % 10_000, s = t / 10_000 % 60, m = t / 600_000 % 60, h = t / 36_000_000
        return "D " + pad(h, 2) + ":" + pad(m, 2) + ":" + pad(s, 2) + (f != 0 ? "." + pad(f, 4) : "")
    }

    /// Plotly's (`includeTime` in src/lib/dates.js): each part that has a
    /// nonzero value in or after it, the fraction without trailing zeros.
    static func plotlySpelling(_ t: Int64) -> String {
        var f = t % 10_000
        let s = t / 10_000 % 60, m = t / 600_000 % 60, h = t / 36_000_000
        var out = "D"
        if h != 0 || m != 0 || s != 0 || f != 0 {
            out += " " + pad(h, 2) + ":" + pad(m, 2)
            if s != 0 || f != 0 {
                out += ":" + pad(s, 2)
                if f != 0 {
                    var digits = 4
                    while f % 10 == 0 { digits -= 1; f /= 10 }
                    out += "." + pad(f, digits)
                }
            }
        }
        return out
    }

    static let day: Int64 = 19_783 // 2024-03-01, days since 1970

    static func seconds(_ timeOfDay: Int64, dayOffset: Int64) -> Double {
        Double((day + dayOffset) * 864_000_000 + timeOfDay) / 10_000
    }

    @Test("after a reset, a sideways-only wheel, then a double-click: the extent where Plotly's spelling is the page's, else the initial range",
          arguments: timesOfDay, timesOfDay)
    func sidewaysWheelBetweenDoubleClicks(lower: Int64, upper: Int64) {
        let initial = Window(Self.seconds(lower, dayOffset: 0), Self.seconds(upper, dayOffset: 60))
        let extent = PlotlyProfileTests.window("2024-01-01", "2024-12-31")
        var p = PlotlyProfile(chart: ProfileChart(mainWidth: 700, overviewWidth: 700, initial: initial, extent: extent, isTime: true, drag: .pan))
        _ = PlotlyProfileTests.drag(&p, from: 300, to: [340, 380])
        let reset = PlotlyProfileTests.doubleClick(&p, at: 2)
        _ = p.apply(PlotlyProfileTests.wheel(3, 350, 0, deltaX: 40))
        _ = p.advance(to: 3.2)
        let spelledAlike = Self.pageSpelling(lower) == Self.plotlySpelling(lower) && Self.pageSpelling(upper) == Self.plotlySpelling(upper)
        let after = PlotlyProfileTests.doubleClick(&p, at: 4).window
        let context = "\(Self.pageSpelling(lower)) / \(Self.plotlySpelling(lower)), \(Self.pageSpelling(upper)) / \(Self.plotlySpelling(upper))"
        #expect(PlotlyProfileTests.near(reset.window, initial), "\(context): the first double-click resets")
        #expect(PlotlyProfileTests.near(after, spelledAlike ? extent : initial), "\(context): \(after)")
    }

    @Test("the oracle's two spellings differ where they should")
    func spellingsCanDiffer() {
        #expect(Self.pageSpelling(Self.tenths(0, 0, 0)) == "D 00:00:00" && Self.plotlySpelling(Self.tenths(0, 0, 0)) == "D")
        #expect(Self.plotlySpelling(Self.tenths(10, 30, 15, 5000)) == "D 10:30:15.5")
        #expect(Self.pageSpelling(Self.tenths(10, 30, 15, 1234)) == Self.plotlySpelling(Self.tenths(10, 30, 15, 1234)))
    }
}
