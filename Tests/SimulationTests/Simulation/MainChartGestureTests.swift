import Foundation
import Testing
@testable import RangePipeKit

/// The rangepipe profile's main-chart gestures of SPEC 4.10 (docs/script-events.md
/// "Gestures"): box-zoom, double-click, wheel-pan, drag-axis, hover and the
/// box and crosshair tracks. Expected windows are the closed forms the docs
/// give, worked out here from the numbers, never from play's output.
@Suite("main-chart gestures: box zoom, double click, wheel pan, axis drag, crosshair")
struct MainChartGestureTests {
    /// x = 0 … 100, v = x² (a number axis); main chart 800 px; window [20, 60].
    static let series = linearSeries(101) { Double($0 * $0) }
    static func script(_ events: String, extra: String = "") -> String {
        ScriptBuilder(fps: 100, main: .init(width: 800), initial: .range(20, 60), settings: ScriptBuilder.members(extra), events: [events]).text
    }
    static let all: Set<Track> = Track.defaults.union([.box, .crosshair])

    @Test("box-zoom: the window becomes the box at the release; the box track holds it while drawn")
    func boxZoom() throws {
        // 200 → 500 px of 800 over [20, 60]: 20 + 200/800·40 = 30 and 20 + 500/800·40 = 45.
        // (Times are binary fractions, so the release falls exactly on frame 1.0.)
        let f = try frames(Self.script(#"{"at": 0.5, "gesture": "box-zoom", "path": [[0, 200], [0.5, 500]]}"#), Self.series, tracks: Self.all)
        let mid = try frame(f, at: 0.75)  // half way: 350 px → 37.5
        #expect(mid.window == Window(20, 60))
        #expect(mid.box.map { closeWindow($0, 30, 37.5) } == true, "\(String(describing: mid.box))")
        #expect(mid.phase == .zoom)
        #expect(try frame(f, at: 0.99).box != nil)
        let done = try frame(f, at: 1.0)
        #expect(closeWindow(done.window, 30, 45), "\(done.window)")
        #expect(done.box == nil)
        // Dragged leftwards the box is the same range.
        let back = try frames(Self.script(#"{"at": 0.5, "gesture": "box-zoom", "path": [[0, 500], [0.5, 200]]}"#), Self.series)
        #expect(closeWindow(back.last!.window, 30, 45))
    }

    @Test("box-zoom under 10 px zooms nothing; 10 px does; the box is clipped to the chart")
    func boxZoomEdges() throws {
        let narrow = try frames(Self.script(#"{"at": 0.1, "gesture": "box-zoom", "path": [[0, 400], [0.2, 409.99]]}"#), Self.series)
        #expect(narrow.last!.window == Window(20, 60))
        let ten = try frames(Self.script(#"{"at": 0.1, "gesture": "box-zoom", "path": [[0, 400], [0.2, 410]]}"#), Self.series)
        // [40, 40.5] is narrower than the default minSpan (the smallest x gap, 1): widened about its centre.
        #expect(closeWindow(ten.last!.window, 39.75, 40.75))
        let wide = try frames(Self.script(#"{"at": 0.1, "gesture": "box-zoom", "path": [[0, 400], [0.2, 440]]}"#), Self.series)
        #expect(closeWindow(wide.last!.window, 40, 42))
        // Past the right edge: clipped at 800 px → 60.
        let past = try frames(Self.script(#"{"at": 0.5, "gesture": "box-zoom", "path": [[0, 600], [0.5, 1200]]}"#), Self.series, tracks: Self.all)
        #expect(try frame(past, at: 1.0).box == nil)
        #expect(try frame(past, at: 0.99).box.map { closeWindow($0, 50, 60) } == true)
        #expect(closeWindow(past.last!.window, 50, 60))
    }

    @Test("double-click goes back to the initial window, as reset")
    func doubleClick() throws {
        let f = try frames(Self.script(#"{"at": 0.1, "gesture": "wheel", "x": 400, "path": [[0, -5]]}, {"at": 0.5, "gesture": "double-click"}"#), Self.series)
        #expect(try frame(f, at: 0.4).window != Window(20, 60))
        let back = try frame(f, at: 0.5)
        #expect(back.window == Window(20, 60))
        #expect(back.phase == .animate)
    }

    @Test("wheel-pan: Δu = px·span/main.width per sample, span kept; then the bounds rule")
    func wheelPan() throws {
        // +40 px of 800 over a 40-wide window: +2 each.
        let f = try frames(Self.script(#"{"at": 0.5, "gesture": "wheel-pan", "x": 300, "path": [[0, 40], [0.25, 40]]}"#), Self.series)
        #expect(try frame(f, at: 0.5).window == Window(22, 62))
        #expect(try frame(f, at: 0.74).window == Window(22, 62))
        #expect(try frame(f, at: 0.75).window == Window(24, 64))
        #expect(try frame(f, at: 0.5).phase == .drag)
        // 1000 px → +50: stopped at the data's end (bounds [0, 100]).
        let far = try frames(Self.script(#"{"at": 0.1, "gesture": "wheel-pan", "x": 300, "path": [[0, 1000]]}"#), Self.series)
        #expect(far.last!.window == Window(60, 100))
    }

    @Test("drag-axis: the grabbed value follows the pointer, the far end stays")
    func dragAxis() throws {
        // Right half, 600 → 700 px: v = 20 + 600/800·40 = 50; [20, 20 + 30·800/700].
        let right = try frames(Self.script(#"{"at": 0.1, "gesture": "drag-axis", "path": [[0, 600], [0.2, 700]]}"#), Self.series)
        #expect(closeWindow(right.last!.window, 20, 20 + 30 * 800 / 700.0), "\(right.last!.window)")
        // Left half, 200 → 100 px: v = 30; b = 60; [60 − 30·800/700, 60].
        let left = try frames(Self.script(#"{"at": 0.1, "gesture": "drag-axis", "path": [[0, 200], [0.2, 100]]}"#), Self.series)
        #expect(closeWindow(left.last!.window, 60 - 30 * 800 / 700.0, 60), "\(left.last!.window)")
        // The press exactly at the middle counts as the right half.
        let middle = try frames(Self.script(#"{"at": 0.1, "gesture": "drag-axis", "path": [[0, 400], [0.2, 500]]}"#), Self.series)
        #expect(closeWindow(middle.last!.window, 20, 20 + 20 * 800 / 500.0))
    }

    @Test("crosshair: the nearest point by brute force, at every frame of a hover")
    func crosshairBruteForce() throws {
        let f = try frames(Self.script(#"{"at": 0.1, "gesture": "hover", "path": [[0, -50], [0.5, 850]]}"#), Self.series, tracks: Self.all)
        var checked = 0
        for r in f where r.t > 0.1 - 1e-9 && r.t < 0.6 - 1e-9 {
            let dt = r.t - 0.1
            let px = -50 + 900 * dt / 0.5
            let x = 20 + px / 800 * 40
            // Brute force over the window's points: least |x − xi|, ties to the earlier.
            var best: Int?
            for i in 20 ... 60 where best == nil || abs(Double(i) - x) < abs(Double(best!) - x) { best = i }
            let c = try #require(r.crosshair, "t = \(r.t)")
            #expect(c.x == Double(best!) && c.y == Double(best! * best!), "t = \(r.t): x \(x) → \(c)")
            checked += 1
        }
        #expect(checked == 50)
        #expect(try frame(f, at: 0.05).crosshair == nil)
        #expect(try frame(f, at: 0.6).crosshair == nil)
        #expect(f.allSatisfy { $0.phase == .idle })
    }

    @Test("crosshair ties go to the earlier point; missing values are skipped")
    func crosshairTies() throws {
        var s = Self.series
        s.fields[0].values[40] = .nan
        // 400 px over [20, 60] is x = 40 (missing): 39 and 41 tie, 39 wins.
        let f = try frames(Self.script(#"{"at": 0.1, "gesture": "hover", "path": [[0, 400], [0.1, 400]]}"#), s, tracks: [.crosshair])
        let c = try #require(try frame(f, at: 0.1).crosshair)
        #expect(c.x == 39 && c.y == 39 * 39)
    }

    @Test("raw input: two taps are a double click; main.drag zoom draws a box; shift swaps; the x axis scales")
    func recognition() throws {
        let taps = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 400, "y": 200, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 401, "y": 200}, {"t": 0.3, "id": 1, "type": "down", "x": 420, "y": 220, "area": "main"}, {"t": 0.35, "id": 1, "type": "up", "x": 420, "y": 220}]}"#
        #expect(try PointerInputTests.recognised(taps) == ["double-click"])
        let script = try decodeScript(#"{"events": [\#(taps)]}"#)
        #expect(abs(script.events[0].at - 1.35) < 1e-12)
        let drag = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 200, "area": "main"SHIFT}, {"t": 0.2, "id": 1, "type": "move", "x": 500}, {"t": 0.3, "id": 1, "type": "up", "x": 500}]}"#
        func kinds(_ main: String, shift: Bool) throws -> [String] {
            let events = drag.replacingOccurrences(of: "SHIFT", with: shift ? #", "shift": true"# : "")
            return try decodeScript(#"{"main": \#(main), "events": [\#(events)]}"#).events.map { e in
                if case .boxZoom = e.kind { return "box-zoom" }
                if case .pan = e.kind { return "pan" }
                return "other"
            }
        }
        #expect(try kinds(#"{"drag": "zoom"}"#, shift: false) == ["box-zoom"])
        #expect(try kinds(#"{"drag": "zoom"}"#, shift: true) == ["pan"])
        #expect(try kinds(#"{}"#, shift: false) == ["pan"])
        #expect(try kinds(#"{}"#, shift: true) == ["box-zoom"])
        let axis = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 600, "area": "x-axis"}, {"t": 0.2, "id": 1, "type": "up", "x": 700}]}"#
        #expect(try PointerInputTests.recognised(axis) == ["drag-axis"])
    }

    @Test("raw wheels: deltaX scrolls, shift turns deltaY into a scroll, plain deltaY zooms as before")
    func rawWheel() throws {
        func notches(_ sample: String) throws -> WheelNotches {
            let s = try decodeScript(#"{"events": [{"at": 1, "input": "pointer", "samples": [\#(sample)]}]}"#)
            guard case let .wheel(_, n) = s.events[0].kind else { throw RangePipeError.invalid("not a wheel") }
            return n
        }
        #expect(try notches(#"{"t": 0, "type": "wheel", "x": 300, "deltaY": 100, "area": "main"}"#) == WheelNotches(times: [0], notches: [1]))
        #expect(try notches(#"{"t": 0, "type": "wheel", "x": 300, "deltaY": 0, "deltaX": 40, "area": "main"}"#)
            == WheelNotches(times: [0], notches: [0], pixels: [40]))
        #expect(try notches(#"{"t": 0, "type": "wheel", "x": 300, "deltaY": 120, "shift": true, "area": "main"}"#)
            == WheelNotches(times: [0], notches: [0], pixels: [120]))
        #expect(try notches(#"{"t": 0, "type": "wheel", "x": 300, "deltaY": 100, "deltaX": -30, "area": "main"}"#)
            == WheelNotches(times: [0], notches: [1], pixels: [-30]))
        // The same raw scroll and the named gesture give the same tracks.
        let raw = try frames(Self.script(#"{"at": 0.1, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 300, "deltaY": 40, "shift": true, "area": "main"}, {"t": 0.05, "type": "wheel", "x": 300, "deltaX": 40, "deltaY": 0, "area": "main"}]}"#), Self.series, tracks: Self.all)
        let named = try frames(Self.script(#"{"at": 0.1, "gesture": "wheel-pan", "x": 300, "path": [[0, 40], [0.05, 40]]}"#), Self.series, tracks: Self.all)
        #expect(raw.map(\.window) == named.map(\.window))
        #expect(raw.map { $0.crosshair?.x } == named.map { $0.crosshair?.x })
    }

    @Test("a raw down's pointer kind: mouse, pen or touch, on downs only")
    func pointerKind() throws {
        let ok = try decodeScript(#"{"profile": "plotly", "main": {"width": 800}, "overview": {"width": 800}, "events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}]}]}"#)
        #expect(ok.rawInput.map(\.pointer) == [.touch, .touch])
        func message(_ json: String) -> String {
            do { _ = try decodeScript(json); return "" } catch { return "\(error)" }
        }
        #expect(message(#"{"events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "finger"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}]}]}"#)
            == #"t.json: events[0].samples[0].pointer: "finger" is not one of "mouse", "pen", "touch""#)
        #expect(message(#"{"events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10, "pointer": "touch"}]}]}"#)
            == "t.json: events[0].samples[1].pointer: unknown key (expected one of: t, type, id, x, y, area, shift)")
    }

    @Test("box and crosshair tracks through the binary: NDJSON keys last, CSV columns, nulls")
    func cli() throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("d.csv", "x,v\n" + (0 ... 100).map { "\($0),\($0 * $0)" }.joined(separator: "\n") + "\n")
        let s = try dir.write("s.json", Self.script(#"{"at": 0.1, "gesture": "hover", "path": [[0, 400], [0.1, 400]]}, {"at": 0.3, "gesture": "box-zoom", "path": [[0, 200], [0.2, 500]]}"#))
        let r = try runRangepipe(["play", s, "--input", csv, "--input-series", "d"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines[0].hasSuffix(#","box":null,"crosshair":null}"#), "\(lines[0])")
        #expect(lines[10].hasSuffix(#","box":null,"crosshair":{"x":40.0,"y":1600.0}}"#), "\(lines[10])")
        #expect(lines[40].contains(#""box":{"min":30.0,"max":37.5}"#), "\(lines[40])")
        let c = try runRangepipe(["play", s, "--input", csv, "--input-series", "d", "--format", "csv"])
        let rows = c.out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(rows[0].hasSuffix(",box_min,box_max,crosshair_x,crosshair_y"), "\(rows[0])")
        #expect(rows[1].hasSuffix(",,,,"))
        // The box's pointer at 350 px is x = 37.5: 37 and 38 tie, the earlier wins.
        #expect(rows[41].hasSuffix(",30.0,37.5,37.0,1369.0"), "\(rows[41])")
        // A script without these gestures writes neither key.
        let plain = try dir.write("p.json", Self.script(#"{"at": 0.1, "gesture": "pan", "path": [[0, 400], [0.1, 300]]}"#))
        let p = try runRangepipe(["play", plain, "--input", csv, "--input-series", "d"])
        #expect(!p.out.contains("\"box\"") && !p.out.contains("\"crosshair\""))
    }
}
