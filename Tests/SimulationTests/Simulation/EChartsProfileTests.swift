import Foundation
import Testing
@testable import RangePipeKit

/// The ECharts profile (docs/profiles.md, "ECharts") against values worked
/// out by hand, and its JavaScript number helpers against JavaScript's own
/// answers. The chart, unless said otherwise: a number axis whose data span
/// [100, 1000] (the extent is [0, 1000]: a value axis includes zero), window
/// [200, 600] = [20 %, 60 %], a grid 800 × 400 px.
@Suite("ECharts profile")
struct EChartsProfileTests {
    static func chart(initial: Window = Window(200, 600), minSpan: Double? = nil, maxSpan: Double? = nil) -> ProfileChart {
        ProfileChart(mainWidth: 800, overviewWidth: 800, initial: initial, extent: Window(100, 1000), isTime: false, drag: .pan,
                     minInterval: minSpan, maxInterval: maxSpan)
    }

    static func wheel(_ t: Double, x: Double = 400, deltaY: Double = -100, deltaX: Double = 0) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .wheel, area: .main, x: x, y: 200, deltaX: deltaX, deltaY: deltaY)
    }

    static func mouse(_ t: Double, _ kind: RawPointerEvent.Kind, x: Double, y: Double = 200) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: kind, id: 1, area: .main, x: x, y: y)
    }

    /// `+x.toFixed(p)`, `addSafe` and `getPrecision` as node 20 (V8, Chromium's engine) answers them.
    static let toFixed: [(Double, Int, Double)] = [
        (1.005, 2, 1), (2.5, 0, 3), (-2.5, 0, -3), (0.125, 2, 0.13), (1e-7, 3, 0), (123.456, 1, 123.5), (8.345, 2, 8.35),
        (44.99988775143678, 13, 44.9998877514368), (0.30000000000000004, 16, 0.3), (99.99999999999999, 14, 99.99999999999999),
        (1107043200000.5, 0, 1107043200001), (12.345678901234567, 15, 12.345678901234567), (1e-10, 20, 1e-10), (Double.leastNonzeroMagnitude, 20, 0),
    ]

    @Test("toFixed rounds the exact binary value, ties to the larger (JavaScript's answers)", arguments: toFixed)
    func jsToFixed(x: Double, p: Int, want: Double) {
        #expect(JavaScriptNumber.toFixed(x, p).bitPattern == want.bitPattern, "\(x).toFixed(\(p)): \(JavaScriptNumber.toFixed(x, p)), JS \(want)")
    }

    @Test("addSafe and getPrecision (JavaScript's answers)")
    func jsAddSafe() {
        let sums: [(Double, Double, Double)] = [(0.1, 0.2, 0.3), (7.1e-9, -7e-9, 1e-10), (100, -44.99988775143678, 55.00011224856322),
                                                (71.00047144396552, -48.999977550287355, 22.00049389367817), (1e-7, 0.3, 0.3000001), (-0.5, 0.25, -0.25)]
        for (a, b, want) in sums { #expect(EChartsProfile.addSafe(a, b) == want, "addSafe(\(a), \(b))") }
        let precisions: [(Double, Int)] = [(100.123, 3), (100, 0), (1e-7, 7), (1.5e-7, 8), (44.99988775143678, 14), (-3.25, 2), (0, 0), (1e21, 0),
                                           (0.30000000000000004, 17)]
        for (v, want) in precisions { #expect(EChartsProfile.precision(v) == want, "getPrecision(\(v))") }
    }

    @Test("a wheel step scales the percent window by 1/1.1 about the pointer (out: 1.1), values rounded to 0.5 px")
    func wheelStep() {
        for (x, deltaY) in [(400.0, -100.0), (0, -100), (800, -100), (200, 53), (600, 3), (400, 0)] {
            var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
            let w = p.apply(Self.wheel(1, x: x, deltaY: deltaY)).window
            let point = 20 + x / 800 * 40
            let s = deltaY == 0 ? 1 : deltaY < 0 ? 1 / 1.1 : 1 / (1 / 1.1)
            let lo = (20 - point) * s + point, hi = (60 - point) * s + point
            // 800 px over a span of 10·(hi − lo): one decimal below 800 units, none above.
            let decimals = 10 * (hi - lo) < 800 ? 10.0 : 1
            #expect(w.lower == (lo * 10 * decimals).rounded() / decimals && w.upper == (hi * 10 * decimals).rounded() / decimals,
                    "x \(x) deltaY \(deltaY): \(w)")
        }
    }

    @Test("sideways wheels zoom by the sign of deltaX; off the grid or with no delta nothing happens")
    func wheelSideways() {
        var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        let a = p.apply(Self.wheel(1, deltaY: 0, deltaX: -40)).window
        var q = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        let b = q.apply(Self.wheel(1, deltaY: -100)).window
        #expect(a == b && a != Window(200, 600))
        var r = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        #expect(r.apply(Self.wheel(1, x: 801)).window == Window(200, 600))
        #expect(r.apply(Self.wheel(2, deltaY: 0, deltaX: 0)).window == Window(200, 600))
    }

    @Test("actions go out at most every 20 ms: a wheel inside the throttle lands at the last action + 20 ms, the latest range")
    func throttle() {
        var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        let first = p.apply(Self.wheel(1)).window
        #expect(first != Window(200, 600))
        #expect(p.apply(Self.wheel(1.005)).window == first)
        #expect(p.apply(Self.wheel(1.012)).window == first)
        #expect(p.nextTimerTime == 1.02)
        #expect(p.runTimers(until: 1.0199)!.window == first)
        let third = p.runTimers(until: 1.02)!.window
        var q = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        for t in [1.0, 1.05, 1.1] { _ = q.apply(Self.wheel(t)) }
        #expect(third == q.state.window, "three steps, one action: \(third) vs \(q.state.window)")
        #expect(p.nextTimerTime == nil)
        // 20 ms after the last action a wheel goes out at once.
        #expect(p.apply(Self.wheel(1.04)).window != third)
    }

    @Test("a drag on the grid pans both ends by −span·dx/W; the data's extent stops it")
    func pan() {
        var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        _ = p.apply(Self.mouse(1, .down, x: 100))
        #expect(p.apply(Self.mouse(1.03, .move, x: 180)).window == Window(160, 560))
        #expect(p.apply(Self.mouse(1.06, .move, x: 180, y: 250)).window == Window(160, 560))
        #expect(p.apply(Self.mouse(1.09, .move, x: 2000)).window == Window(0, 400))
        _ = p.apply(Self.mouse(1.12, .up, x: 2000))
        // After the release, moves do nothing; a press off the grid does not drag.
        #expect(p.apply(Self.mouse(1.2, .move, x: 0)).window == Window(0, 400))
        _ = p.apply(Self.mouse(1.3, .down, x: 400, y: 401))
        #expect(p.apply(Self.mouse(1.4, .move, x: 0, y: 401)).window == Window(0, 400))
    }

    static func slider(_ t: Double, _ kind: RawPointerEvent.Kind, x: Double, y: Double = 30) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: kind, id: 1, area: .overview, x: x, y: y)
    }

    /// The slider's box is 800 × 40; ECharts draws its body 2.8 px right of
    /// the box's left, so 20 % is at x 162.8 and 60 % at 482.8, 1 % = 8 px.
    @Test("the slider: a handle drag moves its end, the move zone both, a brush selects, a click recentres")
    func slider() {
        var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        // The left handle, grabbed 0.8 px inside its icon, dragged 80 px: 10 %.
        _ = p.apply(Self.slider(1, .down, x: 163))
        #expect(p.apply(Self.slider(1.1, .move, x: 243)).window == Window(300, 600))
        _ = p.apply(Self.slider(1.2, .up, x: 243))
        // The move zone on the bar above the body (y 3), 40 px: both ends 5 %.
        _ = p.apply(Self.slider(1.3, .down, x: 360, y: 3))
        #expect(p.apply(Self.slider(1.4, .move, x: 400, y: 3)).window == Window(350, 650))
        _ = p.apply(Self.slider(1.5, .up, x: 400, y: 3))
        // Values are rounded to the precision 0.5 px asks for (a tenth here),
        // so the checks below allow half of that.
        func near(_ w: Window, _ lower: Double, _ upper: Double) -> Bool { abs(w.lower - lower) <= 0.051 && abs(w.upper - upper) <= 0.051 }
        // A brush from 103 to 203 (body x 100.2 to 200.2): 12.525 % to 25.025 %.
        _ = p.apply(Self.slider(1.6, .down, x: 103))
        _ = p.apply(Self.slider(1.7, .move, x: 203))
        var w = p.apply(Self.slider(1.9, .up, x: 203)).window
        #expect(near(w, 125.25, 250.25), "\(w)")
        // A click (no move, under 200 ms) at 603. The press brushes again with
        // the last brush's rectangle (100 px wide: not a click), which goes
        // out at once; then the click moves the middle to body x 600.2 (the
        // handles to 550.2 and 650.2 px), 20 ms later through the throttle.
        _ = p.apply(Self.slider(2.0, .down, x: 603))
        w = p.apply(Self.slider(2.05, .up, x: 603)).window
        #expect(near(w, 125.25, 250.25), "\(w)")
        w = p.runTimers(until: 2.1)!.window
        #expect(near(w, 687.75, 812.75), "\(w)")
        // The right handle (icon at 652) dragged past the left one: the ends swap, the window is sorted.
        _ = p.apply(Self.slider(2.2, .down, x: 652))
        w = p.apply(Self.slider(2.3, .move, x: 452)).window
        #expect(near(w, 562.75, 687.75), "\(w)")
        // The press holds the right handle (index 1): dragging it on keeps the other end.
        w = p.apply(Self.slider(2.4, .move, x: 372)).window
        #expect(near(w, 462.75, 687.75), "\(w)")
        _ = p.apply(Self.slider(2.5, .up, x: 372))
        // A 3 px, 50 ms brush on the body is a click: the handles' middle
        // (460.2 px) goes to the release's body x 100.2.
        _ = p.apply(Self.slider(2.6, .down, x: 100))
        _ = p.apply(Self.slider(2.62, .move, x: 103))
        w = p.apply(Self.slider(2.65, .up, x: 103)).window
        #expect(abs((w.lower + w.upper) / 2 - 125.25) <= 0.051, "recentred on body x 100.2: \(w)")
    }

    /// One finger on the grid: moves within Chromium's 15 px slop of the
    /// start are not heard, the first past it pans from the start, the end
    /// pans nothing, and a wheel within 700 ms of the last touch event is
    /// ignored (zrender's mouse suppression). Expected windows by hand: a
    /// pan by dx px moves both ends by -span * dx / 800.
    @Test("touch on the grid: the slop, no move at the end, the wheel suppressed for 700 ms")
    func touchOnTheGrid() {
        var p = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        let start = p.state.window
        func finger(_ t: Double, _ kind: RawPointerEvent.Kind, x: Double) -> RawPointerEvent {
            RawPointerEvent(t: t, kind: kind, id: 1, area: .main, x: x, y: 200, pointer: .touch)
        }
        _ = p.apply(finger(1, .down, x: 400))
        #expect(p.apply(finger(1.02, .move, x: 410)).window == start, "within the slop")
        #expect(p.apply(finger(1.04, .move, x: 415)).window == start, "15 px: still within it")
        let w = p.apply(finger(1.06, .move, x: 416)).window
        #expect(abs(w.lower - (start.lower - start.span * 16 / 800)) < 1e-9, "past it, from the start: \(w)")
        #expect(p.apply(finger(1.2, .up, x: 600)).window == w, "the end moves nothing")
        #expect(p.apply(Self.wheel(1.899)).window == w, "a wheel 699 ms after the touch's end")
        #expect(p.apply(Self.wheel(1.9)).window != w, "a wheel 700 ms after it zooms (the timer fired first)")
    }

    @Test("minValueSpan and maxValueSpan hold the wheel; the extent holds zoom out")
    func spans() {
        var p = EChartsProfile(chart: Self.chart(minSpan: 100, maxSpan: 700), height: 400, sliderHeight: 40)
        var w = Window(200, 600)
        for k in 0..<40 { w = p.apply(Self.wheel(1 + 0.05 * Double(k))).window }
        #expect(abs((w.upper - w.lower) - 100) < 1e-9, "\(w)")
        for k in 0..<60 { w = p.apply(Self.wheel(4 + 0.05 * Double(k), deltaY: 100)).window }
        #expect(abs((w.upper - w.lower) - 700) < 1e-9, "\(w)")
        var q = EChartsProfile(chart: Self.chart(), height: 400, sliderHeight: 40)
        for k in 0..<60 { w = q.apply(Self.wheel(1 + 0.05 * Double(k), x: 100, deltaY: 100)).window }
        #expect(w == Window(0, 1000), "\(w)")
    }

    @Test("script check refuses what the ECharts model does not cover: one located line, exit 65", arguments: [
        (#""main": {"drag": "zoom"}"#, #"a.json: main.drag: ECharts' inside dataZoom pans on a drag"#),
        (#""window": {"bounds": "data"}"#, "a.json: window.bounds: ECharts holds the window to the data's extent itself"),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 840, "y": 5, "area": "overview"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a down at (840, 5) px on the overview is off the chart (-70..840 x -50..150 around the slider's box)"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 5, "y": -51, "area": "overview", "deltaY": 3}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a wheel at (5, -51) px on the overview is off the chart"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "overview", "pointer": "pen"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].pointer: profile "echarts" replays a mouse, or fingers on the grid: "pen" input is not part of it"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "overview"}, {"t": 0.2, "type": "up", "id": 1, "x": 5, "y": 5}]}, {"at": 1.1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 2, "x": 5, "y": 5, "area": "main"}, {"t": 0.2, "type": "up", "id": 2, "x": 5, "y": 5}]}]"#,
         #"a.json: events[1].samples[0]: profile "echarts" replays one mouse: pointer 2 goes down while pointer 1 is down"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "x-axis"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].area: profile "echarts" plays input on the grid (main) and its slider (overview) only"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 5, "y": 401, "area": "main", "deltaY": 3}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a wheel at (5, 401) px is outside the grid"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "overview", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].pointer: profile "echarts" replays a mouse, or fingers on the grid: touch on the slider is not modelled"#),
        // Two fingers on the grid pinch while their middle is on it (0 ≤ x < 800, 0 ≤ y < 400); never three.
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 700, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.05, "type": "down", "id": 2, "x": 790, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.08, "type": "move", "id": 2, "x": 900, "y": 5}, {"t": 0.1, "type": "up", "id": 1, "x": 700, "y": 5}, {"t": 0.1, "type": "up", "id": 2, "x": 900, "y": 5}]}]"#,
         #"a.json: events[0].samples[2]: profile "echarts": two fingers' middle (800, 5) px is off the grid (0..<800 x 0..<400): ECharts leaves that pinch to the page's own zoom, not modelled"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.05, "type": "down", "id": 2, "x": 50, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.06, "type": "down", "id": 3, "x": 90, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}, {"t": 0.1, "type": "up", "id": 2, "x": 50, "y": 5}, {"t": 0.1, "type": "up", "id": 3, "x": 90, "y": 5}]}]"#,
         #"a.json: events[0].samples[2]: profile "echarts" replays one finger, or two on the grid (main, its pinch): pointer 3 goes down on main while pointer 1 on main and pointer 2 on main are down"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}, {"at": 2, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[1].samples[0].pointer: profile "echarts" replays a mouse or a finger, not both in one script: "touch" after "mouse""#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 800, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a finger down on the grid's edge (800, 5) px is not modelled"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 0, "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a finger down on the grid's edge (5, 0) px is not modelled"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": -1, "y": 5, "area": "main"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0]: profile "echarts": a down at (-1, 5) px is outside the grid"#),
    ])
    func scriptCheck(part: String, message: String) throws {
        // (A pinch whose middle stays on the grid is taken: `pinchAccepted`.)
        let dir = try TemporaryDirectory()
        let main = part.hasPrefix(#""main""#) ? "" : #""main": {"width": 800, "height": 400}, "#
        let body = part.hasPrefix(#""events""#) ? part : part + #", "events": []"#
        let path = try dir.write("a.json", #"{"profile": "echarts", "# + main + body + "}")
        let r = try runRangepipe(["script", "check", path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.out.isEmpty, "\(r.stderr) \(r.out)")
    }

    @Test("script check takes two fingers on the grid whose middle stays on it (0 ≤ x < width, 0 ≤ y < height)")
    func pinchAccepted() throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write("a.json", #"{"series": "AAPL", "profile": "echarts", "main": {"width": 800, "height": 400}, "events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 700, "y": 100, "area": "main", "pointer": "touch"}, {"t": 0.05, "type": "down", "id": 2, "x": 790, "y": 300, "area": "main", "pointer": "touch"}, {"t": 0.08, "type": "move", "id": 2, "x": 899, "y": 699}, {"t": 0.1, "type": "move", "id": 1, "x": -30, "y": -499}, {"t": 0.12, "type": "up", "id": 2, "x": 899, "y": 699}, {"t": 0.14, "type": "up", "id": 1, "x": -30, "y": -499}]}]}"#)
        let r = try runRangepipe(["script", "check", path, "--store", try StocksStore.path()])
        #expect(r.status == 0, "\(r.stderr)")
    }
}
