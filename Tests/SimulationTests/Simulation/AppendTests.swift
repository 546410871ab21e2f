import Foundation
import Testing
@testable import RangePipeKit

/// `append` (issue 18) in the simulator: expected windows, pixels, fits and
/// annotations are worked out by hand or by brute force over the grown data.
@Suite("append: live data while the window is held")
struct AppendTests {
    /// x = 0 … 100, v = i mod 7 (number axis).
    static let series = linearSeries(101) { Double($0 % 7) }
    /// Three rows after x = 100; the new last x is 103.
    static let rows = "[[101, 9], [102, -3], [103, 4]]"

    /// `extra` goes into the window settings, `settings` after them.
    static func script(initial: String, events: String, extra: String = "", settings: String = "") -> String {
        ScriptBuilder(fps: 10, duration: 3, initial: .json(initial), window: ScriptBuilder.members(extra),
                      settings: ScriptBuilder.members(settings), events: [events]).text
    }

    /// The selector's pixels over bounds [0, upper] in an 800 px overview.
    static func selector(_ w: Window, upper: Double) -> (Double, Double) {
        (w.lower / upper * 800, w.upper / upper * 800)
    }

    @Test("a window whose upper end is exactly the last x follows: [80, 100] becomes [83, 103], span kept")
    func follows() throws {
        let json = Self.script(initial: #"{"min": 80, "max": 100}"#, events: #"{"at": 1, "action": "append", "rows": \#(Self.rows)}"#)
        let all = try frames(json, Self.series)
        let before = try frame(all, at: 0.9), at = try frame(all, at: 1), after = try frame(all, at: 2)
        #expect(before.window == Window(80, 100))
        #expect(before.selector == Self.selector(Window(80, 100), upper: 100))
        #expect(at.window == Window(83, 103) && after.window == Window(83, 103))
        #expect(at.window.span == 20)
        #expect(at.phase == .animate && after.phase == .idle)
        // The selector's pixels against the new extent: 83/103 and 103/103 of 800 px.
        #expect(close(at.selector.min, 83.0 / 103 * 800) && at.selector.max == 800)
        #expect(at.bounds == Window(0, 103))
    }

    @Test("one ulp and one point left of the last x, the window stays; the selector moves as the extent grows",
          arguments: [(100.0).nextDown, 99.0])
    func holds(upper: Double) throws {
        let json = Self.script(initial: #"{"min": 80, "max": \#(upper)}"#, events: #"{"at": 1, "action": "append", "rows": \#(Self.rows)}"#)
        let all = try frames(json, Self.series)
        let at = try frame(all, at: 1), after = try frame(all, at: 2.5)
        #expect(at.window == Window(80, upper) && after.window == Window(80, upper))
        #expect(at.phase == .idle)
        let expected = Self.selector(Window(80, upper), upper: 103)
        #expect(close(at.selector.min, expected.0) && close(at.selector.max, expected.1))
        #expect(close(try frame(all, at: 0.5).selector.max, upper / 100 * 800))
    }

    @Test("a window whose upper end is past the last point (explicit bounds) follows by Δ and settles in the bounds")
    func followsPastTheLastPoint() throws {
        let json = Self.script(initial: #"{"min": 90, "max": 105}"#, events: #"{"at": 1, "action": "append", "rows": [[101, 1]]}"#,
                               extra: #", "bounds": {"min": 0, "max": 110}"#)
        let all = try frames(json, Self.series)
        // Δ = 101 − 100 = 1: [91, 106]; the bounds stay [0, 110].
        #expect(try frame(all, at: 1).window == Window(91, 106))
        #expect(close(try frame(all, at: 1).selector.min, 91.0 / 110 * 800))
    }

    @Test("two appends follow twice; a window moved off the edge in between holds")
    func followThenHold() throws {
        let events = #"""
        {"at": 0.5, "action": "append", "rows": [[101, 1], [102, 2]]},
        {"at": 1, "action": "set-window", "window": {"min": 50, "max": 60}},
        {"at": 1.5, "action": "append", "rows": [[103, 3]]},
        {"at": 2, "action": "set-window", "window": {"last": {"points": 11}}},
        {"at": 2.5, "action": "append", "rows": [[110, 3]]}
        """#
        let all = try frames(Self.script(initial: #"{"min": 70, "max": 100}"#, events: events), Self.series)
        #expect(try frame(all, at: 0.5).window == Window(72, 102))
        #expect(try frame(all, at: 1.5).window == Window(50, 60))
        // `last 11 points` resolves against the grown data: 93 … 103.
        #expect(try frame(all, at: 2).window == Window(93, 103))
        #expect(try frame(all, at: 2.5).window == Window(100, 110))
        #expect(try frame(all, at: 2.5).bounds == Window(0, 110))
    }

    @Test("y-fit and annotation after the append match a brute force over the grown points")
    func fitAndAnnotation() throws {
        let json = Self.script(initial: #"{"min": 95, "max": 100}"#, events: #"{"at": 1, "action": "append", "rows": \#(Self.rows)}"#,
                               settings: #", "y": {"fit": "points", "padding": 0.1}, "annotation": {"source": "last"}"#)
        let all = try frames(json, Self.series)
        var xs = Self.series.x, vs = Self.series.fields[0].values
        xs += [101, 102, 103]
        vs += [9, -3, 4]
        for f in all {
            let n = f.t < 1 ? 101 : 104
            let inside = (0 ..< n).filter { xs[$0] >= f.window.lower && xs[$0] <= f.window.upper }.map { vs[$0] }
            let lo = inside.min()!, hi = inside.max()!
            let y = try #require(f.y)
            #expect(close(y.min, lo - 0.1 * (hi - lo)) && close(y.max, hi + 0.1 * (hi - lo)), "t = \(f.t)")
            let a = try #require(f.annotation)
            #expect(a.x == xs[n - 1] && a.y == vs[n - 1] && a.pointIndex == n - 1, "t = \(f.t)")
        }
        // The window [98, 103] after the append holds 98 … 103: values 0, 1, 9, −3, 4 and 98 mod 7 = 0.
        let y = try #require(try frame(all, at: 1).y)
        #expect(close(y.min, -3 - 1.2) && close(y.max, 9 + 1.2))
    }

    @Test("on a log y-axis the appended rows join the fit: positive values fitted, values ≤ 0 counted (brute force)")
    func logFitGrows() throws {
        let json = Self.script(initial: #"{"min": 95, "max": 100}"#, events: #"{"at": 1, "action": "append", "rows": \#(Self.rows)}"#,
                               settings: #", "y": {"fit": "points", "scale": "log"}"#)
        let all = try frames(json, Self.series, tracks: Track.defaults.union([.omitted]))
        var xs = Self.series.x, vs = Self.series.fields[0].values
        xs += [101, 102, 103]
        vs += [9, -3, 4]
        for f in all {
            let n = f.t < 1 ? 101 : 104
            let inside = (0 ..< n).filter { xs[$0] >= f.window.lower && xs[$0] <= f.window.upper }.map { vs[$0] }
            let positive = inside.filter { $0 > 0 }
            let y = try #require(f.y)
            #expect(y.min == positive.min()! && y.max == positive.max()!, "t = \(f.t)")
            #expect(f.yOmitted == inside.count - positive.count, "t = \(f.t)")
        }
        // After the append the window [98, 103] holds 0, 1, 9, −3, 4 (98 mod 7 = 0): 1 … 9, two left out.
        let after = try frame(all, at: 1)
        #expect(after.y! == (1, 9) && after.yOmitted == 2)
    }

    @Test("a held handle stays put when the extent grows: 300 px of a 100-unit, then 150-unit overview")
    func heldHandle() throws {
        // The max handle moves 300 px × 100/800 = 37.5 units (50 → 87.5), then the pointer holds still.
        let events = #"""
        {"at": 0, "gesture": "drag-handle", "handle": "max", "path": [[0, 400], [0.5, 700], [2, 700]]},
        {"at": 1, "action": "append", "rows": [[101, 1], [150, 2]]}
        """#
        let all = try frames(Self.script(initial: #"{"min": 20, "max": 50}"#, events: events), Self.series)
        for t in [0.6, 1.0, 1.1, 1.5, 2.0] {
            #expect(try frame(all, at: t).window == Window(20, 87.5), "t = \(t)")
        }
        // The selector redraws over [0, 150]: the window is now 87.5/150 of the way.
        #expect(close(try frame(all, at: 1.5).selector.max, 87.5 / 150 * 800))
    }

    @Test("momentum held at the old bound coasts on from there when the bound moves; no jump")
    func pinnedMomentum() throws {
        // A 400 px/0.1 s pan flings the window [80, 100] right into the bound; it stays pinned until the append.
        let events = #"""
        {"at": 0, "gesture": "pan", "path": [[0, 800], [0.1, 400]], "release": "fling"},
        {"at": 0.6, "action": "append", "rows": [[101, 1], [120, 2], [200, 3]]}
        """#
        let all = try frames(Self.script(initial: #"{"min": 80, "max": 100}"#, events: events), Self.series)
        #expect(try frame(all, at: 0.5).window == Window(80, 100))
        let atAppend = try frame(all, at: 0.6).window
        #expect(close(atAppend.lower, 80) && close(atAppend.upper, 100))
        // From there it moves right, each frame less than the one before (the fling decays), never by a jump:
        // 100 units/s at release (400 px/0.1 s × 20/800), × 0.998^500 after 0.5 s ≈ 36.8 units/s, under 3.7 a
        // frame; its unconstrained place would be ≈ 31.6 units on (the decay's offset after 0.5 s).
        var previous = try frame(all, at: 0.6).window.lower, step = Double.infinity
        for f in all where f.t > 0.6 && f.phase == .momentum {
            let d = f.window.lower - previous
            #expect(d >= 0 && d <= step && d < 3.7, "t = \(f.t): step \(d)")
            previous = f.window.lower
            step = d
        }
        #expect(previous > 80)
    }

    @Test("an elastic return under way stops where the grown bounds make its window valid (no pull back to the old edge)")
    func elasticReturnRetargets() throws {
        // The pan drags [80, 100] 200 px (5 units) past the right bound; released, it springs back toward 100.
        let events = #"""
        {"at": 0, "gesture": "pan", "path": [[0, 600], [0.2, 400]]},
        {"at": 0.3, "action": "append", "rows": [[101, 1], [150, 2]]}
        """#
        let all = try frames(Self.script(initial: #"{"min": 80, "max": 100}"#, events: events, extra: #", "elastic": true"#), Self.series)
        let held = try frame(all, at: 0.3).window
        #expect(held.upper > 100 && held.span == 20)
        for t in [0.4, 1.0, 2.0] { #expect(try frame(all, at: t).window == held, "t = \(t)") }
    }

    @Test("during a pan the window does not jump; the pan goes on in the new bounds")
    func duringPan() throws {
        // Pan left 400 px over 1 s (window span 20 on 800 px: 10 units), starting at the edge.
        let events = #"""
        {"at": 0.5, "gesture": "pan", "path": [[0, 400], [1, 0]]},
        {"at": 1, "action": "append", "rows": [[101, 1], [102, 1], [103, 1], [104, 1], [105, 1], [110, 1]]}
        """#
        let all = try frames(Self.script(initial: #"{"min": 80, "max": 100}"#, events: events), Self.series)
        // The first half pushes against the old bound and stays; the second moves 5 units.
        #expect(try frame(all, at: 0.9).window == Window(80, 100))
        let mid = try frame(all, at: 1)
        #expect(mid.window == Window(80, 100) && mid.phase == .drag)
        let w = try frame(all, at: 1.5).window
        #expect(closeWindow(w, 85, 105))
        #expect(closeWindow(try frame(all, at: 1.2).window, 82, 102))
    }

    @Test("during momentum the window keeps coasting (no jump, no stop); the selector uses the new extent")
    func duringMomentum() throws {
        let fling = #"{"at": 0.5, "gesture": "pan", "path": [[0, 400], [0.2, 300]], "release": "fling"}"#
        let append = #"{"at": 1, "action": "append", "rows": \#(Self.rows)}"#
        let with = try frames(Self.script(initial: #"{"min": 40, "max": 60}"#, events: fling + "," + append), Self.series)
        let without = try frames(Self.script(initial: #"{"min": 40, "max": 60}"#, events: fling), Self.series)
        #expect(try frame(with, at: 1).phase == .momentum)
        for (a, b) in zip(with, without) {
            #expect(a.window == b.window && a.phase == b.phase, "t = \(a.t)")
            let upper = a.t < 1 ? 100.0 : 103
            let expected = Self.selector(a.window, upper: upper)
            #expect(close(a.selector.min, expected.0) && close(a.selector.max, expected.1), "t = \(a.t)")
        }
        #expect(try frame(with, at: 1.5).window.lower > 42.5)
    }

    @Test("fraction spans and the default minSpan (smallest gap) follow the grown data")
    func spansFollow() throws {
        let script = try decodeScript(Self.script(initial: "\"all\"", events: #"{"at": 1, "action": "append", "rows": [[100.25, 1], [110, 2]]}"#,
                                                  extra: #", "maxSpan": {"fraction": 0.5}"#))
        let plan = try ScriptPlan(script: script, series: Self.series)
        let c = try #require(plan.events[0].batch)
        #expect(c.lower == 0 && c.upper == 110)
        #expect(c.minSpan == .width(0.25))
        #expect(c.maxSpan == .width(55))
        #expect(plan.constraints.upper == 100 && plan.constraints.minSpan == .width(1))
    }

    @Test("x not after the last x is a located error", arguments: [
        (#"[[100, 1]]"#, "events[0].rows[0][0]: x 100 is not after the last x of series 's' (100); appended x must increase"),
        (#"[[101, 1], [101, 2]]"#, "events[0].rows[1][0]: x 101 is not after the last x of series 's' (101); appended x must increase"),
        (#"[{"x": 102, "v": 1}, {"x": 101.5, "v": 2}]"#, "events[0].rows[1].x: x 101.5 is not after the last x of series 's' (102); appended x must increase"),
        (#"[[101, 1, 2]]"#, "events[0].rows[0]: expected x and 1 value (fields: v), got 2"),
        (#"[{"x": 101, "w": 1}]"#, "events[0].rows[0].w: series 's' has no field \"w\" (fields: v)"),
    ])
    func notIncreasing(rows: String, message: String) throws {
        let json = Self.script(initial: "\"all\"", events: #"{"at": 1, "action": "append", "rows": \#(rows)}"#)
        do {
            _ = try frames(json, Self.series)
            Issue.record("no error")
        } catch let error as RangePipeError {
            #expect(error.description == "t.json: " + message)
            #expect(error.status == .dataError)
        }
    }

    @Test("a switch-field spring running over an append goes on; new points show their values at once")
    func duringSpring() throws {
        let s = Series(name: "s", axis: .number, x: (0 ..< 50).map(Double.init),
                       fields: [.init(name: "a", values: (0 ..< 50).map { Double($0) }), .init(name: "b", values: (0 ..< 50).map { Double(100 - $0) })])
        let json = #"{"fps": 10, "duration": 3, "window": {"initial": {"min": 40, "max": 49}}, "events": [{"at": 0.5, "action": "switch-field", "field": "b"}, {"at": 0.7, "action": "append", "rows": [[50, 50, 7], [51, 51, null]]}]}"#
        let all = try frames(json, s, tracks: Track.defaults.union([.values]))
        // The window follows (animate outranks spring in a frame's phase).
        let f = try frame(all, at: 0.7)
        #expect(f.phase == .animate && f.window == Window(42, 51))
        let next = try frame(all, at: 0.8)
        #expect(next.phase == .spring)
        let values = try #require(next.values)
        #expect(values.map(\.x) == (42 ... 51).map(Double.init))
        // Old points are still in flight between a and b; the new ones show b's values.
        for (x, y) in values.dropLast(2) { #expect(y != 100 - x && y != x, "x = \(x)") }
        #expect(values[8].y == 7 && values[9].y.isNaN)
    }

    @Test("category axes: appended labels are new categories after the last")
    func categories() throws {
        let s = Series(name: "c", axis: .category, x: [0, 1, 2], fields: [.init(name: "v", values: [1, 2, 3])], categories: ["a", "b", "c"])
        let json = #"{"fps": 10, "duration": 1, "window": {"initial": "all"}, "events": [{"at": 0.5, "action": "append", "rows": [["d", 4], {"x": "e", "v": 5}]}]}"#
        let plan = try ScriptPlan(script: try decodeScript(json), series: s)
        #expect(plan.categories == ["a", "b", "c", "d", "e"])
        let all = try frames(json, s)
        #expect(try frame(all, at: 0.5).window == Window(2, 4))
        let bad = #"{"events": [{"at": 0.5, "action": "append", "rows": [["b", 4]]}]}"#
        #expect(throws: RangePipeError.self) { try ScriptPlan(script: try decodeScript(bad), series: s) }
    }
}
