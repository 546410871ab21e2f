import Foundation
import Testing
@testable import RangePipeKit

/// The ECharts slider and the dygraphs range selector under generated input
/// (any press the script decoder lets through, moves anywhere including far
/// off the page, releases, wheels, gaps of 0 ms and more, pages of several
/// sizes): no trap, and after every event and timer a finite window with
/// lower ≤ upper; under ECharts also inside its extent (on a number axis it
/// includes 0). dygraphs has no such bound: a handle dragged toward the
/// other stays 12 px from it even past the canvas's end (a window made by a
/// main-chart zoom at the data's end, then the right handle), so its window
/// can pass the data, as dygraphs' own does. The recordings prove the
/// rules; this proves the inputs they do not cover do not break them.
@Suite("Range selector profiles under generated input")
struct SelectorProfilePropertyTests {
    struct Page {
        var chart: ProfileChart
        var height: Double
        var slider: Double
    }

    static func page(_ rng: inout SeededGenerator, time: Bool) -> Page {
        let w = [2.0, 3, 60, 640, 800, 1000][rng.int(in: 0 ... 5)]
        let lo = time ? 1.0e9 : rng.double(in: -500 ... 500)
        let span = rng.double(in: 1e-6 ... 1e6)
        let a = rng.double(in: 0 ... 0.9), b = rng.double(in: a + 0.01 ... 1)
        let chart = ProfileChart(mainWidth: w, overviewWidth: w, initial: Window(lo + a * span, lo + b * span),
                                 extent: Window(lo, lo + span), isTime: time, drag: .pan,
                                 minInterval: rng.bool() ? span * 0.01 : nil, maxInterval: rng.bool() ? span * 0.95 : nil)
        return Page(chart: chart, height: [1.0, 300, 400][rng.int(in: 0 ... 2)], slider: [1.0, 30, 40, 60][rng.int(in: 0 ... 3)])
    }

    /// A random input stream: one mouse, presses on `main` or `overview`
    /// where the decoder takes them, moves near and far, wheels between gestures.
    static func events(_ rng: inout SeededGenerator, profile: InteractionProfile, page: Page) -> [RawPointerEvent] {
        let width = page.chart.mainWidth, height = page.height
        let main = ChartSize(width: width, height: height), overview = ChartSize(width: width, height: page.slider)
        let bounds = profile.overviewBounds(main: main, overview: overview)!
        var out: [RawPointerEvent] = []
        var t = 1.0
        for _ in 0 ..< rng.int(in: 1 ... 12) {
            t += [0, 0.001, 0.005, 0.016, 0.02, 0.1, 0.7][rng.int(in: 0 ... 6)]
            if rng.int(in: 0 ... 4) == 0 {
                out.append(RawPointerEvent(t: t, kind: .wheel, area: .main, x: rng.double(in: 0 ... width), y: rng.double(in: 0 ... height),
                                           deltaX: rng.bool() ? 0 : rng.double(in: -200 ... 200), deltaY: rng.double(in: -600 ... 600)))
                continue
            }
            let onSlider = rng.bool()
            let area: RawPointerEvent.Area = onSlider ? .overview : .main
            var x = onSlider ? rng.double(in: bounds.left ... bounds.right - 0.001) : rng.double(in: 0 ... width)
            var y = onSlider ? rng.double(in: bounds.top ... bounds.bottom - 0.001) : rng.double(in: 0 ... height)
            if rng.bool() { x = x.rounded(); y = y.rounded(.down) }
            out.append(RawPointerEvent(t: t, kind: .down, id: 1, area: area, x: x, y: y, shift: rng.int(in: 0 ... 5) == 0))
            for _ in 0 ..< rng.int(in: 0 ... 8) {
                t += [0, 0.003, 0.016, 0.05][rng.int(in: 0 ... 3)]
                let far = rng.int(in: 0 ... 9) == 0
                x += far ? rng.double(in: -1e6 ... 1e6) : rng.double(in: -40 ... 40)
                y += far ? rng.double(in: -1e4 ... 1e4) : rng.double(in: -5 ... 5)
                out.append(RawPointerEvent(t: t, kind: .move, id: 1, area: area, x: x, y: y))
            }
            t += [0, 0.01, 0.25][rng.int(in: 0 ... 2)]
            out.append(RawPointerEvent(t: t, kind: .up, id: 1, area: area, x: x, y: y))
        }
        return out
    }

    static func sane(_ w: Window, in extent: Window) -> Bool {
        let slack = 1e-9 * max(1, abs(extent.lower), abs(extent.upper))
        return w.lower.isFinite && w.upper.isFinite && w.lower <= w.upper
            && w.lower >= extent.lower - slack && w.upper <= extent.upper + slack
    }

    @Test("ECharts: every window finite, ordered and inside the extent, 400 random streams")
    func echarts() {
        var rng = SeededGenerator(seed: 45)
        for run in 0 ..< 400 {
            let page = Self.page(&rng, time: rng.bool())
            var p = EChartsProfile(chart: page.chart, height: page.height, sliderHeight: page.slider)
            let unit = p.unit
            let extent = Window(p.extent.lower / unit, p.extent.upper / unit)
            for e in Self.events(&rng, profile: .echarts, page: page) {
                let w = p.apply(e).window
                #expect(Self.sane(w, in: extent), "run \(run) after \(e): \(w) of \(extent)")
                if let due = p.nextTimerTime { #expect(Self.sane(p.runTimers(until: due)!.window, in: extent), "run \(run) timer") }
            }
        }
    }

    @Test("dygraphs: every window finite and ordered, 400 random streams")
    func dygraphs() {
        var rng = SeededGenerator(seed: 46)
        for run in 0 ..< 400 {
            var page = Self.page(&rng, time: rng.bool())
            page.chart.drag = .zoom
            var p = DygraphsProfile(chart: page.chart, height: page.height)
            let extent = Window(-.greatestFiniteMagnitude, .greatestFiniteMagnitude)
            page.slider = DygraphsProfile.selectorHeight
            for e in Self.events(&rng, profile: .dygraphs, page: page) {
                let w = p.apply(e).window
                #expect(Self.sane(w, in: extent), "run \(run) after \(e): \(w) of \(extent)")
            }
        }
    }
}
