import Foundation
import Testing
@testable import RangePipeKit

/// lightweight-charts 4.1.3's rules (docs/profiles.md, "lightweight-charts")
/// against closed forms. The points are x = 0, 1, …, 999, so a bar index is
/// its x and the window is the visible logical range itself: the initial
/// window [400, 499] is 100 bars on 800 px, 8 px a bar, the last bar 500
/// bars right of the right edge.
@Suite("lightweight-charts profile")
struct LightweightChartsProfileTests {
    static let n = 1000, width = 800.0

    static func model(_ initial: Window = Window(400, 499)) -> LightweightChartsProfile {
        let xs = (0 ..< n).map(Double.init)
        return LightweightChartsProfile(chart: ProfileChart(mainWidth: width, overviewWidth: 0, initial: initial,
                                                            extent: Window(0, Double(n - 1)), isTime: false, drag: .pan, points: xs),
                                        height: 400)
    }

    /// Plays (t s, kind, area, x, y) samples, pointer 1 (wheel: deltaY in y, deltaX 0).
    @discardableResult
    static func play(_ m: inout LightweightChartsProfile, _ samples: [(Double, RawPointerEvent.Kind, ChartArea, Double, Double)]) -> Window {
        var w = m.state.window
        for (t, kind, area, x, y) in samples {
            let wheel = kind == .wheel
            w = m.apply(RawPointerEvent(t: t, kind: kind, id: wheel ? 0 : 1, area: area, x: x, y: wheel ? 10 : y,
                                        deltaY: wheel ? y : 0)).window
        }
        return w
    }

    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool { abs(a - b) <= tolerance * max(abs(a), abs(b), 1) }

    @Test("the initial window is setVisibleLogicalRange's: width / count px a bar, the right end kept")
    func initial() {
        let m = Self.model()
        #expect(m.state.window == Window(400, 499) && m.scale.barSpacing == 8 && m.scale.rightOffset == -500)
    }

    @Test("wheel: bar spacing × (1 ± min(1, |deltaY| / 100) / 10), the bar under the pointer (x clamped to [1, W]) stays",
          arguments: [-600.0, -250, -101, -100, -53, -1, 1, 53, 100, 101, 250])
    func wheel(deltaY: Double) {
        for x in [0.0, 1, 100, 400, 799] {
            var m = Self.model()
            let under = max(1, x)
            let before = 999 - 500 - (Self.width - 1 - under) / 8  // the float index at the pointer
            Self.play(&m, [(1, .wheel, .main, x, deltaY)])
            let s = (deltaY < 0 ? 1.0 : -1.0) * min(1, abs(deltaY) / 100)
            #expect(Self.close(m.scale.barSpacing, 8 * (1 + s / 10), 1e-15), "deltaY \(deltaY): \(m.scale.barSpacing)")
            let after = m.scale.baseIndex + m.scale.rightOffset - (Self.width - 1 - under) / m.scale.barSpacing
            #expect(abs(after - before) <= 2e-6, "deltaY \(deltaY) at \(x): bar \(before) moved to \(after)")
            let w = m.state.window
            #expect(Self.close(w.upper - w.lower, Self.width / m.scale.barSpacing - 1))
        }
    }

    @Test("wheel deltaX scrolls by deltaX · 0.8 / bar spacing bars; no delta, no change", arguments: [40.0, -40, 7, 100, -250])
    func sideways(deltaX: Double) {
        var m = Self.model()
        let w = m.apply(RawPointerEvent(t: 1, kind: .wheel, area: .main, x: 300, y: 10, deltaX: deltaX)).window
        #expect(Self.close(w.lower, 400 + deltaX * 0.8 / 8) && Self.close(w.upper, 499 + deltaX * 0.8 / 8), "\(w)")
        var still = Self.model()
        #expect(still.apply(RawPointerEvent(t: 1, kind: .wheel, area: .main, x: 300, y: 10)).window == Window(400, 499))
    }

    @Test("a pane drag passes moves on from 5 px (Manhattan); the first passed-on move is a reference, the next one the scroll's anchor")
    func passOn() {
        let firsts: [(Double, Double)] = [(4, 0), (5, 0), (0, 5), (2, 2), (3, 2), (-5, 0), (-2, -3), (1, 1), (0, -4)]
        for (dx, dy) in firsts {
            var m = Self.model()
            let x1 = 400 + dx, y1 = 200 + dy
            let w = Self.play(&m, [(1, .down, .main, 400, 200), (1.02, .move, .main, x1, y1), (1.04, .move, .main, x1 + 30, y1),
                                   (1.06, .move, .main, x1 + 70, y1), (1.08, .up, .main, x1 + 70, y1)])
            // Passed on at once: the scroll anchors at the second move and follows the third (40 px right: 5 bars earlier).
            // Not: the second move is the reference, the third the anchor: nothing moves.
            let shift = abs(dx) + abs(dy) >= 5 ? -40.0 / 8 : 0
            #expect(w == Window(400 + shift, 499 + shift), "first move (\(dx), \(dy)): \(w)")
        }
    }

    @Test("a drag that passed one move on and never scrolled leaves that reference for the next drag")
    func staleReference() {
        var m = Self.model()
        Self.play(&m, [(1, .down, .main, 400, 200), (1.02, .move, .main, 410, 200), (1.04, .up, .main, 410, 200)])
        // The next drag's first passed-on move is not the stale (410, 200): it is the anchor at once.
        let w = Self.play(&m, [(1.5, .down, .main, 300, 200), (1.52, .move, .main, 320, 200), (1.54, .move, .main, 360, 200), (1.56, .up, .main, 360, 200)])
        #expect(w == Window(395, 494), "\(w)")
    }

    @Test("a time-scale drag scales bar spacing by (W − x) / (W − x0) about the right edge; none at or past it",
          arguments: [100.0, 400, 700, 795])
    func timeScaleDrag(x0: Double) {
        for x1 in [x0 - 200, x0 - 50, x0 - 5, x0 + 5, x0 + 50, Self.width - 1, Self.width, Self.width + 30] where x1 >= 0 {
            var m = Self.model()
            let w = Self.play(&m, [(1, .down, .xAxis, x0, 10), (1.02, .move, .xAxis, x1, 10), (1.04, .up, .xAxis, x1, 10)])
            // Under 5 px the move is not passed on; at or past the right edge nothing scales.
            let spacing = abs(x1 - x0) < 5 || x1 >= Self.width ? 8 : max(0.5, min(400, 8 * (Self.width - x1) / (Self.width - x0)))
            #expect(Self.close(m.scale.barSpacing, spacing, 1e-15), "\(x0) → \(x1): \(m.scale.barSpacing)")
            #expect(w.upper == 499, "\(x0) → \(x1): the right edge moved: \(w)")
        }
    }

    @Test("clamps: 0.5 to W / 2 px a bar; at most W / spacing − 2 bars right of the last bar, the first bar at most 2 bars from the right edge")
    func clamps() {
        var m = Self.model()
        for k in 0 ..< 40 { Self.play(&m, [(1 + Double(k) * 0.02, .wheel, .main, 400, 600)]) }
        #expect(m.scale.barSpacing == 0.5)
        for k in 0 ..< 80 { Self.play(&m, [(2 + Double(k) * 0.02, .wheel, .main, 400, -600)]) }
        #expect(m.scale.barSpacing == 400 && m.state.window.upper - m.state.window.lower == 1)
        var far = Self.model()
        Self.play(&far, [(1, .down, .main, 700, 200), (1.02, .move, .main, 710, 200), (1.04, .move, .main, 720, 200),
                         (1.06, .move, .main, -60_000, 200), (1.08, .up, .main, -60_000, 200)])
        #expect(far.state.window == Window(998, 998 + 100 - 1), "\(far.state.window)")  // the last bar 2 bars in
        Self.play(&far, [(2, .down, .main, 100, 200), (2.02, .move, .main, 110, 200), (2.04, .move, .main, 120, 200),
                         (2.06, .move, .main, 60_000, 200), (2.08, .up, .main, 60_000, 200)])
        #expect(far.state.window == Window(1 - 100 + 1, 1), "\(far.state.window)")  // the first bar 2 bars in
    }

    @Test("a double-click on the time scale resets (6 px a bar, the last bar at the right edge) at the next 16 ms frame",
          arguments: [1.0, 1.001, 1.015, 1.016, 1.017])
    func reset(upAt: Double) {
        var m = Self.model()
        let t0 = upAt - 0.2
        Self.play(&m, [(t0, .down, .xAxis, 400, 10), (t0 + 0.05, .up, .xAxis, 400, 10), (upAt - 0.05, .down, .xAxis, 402, 12), (upAt, .up, .xAxis, 402, 12)])
        let frame = ((upAt * 1000 / 16).rounded(.down) + 1) * 16 / 1000
        #expect(m.state.window == Window(400, 499) && m.nextTimerTime.map { Self.close($0, frame, 1e-12) } == true, "\(String(describing: m.nextTimerTime)) \(frame)")
        #expect(m.runTimers(until: frame - 0.001) == nil || m.state.window == Window(400, 499))
        let w = m.runTimers(until: frame)?.window
        #expect(w == Window(999 - 800.0 / 6 + 1, 999), "\(String(describing: w))")
    }

    @Test("no reset: a second release 500 ms after the first press, presses 5 px apart, a moved press, on the pane")
    func noReset() {
        let cases: [[(Double, RawPointerEvent.Kind, ChartArea, Double, Double)]] = [
            [(1, .down, .xAxis, 400, 10), (1.05, .up, .xAxis, 400, 10), (1.45, .down, .xAxis, 400, 10), (1.5, .up, .xAxis, 400, 10)],
            [(1, .down, .xAxis, 400, 10), (1.05, .up, .xAxis, 400, 10), (1.2, .down, .xAxis, 403, 12), (1.25, .up, .xAxis, 403, 12)],
            [(1, .down, .xAxis, 400, 10), (1.05, .up, .xAxis, 400, 10), (1.2, .down, .xAxis, 400, 10), (1.22, .move, .xAxis, 400, 15),
             (1.24, .move, .xAxis, 400, 10), (1.25, .up, .xAxis, 400, 10)],
            [(1, .down, .main, 400, 10), (1.05, .up, .main, 400, 10), (1.2, .down, .main, 400, 10), (1.25, .up, .main, 400, 10)],
        ]
        for samples in cases {
            var m = Self.model()
            Self.play(&m, samples)
            #expect(m.nextTimerTime == nil && m.state.window == Window(400, 499), "\(samples)")
        }
        var m = Self.model()  // 499 ms: still a double-click
        Self.play(&m, [(1, .down, .xAxis, 400, 10), (1.05, .up, .xAxis, 400, 10), (1.449, .down, .xAxis, 400, 10), (1.499, .up, .xAxis, 400, 10)])
        #expect(m.nextTimerTime != nil)
    }

    @Test("script check refuses what the lightweight-charts page has not, naming the key")
    func scriptRules() throws {
        let click = #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#
        func message(_ extra: String, samples: String = click) -> String {
            do { _ = try decodeScript(#"{"profile": "lightweight-charts", "# + extra + #""events": [{"at": 1, "input": "pointer", "samples": ["# + samples + "]}]}"); return "" } catch { return "\(error)" }
        }
        #expect(message("") == "")
        // One finger on the pane or the time scale (LightweightChartsProfile+Touch).
        // Two on the pane within 239 ms, the first moved only within the slop (a pinch).
        #expect(message("", samples: #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "move", "x": 25}, {"t": 0.239, "id": 2, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.3, "id": 2, "type": "move", "x": 120}, {"t": 0.35, "id": 1, "type": "up", "x": 25}, {"t": 0.4, "id": 2, "type": "up", "x": 120}"#) == "")
        #expect(message("", samples: #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.2, "id": 3, "type": "down", "x": 10, "area": "x-axis", "pointer": "touch"}, {"t": 0.3, "id": 3, "type": "up", "x": 10}"#) == "")
        #expect(message("", samples: #"{"t": 0, "id": 1, "type": "down", "x": 799, "y": 27, "area": "x-axis"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#) == "")
        #expect(try decodeScript(#"{"profile": "lightweight-charts", "events": []}"#).drag == .pan)
        let refused: [(String, String, String)] = [
            (#""overview": {"width": 800}, "#, click, "t.json: overview: profile \"lightweight-charts\" has no overview"),
            (#""main": {"drag": "zoom"}, "#, click, "t.json: main.drag: a lightweight-charts pane drag scrolls (it has no box zoom): main.drag must be \"pan\""),
            (#""window": {"bounds": "data"}, "#, click, "t.json: window.bounds: lightweight-charts clamps its bar spacing and right offset itself and takes no bounds"),
            (#""window": {"minSpan": 10}, "#, click, "t.json: window.minSpan: lightweight-charts clamps its bar spacing and right offset itself and takes no span limits"),
            (#""window": {"maxSpan": 10}, "#, click, "t.json: window.maxSpan: lightweight-charts clamps"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "overview"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0].area: profile \"lightweight-charts\" has only the pane (main) and its time scale (x-axis): \"overview\""),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "pen"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0].pointer: profile \"lightweight-charts\" replays a mouse or one finger: \"pen\" input is not part of it"),
            // One finger, or two on the pane that start a pinch; never a mouse with them, nor a wheel, in either order.
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.24, "id": 2, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.3, "id": 1, "type": "up", "x": 10}, {"t": 0.3, "id": 2, "type": "up", "x": 90}"#,
             "t.json: events[0].samples[1]: profile \"lightweight-charts\": a second finger on the pane pinches only when it goes down within 240 ms of the first, before the first moved past the slop, once a touch sequence; here it goes down 240 ms after pointer 1"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.05, "id": 1, "type": "move", "x": 26}, {"t": 0.1, "id": 2, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.2, "id": 1, "type": "up", "x": 26}, {"t": 0.2, "id": 2, "type": "up", "x": 90}"#,
             "t.json: events[0].samples[2]: profile \"lightweight-charts\": a second finger on the pane pinches only when it goes down within 240 ms of the first, before the first moved past the slop, once a touch sequence; here pointer 1 moved past Chromium's 15 px touch slop first"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.05, "id": 2, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 2, "type": "up", "x": 90}, {"t": 0.15, "id": 3, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.2, "id": 1, "type": "up", "x": 10}, {"t": 0.2, "id": 3, "type": "up", "x": 90}"#,
             "t.json: events[0].samples[3]: profile \"lightweight-charts\": a second finger on the pane pinches only when it goes down within 240 ms of the first, before the first moved past the slop, once a touch sequence; here a pinch went before it"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.05, "id": 2, "type": "down", "x": 90, "area": "x-axis", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.1, "id": 2, "type": "up", "x": 90}"#,
             "t.json: events[0].samples[1]: profile \"lightweight-charts\" replays one finger, or two on the pane (main, its pinch): pointer 2 goes down on x-axis while pointer 1 on main is down"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.05, "id": 2, "type": "down", "x": 90, "area": "main", "pointer": "touch"}, {"t": 0.06, "id": 3, "type": "down", "x": 50, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.1, "id": 2, "type": "up", "x": 90}, {"t": 0.1, "id": 3, "type": "up", "x": 50}"#,
             "t.json: events[0].samples[2]: profile \"lightweight-charts\" replays one finger, or two on the pane (main, its pinch): pointer 3 goes down on main while pointer 1 on main and pointer 2 on main are down"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.2, "id": 1, "type": "down", "x": 10, "area": "x-axis", "pointer": "touch"}, {"t": 0.3, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[2].pointer: profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: \"touch\" after \"mouse\""),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.2, "type": "wheel", "x": 10, "deltaY": 100, "area": "main"}"#,
             "t.json: events[0].samples[2]: profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a wheel in a script with a finger is not modelled"),
            ("", #"{"t": 0, "type": "wheel", "x": 10, "deltaY": 100, "area": "main"}, {"t": 0.1, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.2, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[1].pointer: profile \"lightweight-charts\" replays a mouse or a finger, not both in one script: a finger after the wheel at events[0].samples[0] is not modelled"),
            ("", #"{"t": 0, "type": "wheel", "x": 800, "deltaY": 100, "area": "main"}"#,
             "t.json: events[0].samples[0]: profile \"lightweight-charts\": a wheel at (800, 0) px is outside its main area (0..<800 x 0..<400)"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "y": 400, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0]: profile \"lightweight-charts\": a down at (10, 400) px is outside its main area"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "y": 28, "area": "x-axis"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0]: profile \"lightweight-charts\": a down at (10, 28) px is outside its x-axis area (0..<800 x 0..<28)"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": -1, "area": "x-axis"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0]: profile \"lightweight-charts\": a down at (-1, 0) px is outside its x-axis area"),
        ]
        for (extra, samples, want) in refused {
            let got = message(extra, samples: samples)
            #expect(got.hasPrefix(want), "\(got)")
        }
        // One mouse: a second pointer down while one is down, in one event or across two.
        let second = #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.05, "id": 2, "type": "down", "x": 20, "area": "x-axis"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.2, "id": 2, "type": "up", "x": 10}"#
        #expect(message("", samples: second).hasPrefix("t.json: events[0].samples[1]: profile \"lightweight-charts\" replays one mouse: pointer 2 goes down while pointer 1 is down"))
        let across = #"{"profile": "lightweight-charts", "events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.3, "id": 1, "type": "up", "x": 10}]}, "# +
            #"{"at": 1.1, "input": "pointer", "samples": [{"t": 0, "id": 2, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 2, "type": "up", "x": 10}]}]}"#
        #expect((try? decodeScript(across)) == nil)
        do { _ = try decodeScript(across) } catch { #expect("\(error)".contains("events[1].samples[0]: profile \"lightweight-charts\" replays one mouse"), "\(error)") }
        let after = #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}, {"t": 0.1, "id": 2, "type": "down", "x": 20, "area": "x-axis"}, {"t": 0.2, "id": 2, "type": "up", "x": 10}"#
        #expect(message("", samples: after) == "")
        // The same rule through the binary: one located line, exit 65.
        let dir = try TemporaryDirectory()
        let script = try dir.write("l.json", #"{"series": "AAPL", "profile": "lightweight-charts", "events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "pen"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}]}]}"#)
        let r = try runRangepipe(["script", "check", script, "--store", try StocksStore.path()])
        #expect(r.status == 65 && r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.split(separator: "\n").count == 1
                && r.stderr.contains("l.json: events[0].samples[0].pointer: profile \"lightweight-charts\" replays a mouse"), "\(r.status) \(r.stderr)")
    }
}
