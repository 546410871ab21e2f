import Foundation
import Testing
@testable import RangePipeKit

/// `y.fit: "manual"`: the y-window's pan and pinch against closed forms,
/// its span limits and bounds, and the axis lock's decisions.
@Suite("manual y zoom and axis lock")
struct YZoomTests {
    /// A script on a 101-point number series (x 0…100, window [20, 60])
    /// with a 800 × 400 main chart and y starting at [0, 100].
    static func script(lock: String = "none", y extra: String = "", events: String, fps: Int = 10) -> String {
        ScriptBuilder(fps: Double(fps), duration: 3, main: .init(width: 800, height: 400), initial: .range(20, 60),
                      settings: [#""y": {"fit": "manual", "initial": {"min": 0, "max": 100}, "lock": "\#(lock)"\#(extra)}"#],
                      events: [events]).text
    }

    static func play(_ json: String) throws -> [Frame] { try frames(json, linearSeries()) }

    // MARK: Lock decisions

    static func pan(_ samples: [(Double, Double, Double)]) -> PointerPath {
        PointerPath(times: samples.map(\.0), xs: samples.map(\.1), ys: samples.map(\.2))
    }

    @Test("x, y and none fix the axes from the first sample")
    func fixedLocks() {
        let p = Self.pan([(0, 100, 100), (1, 150, 300)])
        #expect(LockDecision.decide(.x, pan: p) == LockDecision(x: false, y: true, fromSample: 0))
        #expect(LockDecision.decide(.y, pan: p) == LockDecision(x: true, y: false, fromSample: 0))
        #expect(LockDecision.decide(.none, pan: p) == LockDecision(x: true, y: true, fromSample: 0))
    }

    @Test("dominant: the first sample 10 px from the down position picks the larger movement; a tie picks x; short moves pick nothing",
          arguments: [
              // (samples, expected x, expected y, deciding sample)
              ([(0, 100, 100), (0.1, 103, 104), (0.2, 112, 105), (0.3, 100, 300)], true, false, 2),
              ([(0, 100, 100), (0.1, 103, 104), (0.2, 105, 112), (0.3, 300, 100)], false, true, 2),
              ([(0, 100, 100), (0.1, 110, 110)], true, false, 1),
              ([(0, 100, 100), (0.1, 90, 91)], true, false, 1),
              ([(0, 100, 100), (0.1, 100, 89.5)], false, true, 1),
              ([(0, 100, 100), (0.1, 109, 91), (0.2, 100, 100)], false, false, 3),
          ] as [([(Double, Double, Double)], Bool, Bool, Int)])
    func dominant(samples: [(Double, Double, Double)], x: Bool, y: Bool, from: Int) {
        #expect(LockDecision.decide(.dominant, pan: Self.pan(samples)) == LockDecision(x: x, y: y, fromSample: from))
    }

    @Test("dominant pinch: both fingers' movement added per axis")
    func dominantPinch() {
        // x: 4 + 4 = 8 < 10 at sample 1; sample 2: x 6 + 6 = 12, y 5 + 5 = 10 → x.
        let p = PinchPath(times: [0, 0.1, 0.2], firstFingerX: [100, 96, 94], secondFingerX: [200, 204, 206],
                          firstFingerY: [100, 99, 95], secondFingerY: [200, 201, 205])
        #expect(LockDecision.decide(.dominant, pinch: p) == LockDecision(x: true, y: false, fromSample: 2))
        let q = PinchPath(times: [0, 0.1], firstFingerX: [100, 101], secondFingerX: [200, 201],
                          firstFingerY: [100, 90], secondFingerY: [200, 210])
        #expect(LockDecision.decide(.dominant, pinch: q) == LockDecision(x: false, y: true, fromSample: 1))
    }

    // MARK: Pan and pinch

    @Test("pan: x moves by −dx·span/W, y by +dy·span/H, as the lock allows",
          arguments: [("none", true, true), ("x", false, true), ("y", true, false)])
    func pan(lock: String, movesX: Bool, movesY: Bool) throws {
        // dx = −100 px, dy = +200 px over 1 s.
        let all = try Self.play(Self.script(lock: lock, events: #"{"at": 0, "gesture": "pan", "path": [[0, 400, 100], [1, 300, 300]]}"#))
        for (t, f) in [(0.5, 0.5), (1.0, 1.0), (1.5, 1.0)] {
            let r = try frame(all, at: t)
            let du = movesX ? 100 * f * 40 / 800 : 0, dv = movesY ? 200 * f * 100 / 400 : 0
            #expect(closeWindow(r.window, 20 + du, 60 + du), "t \(t): \(r.window)")
            let y = try #require(r.y)
            #expect(close(y.min, dv) && close(y.max, 100 + dv), "t \(t): \(y)")
        }
        #expect(try frame(all, at: 0.5).phase == .drag)
    }

    @Test("dominant pan: nothing moves up to the sample before the deciding one, then the chosen axis catches up with the pointer",
          arguments: [0.0, 1.3])
    func dominantPan(at: Double) throws {
        // Sample 1 moves (2, 5) px: undecided; sample 2 (4, 200): y. The y
        // path is then 100, 100, 300 px: +100 px by 0.75 s, +200 px at 1 s.
        let all = try Self.play(Self.script(lock: "dominant", events: #"{"at": \#(at), "gesture": "pan", "path": [[0, 400, 100], [0.5, 402, 105], [1, 404, 300]]}"#))
        for (dt, dv) in [(0.3, 0.0), (0.5, 0), (0.8, 30), (1, 50), (1.5, 50)] {
            let r = try frame(all, at: at + dt)
            #expect(closeWindow(r.window, 20, 60), "dt \(dt)")
            #expect(close(r.y!.min, dv) && close(r.y!.max, 100 + dv), "dt \(dt): \(r.y!)")
        }
    }

    @Test("pinch in y: the value under the fingers' mid y stays, the span divides by their distance ratio")
    func pinchY() throws {
        // Fingers' y 150/250 → 100/300 (mid 200 px, distance 100 → 200): the
        // value at mid, 100 − 200/400·100 = 50, stays; span 100 → 50.
        let events = #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 150, 500, 250], [1, 300, 100, 500, 300]]}"#
        let all = try Self.play(Self.script(lock: "x", events: events))
        let end = try frame(all, at: 1)
        #expect(close(end.y!.min, 25) && close(end.y!.max, 75))
        #expect(closeWindow(end.window, 20, 60))
        // Halfway: distance 150, span 100/1.5 about 50.
        let half = try frame(all, at: 0.5)
        #expect(close(half.y!.min, 50 - 100 / 3) && close(half.y!.max, 50 + 100 / 3))
        #expect(half.phase == .pinch)
        // A pinch that also moves the mid y: 150/250 → 0/200 (mid 100, distance 200):
        // u = 50 moves to 100 px, span 50 → upper = 50 + 100/400·50.
        let moved = try Self.play(Self.script(lock: "x", events: #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 150, 500, 250], [1, 300, 0, 500, 200]]}"#, fps: 1))
        let m = try frame(moved, at: 1)
        #expect(close(m.y!.max, 50 + 12.5) && close(m.y!.min, 50 + 12.5 - 50))
    }

    @Test("a pinch without y ([dt, x1, x2]) leaves y alone; lock y keeps y when fingers move vertically")
    func pinchWithoutY() throws {
        let all = try Self.play(Self.script(events: #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 500], [1, 200, 600]]}"#))
        let end = try frame(all, at: 1)
        #expect(end.y! == (0, 100))
        // Span 40 / 2 about the value at the mid (400 px of 800: 40) → [30, 50].
        #expect(closeWindow(end.window, 30, 50))
        let locked = try Self.play(Self.script(lock: "y", events: #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 150, 500, 250], [1, 200, 100, 600, 300]]}"#))
        let l = try frame(locked, at: 1)
        #expect(l.y! == (0, 100))
        #expect(closeWindow(l.window, 30, 50))
    }

    // MARK: Limits

    @Test("minSpan, maxSpan and bounds hold the y-window (about its centre, inside the bounds)")
    func limits() throws {
        let spread = #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 150, 500, 250], [1, 300, 100, 500, 300]]}"#
        let narrow = try frame(try Self.play(Self.script(lock: "x", y: #", "minSpan": 80"#, events: spread)), at: 1)
        #expect(close(narrow.y!.min, 10) && close(narrow.y!.max, 90))
        let squeeze = #"{"at": 0, "gesture": "pinch", "path": [[0, 300, 100, 500, 300], [1, 300, 150, 500, 250]]}"#
        let wide = try frame(try Self.play(Self.script(lock: "x", y: #", "maxSpan": 150"#, events: squeeze)), at: 1)
        #expect(close(wide.y!.min, -25) && close(wide.y!.max, 125))
        let bounded = try frame(try Self.play(Self.script(lock: "x", y: #", "bounds": {"min": 0, "max": 120}"#, events: squeeze)), at: 1)
        #expect(close(bounded.y!.min, 0) && close(bounded.y!.max, 120))
        // A pan past the bounds stops at them: +200 px would be [50, 150].
        let panned = try frame(try Self.play(Self.script(lock: "x", y: #", "bounds": {"min": -10, "max": 130}"#,
                                                        events: #"{"at": 0, "gesture": "pan", "path": [[0, 400, 100], [1, 400, 300]]}"#)), at: 1)
        #expect(close(panned.y!.min, 30) && close(panned.y!.max, 130))
    }

    @Test("reset puts y back; an x-locked fling starts no momentum; a wheel leaves y alone")
    func resetAndRelease() throws {
        let all = try Self.play(Self.script(lock: "x", events: #"""
            {"at": 0, "gesture": "pan", "path": [[0, 400, 100], [0.5, 300, 300]], "release": "fling"},
            {"at": 1, "action": "reset"}
            """#))
        let released = try frame(all, at: 0.6)
        #expect(released.phase == .idle)
        #expect(close(released.y!.min, 50) && closeWindow(released.window, 20, 60))
        let reset = try frame(all, at: 1)
        #expect(reset.y! == (0, 100))
        // A later wheel (x only) leaves y where the pan left it.
        let wheel = try Self.play(Self.script(lock: "x", events: #"""
            {"at": 0, "gesture": "pan", "path": [[0, 400, 100], [1, 400, 300]]},
            {"at": 1.2, "gesture": "wheel", "x": 400, "path": [[0, 1]]}
            """#))
        let after = try frame(wheel, at: 1.5)
        #expect(close(after.y!.min, 50) && close(after.y!.max, 150))
        #expect(close(after.window.span, 44))
    }

    @Test("raw pointer input carries y: a two-finger contact plays as the pinch with the fingers' y, a one-finger one as the pan")
    func rawPointer() throws {
        let raw = #"""
            {"at": 0, "input": "pointer", "samples": [
              {"t": 0, "id": 1, "type": "down", "x": 400, "y": 150, "area": "main"},
              {"t": 0, "id": 2, "type": "down", "x": 400, "y": 250, "area": "main"},
              {"t": 0.5, "id": 1, "type": "move", "x": 400, "y": 125},
              {"t": 0.5, "id": 2, "type": "move", "x": 400, "y": 275},
              {"t": 1, "id": 1, "type": "up", "x": 400, "y": 100},
              {"t": 1, "id": 2, "type": "up", "x": 400, "y": 300}]},
            {"at": 1.5, "input": "pointer", "samples": [
              {"t": 0, "id": 1, "type": "down", "x": 400, "y": 100, "area": "main"},
              {"t": 0.5, "id": 1, "type": "up", "x": 400, "y": 300}]}
            """#
        let named = #"""
            {"at": 0, "gesture": "pinch", "path": [[0, 400, 150, 400, 250], [0.5, 400, 125, 400, 275], [1, 400, 100, 400, 300]]},
            {"at": 1.5, "gesture": "pan", "path": [[0, 400, 100], [0.5, 400, 300]]}
            """#
        let a = try Self.play(Self.script(lock: "x", events: raw)), b = try Self.play(Self.script(lock: "x", events: named))
        #expect(a.count == b.count)
        for (f, g) in zip(a, b) {
            #expect(f.y! == g.y! && f.window == g.window && f.phase == g.phase, "t \(f.t)")
        }
        // Pinch: span 100 → 50 about 50; pan +200 px: +25.
        let end = try frame(a, at: 2)
        #expect(close(end.y!.min, 50) && close(end.y!.max, 100))
    }

    @Test("decoder: manual needs initial; the manual keys need fit manual; spans and samples are checked")
    func refusals() {
        for (json, message) in [
            (#"{"y": {"fit": "manual"}, "events": []}"#, "y.fit: \"manual\" needs \"initial\""),
            (#"{"y": {"lock": "x"}, "events": []}"#, "y.lock: applies only with \"fit\": \"manual\""),
            (#"{"y": {"fit": "manual", "initial": {"min": 2, "max": 1}}, "events": []}"#, "y.initial: min (2) is not less than max (1)"),
            (#"{"y": {"fit": "manual", "initial": {"min": 0, "max": 1}, "minSpan": 5, "maxSpan": 2}, "events": []}"#, "y.minSpan: minSpan is larger than maxSpan"),
            (#"{"y": {"fit": "manual", "initial": {"min": 0, "max": 1}, "lock": "xy"}, "events": []}"#, "y.lock: \"xy\" is not one of"),
            (#"{"events": [{"at": 0, "gesture": "pinch", "path": [[0, 1, 5, 1, 5]]}]}"#, "events[0].path[0]: the two pointers are at the same point (1, 5)"),
            (#"{"events": [{"at": 0, "gesture": "pinch", "path": [[0, 1, 5, 1]]}]}"#, "events[0].path[0]: expected [dt, x1, x2] or [dt, x1, y1, x2, y2]"),
        ] {
            do {
                _ = try decodeScript(json)
                Issue.record("accepted: \(json)")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
