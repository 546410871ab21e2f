import Foundation
import Testing
@testable import RangePipeKit

/// Raw pointer input (`"input": "pointer"`): each high-level gesture, given
/// as the pointer samples a browser would report at the same positions and
/// times, plays byte-identical tracks through the binary.
@Suite("raw pointer input")
struct PointerInputTests {
    static let head = ScriptBuilder(series: "AAPL", fps: 20, overview: .init(width: 800, height: 120), main: .init(width: 800, height: 400),
                                    initial: .fraction(0.5, 0.7))

    /// The tracks `play` writes for a script with `events` (all tracks, NDJSON).
    static func tracks(_ events: String) throws -> (status: Int32, out: String, err: String) {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        var builder = head
        builder.events = [events]
        let script = try dir.write("s.json", builder.text)
        let r = try runRangepipe(["play", script, "--store", store, "--tracks", "range,annotation,selector,values,points"])
        return (r.status, r.out, r.stderr)
    }

    static func expectSame(_ raw: String, _ gestures: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let a = try tracks(raw), b = try tracks(gestures)
        #expect(a.status == 0, "\(a.err)", sourceLocation: sourceLocation)
        #expect(b.status == 0, "\(b.err)", sourceLocation: sourceLocation)
        #expect(a.out.count > 1000, sourceLocation: sourceLocation)
        expectSameTracks(a.out, b.out, sourceLocation: sourceLocation)
    }

    // The initial selection spans overview px 400…560 (fraction 0.5…0.7 of 800 px).

    @Test("a press on a handle drags that handle")
    func handles() throws {
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 390, "y": 60, "area": "overview"}, {"t": 0.15, "id": 1, "type": "move", "x": 370, "y": 61}, {"t": 0.3, "id": 1, "type": "up", "x": 340, "y": 62}]}"#,
            #"{"at": 0.5, "gesture": "drag-handle", "handle": "min", "path": [[0, 390], [0.15, 370], [0.3, 340]]}"#)
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 7, "type": "down", "x": 580, "area": "overview"}, {"t": 0.25, "id": 7, "type": "up", "x": 640}]}"#,
            #"{"at": 0.5, "gesture": "drag-handle", "handle": "max", "path": [[0, 580], [0.25, 640]]}"#)
    }

    @Test("a press inside the selection drags it, flinging when released fast")
    func selection() throws {
        // 100 px in 0.25 s: 400 px/s at release, above the 50 px/s threshold.
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 480, "area": "overview"}, {"t": 0.125, "id": 1, "type": "move", "x": 430}, {"t": 0.25, "id": 1, "type": "up", "x": 380}]}"#,
            #"{"at": 0.5, "gesture": "drag-selection", "path": [[0, 480], [0.125, 430], [0.25, 380]], "release": "fling"}"#)
        // 10 px over the last 0.5 s: 20 px/s, a stop.
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 480, "area": "overview"}, {"t": 0.5, "id": 1, "type": "move", "x": 440}, {"t": 1, "id": 1, "type": "up", "x": 430}]}"#,
            #"{"at": 0.5, "gesture": "drag-selection", "path": [[0, 480], [0.5, 440], [1, 430]], "release": "stop"}"#)
    }

    @Test("one pointer on the main chart pans")
    func pan() throws {
        try Self.expectSame(
            #"{"at": 0.25, "input": "pointer", "samples": [{"t": 0, "id": 3, "type": "down", "x": 400, "y": 200, "area": "main"}, {"t": 0.25, "id": 3, "type": "move", "x": 300, "y": 210}, {"t": 0.25, "id": 3, "type": "up", "x": 290, "y": 210}]}"#,
            #"{"at": 0.25, "gesture": "pan", "path": [[0, 400], [0.25, 290]], "release": "fling"}"#)
        try Self.expectSame(
            #"{"at": 0.25, "input": "pointer", "samples": [{"t": 0, "id": 3, "type": "down", "x": 400, "area": "main"}, {"t": 1, "id": 3, "type": "up", "x": 380, "area": "main"}]}"#,
            #"{"at": 0.25, "gesture": "pan", "path": [[0, 400], [1, 380]]}"#)
    }

    @Test("two pointers on the main chart pinch")
    func pinch() throws {
        try Self.expectSame(
            #"""
            {"at": 1, "input": "pointer", "samples": [
              {"t": 0, "id": 1, "type": "down", "x": 350, "area": "main"}, {"t": 0, "id": 2, "type": "down", "x": 450, "area": "main"},
              {"t": 0.25, "id": 1, "type": "move", "x": 330}, {"t": 0.25, "id": 2, "type": "move", "x": 470},
              {"t": 0.5, "id": 2, "type": "move", "x": 520},
              {"t": 0.75, "id": 1, "type": "up", "x": 300}, {"t": 0.875, "id": 2, "type": "up", "x": 530}]}
            """#,
            #"{"at": 1, "gesture": "pinch", "path": [[0, 350, 450], [0.25, 330, 470], [0.5, 330, 520], [0.75, 300, 520]]}"#)
    }

    @Test("a tap, then a second press held and moved, zooms with one finger")
    func doubleTapDrag() throws {
        // The tap is its own event; the second press is 0.25 s after its up and 5 px away.
        try Self.expectSame(
            #"""
            {"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 400, "y": 200, "area": "main"}, {"t": 0.125, "id": 1, "type": "up", "x": 402, "y": 201}]},
            {"at": 0.875, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 403, "y": 204, "area": "main"}, {"t": 0.25, "id": 1, "type": "move", "x": 403, "y": 230}, {"t": 0.5, "id": 1, "type": "up", "x": 404, "y": 264}]}
            """#,
            #"{"at": 0.875, "gesture": "double-tap-drag", "path": [[0, 403, 204], [0.25, 403, 230], [0.5, 404, 264]]}"#)
        // A lone tap does nothing; one 0.5 s later is a new tap, not a double tap.
        try Self.expectSame(
            #"""
            {"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 400, "area": "main"}, {"t": 0.125, "id": 1, "type": "up", "x": 402},
                                                           {"t": 0.75, "id": 1, "type": "down", "x": 400, "area": "main"}, {"t": 0.875, "id": 1, "type": "up", "x": 400}]}
            """#, "")
    }

    @Test("wheel samples at one x zoom about it, 100 px of deltaY per notch")
    func wheel() throws {
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 600, "y": 100, "deltaY": 100, "area": "main"}, {"t": 0.125, "type": "wheel", "x": 600, "deltaY": 100, "area": "main"}, {"t": 0.25, "type": "wheel", "x": 600, "deltaY": -300, "area": "main"}]}"#,
            #"{"at": 0.5, "gesture": "wheel", "x": 600, "path": [[0, 1], [0.125, 1], [0.25, -3]]}"#)
        // A new x starts a new wheel gesture; wheel on the overview is ignored.
        try Self.expectSame(
            #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 600, "deltaY": -100, "area": "main"}, {"t": 0.25, "type": "wheel", "x": 200, "deltaY": 200, "area": "main"}, {"t": 0.5, "type": "wheel", "x": 200, "deltaY": 100, "area": "overview"}]}"#,
            #"{"at": 0.5, "gesture": "wheel", "x": 600, "path": [[0, -1]]}, {"at": 0.75, "gesture": "wheel", "x": 200, "path": [[0, 2]]}"#)
    }

    @Test("a press after an earlier drag hits the handle where that drag left it")
    func movedHandle() throws {
        // The first drag moves the max handle from 560 to 700 px; a press at
        // 695 grabs it there. At the old 560 the press would be inside the
        // selection (≥ 22 px from both handles), a selection drag instead.
        let first = #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 560, "area": "overview"}, {"t": 0.5, "id": 1, "type": "up", "x": 700}]}"#
        try Self.expectSame(
            first + #", {"at": 1.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 695, "area": "overview"}, {"t": 0.5, "id": 1, "type": "up", "x": 650}]}"#,
            #"{"at": 0.5, "gesture": "drag-handle", "handle": "max", "path": [[0, 560], [0.5, 700]]}, {"at": 1.5, "gesture": "drag-handle", "handle": "max", "path": [[0, 695], [0.5, 650]]}"#)
        try Self.expectSame(
            first + #", {"at": 1.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 560, "area": "overview"}, {"t": 1, "id": 1, "type": "up", "x": 540}]}"#,
            #"{"at": 0.5, "gesture": "drag-handle", "handle": "max", "path": [[0, 560], [0.5, 700]]}, {"at": 1.5, "gesture": "drag-selection", "path": [[0, 560], [1, 540]]}"#)
    }

    /// The gestures a script's raw input is recognised as, by name.
    static func recognised(_ events: String) throws -> [String] {
        try decodeScript(#"{"events": [\#(events)]}"#).events.map { e in
            switch e.kind {
            case .pan: return "pan"
            case .doubleTapDrag: return "double-tap-drag"
            case .pinch: return "pinch"
            case .wheel: return "wheel"
            case .overviewPress: return "press"
            case .boxZoom: return "box-zoom"
            case .doubleClick: return "double-click"
            case .dragAxis: return "drag-axis"
            case .hover: return "hover"
            case .dragSelection, .dragHandle, .setWindow, .reset, .switchField, .append: return "other"
            }
        }
    }

    @Test("tap limits hold for times written in decimals; a press before the tap's up is no double tap")
    func tapEdges() throws {
        // 0.4 − 0.1 and 1.7 − 1.4 are 0.30000000000000004 in Float64: still within 0.3 s.
        let edge = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0.1, "id": 1, "type": "down", "x": 400, "y": 200, "area": "main"}, {"t": 0.4, "id": 1, "type": "up", "x": 401, "y": 200}, {"t": 0.7, "id": 1, "type": "down", "x": 402, "y": 202, "area": "main"}, {"t": 0.9, "id": 1, "type": "move", "x": 402, "y": 240}, {"t": 1.0, "id": 1, "type": "up", "x": 402, "y": 250}]}"#
        #expect(try Self.recognised(edge) == ["double-tap-drag"])
        // 0.31 s after the up: a pan.
        #expect(try Self.recognised(edge.replacingOccurrences(of: #""t": 0.7"#, with: #""t": 0.71"#)) == ["pan"])
        // Event B's press goes down (1.1 s) before event A's tap is up (1.2 s).
        let overlapping = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 400, "area": "main"}, {"t": 0.2, "id": 1, "type": "up", "x": 400}]}, {"at": 1.1, "input": "pointer", "samples": [{"t": 0, "id": 2, "type": "down", "x": 405, "area": "main"}, {"t": 0.5, "id": 2, "type": "up", "x": 300}]}"#
        #expect(try Self.recognised(overlapping) == ["pan"])
        // Ignored input between the taps (wheel on the overview) does not cancel the first.
        let wheelBetween = #"{"at": 1.0, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": 400, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 400}, {"t": 0.2, "type": "wheel", "x": 10, "deltaY": 100, "area": "overview"}, {"t": 0.3, "id": 1, "type": "down", "x": 400, "y": 5, "area": "main"}, {"t": 0.6, "id": 1, "type": "up", "x": 400, "y": 60}]}"#
        #expect(try Self.recognised(wheelBetween) == ["double-tap-drag"])
    }

    @Test("the hit test: nearest handle within 22 px, ties to min, then inside, else outside")
    func hitTest() {
        let s = (min: 400.0, max: 440.0)
        #expect(ViewSimulator.target(ofPressAt: 378, selector: s) == .handle(.min))
        #expect(ViewSimulator.target(ofPressAt: 377.99, selector: s) == .outside)
        #expect(ViewSimulator.target(ofPressAt: 419.99, selector: s) == .handle(.min))
        #expect(ViewSimulator.target(ofPressAt: 420, selector: s) == .handle(.min))
        #expect(ViewSimulator.target(ofPressAt: 420.01, selector: s) == .handle(.max))
        #expect(ViewSimulator.target(ofPressAt: 462, selector: s) == .handle(.max))
        #expect(ViewSimulator.target(ofPressAt: 462.01, selector: s) == .outside)
        let wide = (min: 100.0, max: 300.0)
        #expect(ViewSimulator.target(ofPressAt: 200, selector: wide) == .selection)
        #expect(ViewSimulator.target(ofPressAt: 50, selector: wide) == .outside)
    }

    @Test("a press outside the selection centres it under the pointer, span kept, inside the bounds")
    func jump() throws {
        // x = 0…100 over 800 px: 8 px per unit. The window [50, 70] is 20 wide.
        let head = #"{"fps": 10, "window": {"initial": {"min": 50, "max": 70}}, "events": ["#
        func after(_ x: Double) throws -> Window {
            let all = try frames(head + #"{"at": 0.5, "input": "pointer", "samples": [{"t": 0, "id": 1, "type": "down", "x": \#(x), "area": "overview"}, {"t": 0.2, "id": 1, "type": "up", "x": \#(x)}]}]}"#, linearSeries())
            return try frame(all, at: 0.5).window
        }
        #expect(closeWindow(try after(100), 2.5, 22.5))     // centre 12.5
        #expect(closeWindow(try after(8), 0, 20))           // centre 1 → clipped to the lower bound
        #expect(closeWindow(try after(790), 80, 100))       // centre 98.75 → clipped to the upper bound
    }

    @Test("events listed out of order start in order of at")
    func eventOrder() throws {
        try Self.expectSame(
            #"{"at": 2.0, "gesture": "pan", "path": [[0, 400], [0.5, 300]]}, {"at": 0.5, "action": "set-window", "window": {"last": "365d"}}"#,
            #"{"at": 0.5, "action": "set-window", "window": {"last": "365d"}}, {"at": 2.0, "gesture": "pan", "path": [[0, 400], [0.5, 300]]}"#)
    }

    @Test("bad pointer samples are located errors", arguments: [
        (#"[{"t": 0, "id": 1, "type": "move", "x": 1}]"#, "events[0].samples[0]: pointer 1 is not down (a move needs a down first)"),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.1, "id": 1, "type": "down", "x": 1, "area": "main"}]"#, "events[0].samples[1].id: pointer 1 is already down"),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.1, "id": 1, "type": "move", "x": 2}]"#, "events[0].samples[0]: pointer 1 is still down at the end of the samples"),
        (#"[{"t": 0.2, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 2}]"#, "events[0].samples[1].t: time 0.1 is before the previous sample's 0.2"),
        (#"[{"t": 0, "id": 1, "type": "press", "x": 1}]"#, #"events[0].samples[0].type: "press" is not one of "down", "move", "up", "wheel""#),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 1}]"#, #"events[0].samples[0].area: missing ("overview", "main" or "x-axis": where the pointer went down)"#),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 2, "area": "overview"}]"#, "events[0].samples[1].area: pointer 1 went down on the main; it stays in that area"),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.1, "type": "wheel", "x": 2, "deltaY": 100, "area": "main"}, {"t": 0.2, "id": 1, "type": "up", "x": 2}]"#, "events[0].samples[1]: a wheel sample while pointer 1 is down"),
        (#"[{"t": 0, "id": 1.5, "type": "down", "x": 1, "area": "main"}]"#, "events[0].samples[0].id: 1.5 is not an integer"),
        (#"[{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0, "id": 2, "type": "down", "x": 10, "area": "main"}, {"t": 1, "id": 1, "type": "up", "x": 5}, {"t": 1, "id": 2, "type": "up", "x": 5}]"#, "events[0].samples[1]: the two pointers are at the same x (10)"),
        (#"[]"#, "events[0].samples: expected a non-empty array of samples"),
    ])
    func badSamples(samples: String, message: String) throws {
        let r = try Self.tracks(#"{"at": 0.5, "input": "pointer", "samples": \#(samples)}"#)
        #expect(r.status == 65)
        #expect(r.err.contains("s.json: " + message), "\(r.err)")
        #expect(r.out.isEmpty)
    }

    @Test("gestures recognised from raw input may not overlap others")
    func overlap() throws {
        let r = try Self.tracks(#"{"at": 0.5, "gesture": "pan", "path": [[0, 400], [1, 300]]}, {"at": 0, "input": "pointer", "samples": [{"t": 1, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 2, "id": 1, "type": "up", "x": 60}]}"#)
        #expect(r.status == 65)
        #expect(r.err.contains("events[1].samples[0]: gesture at 1 s overlaps events[0] (0.5–1.5 s)"), "\(r.err)")
    }
}
