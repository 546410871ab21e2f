import Foundation
import Testing
@testable import RangePipeKit

/// SPEC 3 and 4 points, each expected value worked out here from the script
/// and the raw points (by hand or brute force), at several frame rates.
@Suite("Spans, bounds, event timing and release velocity")
struct SpecPointTests {
    /// Irregular x: x_i = i²/10 (gaps grow), values i.
    static let irregular = Series(name: "q", axis: .number, x: (0 ..< 60).map { Double($0 * $0) / 10 },
                                  fields: [.init(name: "v", values: (0 ..< 60).map(Double.init))])

    /// Distances from c to every x, ascending (brute force).
    static func distances(_ x: [Double], from c: Double) -> [Double] { x.map { abs($0 - c) }.sorted() }

    /// A script on a 200 px main chart and a 100 px overview.
    static func script(fps: Double, window: String, events: String, extra: String = "") -> String {
        ScriptBuilder(fps: fps, overview: .init(width: 100, height: 50), main: .init(width: 200, height: 100),
                      windowObject: window, settings: ScriptBuilder.members(extra), events: [events]).text
    }

    /// A pinch symmetric about the main chart's middle keeps the window's centre.
    static let pinchIn = #"{"at": 0, "gesture": "pinch", "path": [[0, 95, 105], [0.5, 0, 200]]}"#
    static let pinchOut = #"{"at": 0, "gesture": "pinch", "path": [[0, 0, 200], [0.5, 99, 101]]}"#

    @Test("{\"points\": k} minSpan: a zoom stops at the smallest width about the centre holding k points", arguments: [30.0, 144])
    func pointsMinSpan(fps: Double) throws {
        for k in [2, 3, 7] {
            let f = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 100, "max": 140}, "minSpan": {"points": \#(k)}}"#,
                                           events: Self.pinchIn), Self.irregular)
            let h = Self.distances(Self.irregular.x, from: 120)[k - 1]
            #expect(closeWindow(f.last!.window, 120 - h, 120 + h, 1e-12), "k \(k): \(f.last!.window) vs ±\(h)")
            let inside = Self.irregular.x.filter { f.last!.window.lower <= $0 && $0 <= f.last!.window.upper }.count
            #expect(inside >= k)
        }
    }

    @Test("{\"points\": k} maxSpan: a zoom out stops just short of taking in point k + 1", arguments: [30.0, 60])
    func pointsMaxSpan(fps: Double) throws {
        for k in [4, 9] {
            let f = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 119, "max": 121}, "minSpan": 0.5, "maxSpan": {"points": \#(k)}}"#,
                                           events: Self.pinchOut), Self.irregular)
            let w = f.last!.window
            let next = Self.distances(Self.irregular.x, from: 120)[k]
            #expect(close(w.centre, 120, 1e-12))
            #expect(Self.irregular.x.filter { w.lower <= $0 && $0 <= w.upper }.count == k, "k \(k): \(w)")
            // Just short: the count above is k, and the span is 2·d(k+1) up to rounding.
            #expect(abs(w.span - 2 * next) <= 2 * next * 1e-12, "k \(k): \(w) span \(w.span) vs 2·\(next)")
        }
    }

    @Test("{\"points\": k} minSpan on a handle drag: the moved end stops where [a, b] holds k points")
    func pointsHandle() throws {
        // a = 90 fixed; the max handle dragged far left. 1 overview px = 348.1/100 units.
        let f = try frames(Self.script(fps: 20, window: #"{"initial": {"min": 90, "max": 200}, "minSpan": {"points": 4}}"#,
                                       events: #"{"at": 0, "gesture": "drag-handle", "handle": "max", "path": [[0, 0], [1, -80]]}"#),
                           Self.irregular)
        let fromA = Self.irregular.x.filter { $0 >= 90 }
        #expect(f.last!.window == Window(90, fromA[3]), "\(f.last!.window)")
    }

    @Test("{\"points\": k} spans limit zooms only: a drag and a pan into sparser data keep the width, and may then hold fewer than k (SPEC 4.5)")
    func pointsDuringMoves() throws {
        // Dense at the left, sparse at the right; the window starts holding 3 points.
        let x: [Double] = [0, 1, 2, 3, 4, 10, 20, 30, 40]
        let series = Series(name: "s", axis: .number, x: x, fields: [.init(name: "v", values: x)])
        let moves = [#"{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [1, 12]]}"#,
                     #"{"at": 0, "gesture": "pan", "path": [[0, 100], [1, -300]]}"#]
        for move in moves {
            let f = try frames(Self.script(fps: 10, window: #"{"initial": {"min": 0, "max": 2}, "minSpan": {"points": 3}}"#, events: move), series)
            #expect(f[0].window == Window(0, 2))
            // A translation never resizes the window (up to the ulps of moving both ends).
            for r in f {
                #expect(abs(r.window.span - 2) <= 1e-12, "t \(r.t): \(r.window) changed width")
            }
            // Moved into the sparse part, it holds fewer than k: the count is a zoom limit, not kept by moves.
            let fewest = f.map { r in x.filter { r.window.lower <= $0 && $0 <= r.window.upper }.count }.min()!
            #expect(fewest < 3, "\(move): the window always held 3 points; moves would then be resizing it")
        }
    }

    @Test("the default minSpan is the smallest x gap")
    func defaultMinSpan() throws {
        let x = [0.0, 3, 5, 5.25, 9, 14, 20, 27]
        let series = Series(name: "g", axis: .number, x: x, fields: [.init(name: "v", values: x)])
        let smallest = zip(x.dropFirst(), x).map { $0 - $1 }.min()!
        let f = try frames(Self.script(fps: 10, window: #"{"initial": {"min": 8, "max": 12}}"#, events: Self.pinchIn), series)
        #expect(closeWindow(f.last!.window, 10 - smallest / 2, 10 + smallest / 2, 1e-12), "\(f.last!.window)")
    }

    @Test("custom bounds: windows, drags and the selector use [U0, U1], not the data's extent", arguments: [24.0, 60])
    func customBounds(fps: Double) throws {
        let series = linearSeries()
        // Bounds [10, 50] on a 100 px overview: 0.4 units/px. +100 px is +40 units; −200 px is −80.
        let f = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 20, "max": 30}, "bounds": {"min": 10, "max": 50}}"#,
                                       events: #"{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.25, 10], [1, 100], [2, -100]]}"#),
                           series)
        let quarter = try frame(f, at: 0.25)
        #expect(closeWindow(quarter.window, 24, 34, 1e-12))
        #expect(close(quarter.selector.min, (24 - 10) / 40 * 100, 1e-12) && close(quarter.selector.max, (34 - 10) / 40 * 100, 1e-12))
        // (Spans drift by ulps as the window moves step by step.)
        #expect(closeWindow(try frame(f, at: 1).window, 40, 50, 1e-12))
        #expect(f.last!.window.lower == 10 && close(f.last!.window.upper, 20, 1e-12))
        // "all" and a window outside the bounds both come back inside them.
        let all = try frames(Self.script(fps: fps, window: #"{"initial": "all", "bounds": {"min": 10, "max": 50}}"#, events: ""), series)
        #expect(all[0].window == Window(10, 50))
        let outside = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 70, "max": 80}, "bounds": {"min": 10, "max": 50}}"#, events: ""), series)
        #expect(outside[0].window == Window(40, 50))
    }

    /// Daily points from 2020-01-01 (epoch 1577836800).
    static let days = Series(name: "d", axis: .time, x: (0 ..< 60).map { 1_577_836_800 + Double($0) * 86_400 },
                             fields: [.init(name: "v", values: (0 ..< 60).map { Double($0 % 7) })])

    @Test("ISO-8601 durations: P1W and PT12H, the same as 1w and 12h")
    func isoDurations() throws {
        let last = Self.days.x.last!, first = Self.days.x.first!
        for (week, halfDay) in [("P1W", "PT12H"), ("1w", "12h"), ("P7D", "PT720M")] {
            let f = try frames(Self.script(fps: 10, window: #"{"initial": {"last": "\#(week)"}, "minSpan": "\#(halfDay)"}"#, events: Self.pinchIn), Self.days)
            #expect(f[0].window == Window(last - 604_800, last), "\(week)")
            let c = last - 302_400
            #expect(closeWindow(f.last!.window, c - 21_600, c + 21_600, 1e-15), "\(halfDay): \(f.last!.window)")
            let g = try frames(Self.script(fps: 10, window: #"{"initial": {"first": "\#(week)"}}"#, events: ""), Self.days)
            #expect(g[0].window == Window(first, first + 604_800), "\(week)")
        }
    }

    // MARK: Event timing

    @Test("an event starting between frames starts on the next frame and applies its movement up to that frame's time", arguments: [10.0, 30])
    func eventsBetweenFrames(fps: Double) throws {
        // 1 unit per overview px. The drag starts at 0.05 (between frames) and releases at 0.35.
        let f = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 40, "max": 50}}"#,
                                       events: #"{"at": 0.05, "gesture": "drag-selection", "path": [[0, 0], [0.3, 30]]}"#), linearSeries())
        for r in f {
            // Pointer at min(t, 0.35) − 0.05 seconds into the path: 100 px/s.
            let moved = r.t < 0.05 ? 0 : 100 * (min(r.t, 0.35) - 0.05)
            #expect(closeWindow(r.window, 40 + moved, 50 + moved, 1e-12), "t \(r.t): \(r.window)")
            #expect(r.phase == (r.t >= 0.05 && r.t < 0.35 + 1 / fps ? .drag : .idle), "t \(r.t): \(r.phase)")
        }
        // An animation starts at its `at`, not at the frame: linear over 0.2 s from 0.05.
        let g = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 40, "max": 50}}"#,
                                       events: #"{"at": 0.05, "action": "set-window", "window": {"min": 60, "max": 70}, "animate": {"curve": "linear", "duration": 0.2}}"#),
                           linearSeries())
        for r in g {
            let p = min(max((r.t - 0.05) / 0.2, 0), 1)
            #expect(closeWindow(r.window, 40 + 20 * p, 50 + 20 * p, 1e-12), "t \(r.t): \(r.window)")
        }
        #expect(g.last!.window == Window(60, 70))
        // A wheel notch at 0.17 lands on the first frame at or after it.
        let w = try frames(Self.script(fps: fps, window: #"{"initial": {"min": 40, "max": 60}}"#,
                                       events: #"{"at": 0.05, "gesture": "wheel", "x": 100, "path": [[0, 0], [0.12, 1]]}"#), linearSeries())
        for r in w {
            #expect(closeWindow(r.window, r.t >= 0.17 - 1e-12 ? 39 : 40, r.t >= 0.17 - 1e-12 ? 61 : 60, 1e-12), "t \(r.t): \(r.window)")
        }
    }

    // MARK: Release velocity and flings

    @Test("the release velocity is the path's slope over its final 0.1 s, clipped to its start", arguments: [30.0, 60, 144])
    func releaseVelocity(fps: Double) throws {
        // (path, pointer at release − pointer 0.1 s before, over that time)
        let cases: [(String, Double)] = [
            // Positions 50 at 0.5 and 104 at 0.6: 540 px/s (the last segment alone is 100, the whole path 173).
            ("[[0, 0], [0.52, 52], [0.56, 100], [0.6, 104]]", 540),
            // Slowing down: 0 → 30 in 0.5 s, then 30 → 32 in 0.2 s: 10 px/s over the final 0.1 s (the whole path: 46).
            ("[[0, 0], [0.5, 30], [0.7, 32]]", 10),
            // A path shorter than 0.1 s: its whole slope, 20 px in 0.05 s.
            ("[[0, 0], [0.05, 20]]", 400),
            // Negative: −60 px over the last 0.1 s.
            ("[[0, 0], [0.3, 10], [0.4, -50]]", -600),
        ]
        for (path, v) in cases {
            // 10 001 points over a 1000 px overview: 10 units per px. Ease-out over 1 s travels v/5 px.
            let json = Self.script(fps: fps, window: #"{"initial": {"min": 3000, "max": 4000}}"#,
                                   events: #"{"at": 0, "gesture": "drag-selection", "path": \#(path), "release": "fling"}"#,
                                   extra: #""momentum": {"model": "ease-out", "duration": 1},"#)
                .replacingOccurrences(of: #""overview": {"width": 100"#, with: #""overview": {"width": 1000"#)
            let f = try frames(json, linearSeries(10_001))
            let released = 3000 + 10 * (try decodeFinalX(path))
            #expect(f.contains { $0.phase == .momentum })
            #expect(close(f.last!.window.lower - released, v / 5 * 10, 1e-9), "\(path) at \(fps) fps: travel \(f.last!.window.lower - released) vs \(v / 5 * 10)")
        }
    }

    /// Decay momentum's offset in px after τ (SPEC 4.6), and its rest offset past τ*.
    static func decay(v: Double, d: Double = 0.998, tau: Double) -> Double {
        let l = 1000 * Foundation.log(d)
        let stop = Foundation.log(-l * 0.5 / abs(v)) / l
        return tau >= stop ? -v / l : v * (Foundation.pow(d, 1000 * tau) - 1) / l
    }

    @Test("a pan fling moves the window by −offset·span/W_m, in main-chart pixels", arguments: [60.0, 144])
    func panFling(fps: Double) throws {
        // Span 1000 over 200 px: 5 units per px. +50 px of pan is −250 units; v = 100 px/s.
        let json = Self.script(fps: fps, window: #"{"initial": {"min": 4000, "max": 5000}}"#,
                               events: #"{"at": 0, "gesture": "pan", "path": [[0, 100], [0.5, 150]], "release": "fling"}"#)
        let f = try frames(json, linearSeries(10_001))
        let after = f.filter { $0.t >= 0.5 }
        #expect(after.count > 10)
        for r in after {
            let a = 3750 - 5 * Self.decay(v: 100, tau: r.t - 0.5)
            #expect(closeWindow(r.window, a, a + 1000, 1e-12), "t \(r.t): \(r.window) vs a \(a)")
        }
        #expect(f.dropFirst().allSatisfy { $0.t <= 0.5 || $0.phase == .momentum || $0 .t == after.first!.t })
    }

    @Test("a fling into an edge stops there, span kept (decay and ease-out)", arguments: [30.0, 60])
    func flingIntoEdge(fps: Double) throws {
        // 10 units per overview px; v = 500 px/s released at a = 8500: the rest offset (≈ 2497 units) overshoots U1.
        let right = Self.script(fps: fps, window: #"{"initial": {"min": 8000, "max": 9000}}"#,
                                events: #"{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.1, 50]], "release": "fling"}"#)
            .replacingOccurrences(of: #""overview": {"width": 100"#, with: #""overview": {"width": 1000"#)
        let f = try frames(right, linearSeries(10_001))
        for r in f where r.t >= 0.1 {
            let a = min(8500 + 10 * Self.decay(v: 500, tau: r.t - 0.1), 9000)
            #expect(closeWindow(r.window, a, a + 1000, 1e-12), "t \(r.t): \(r.window) vs a \(a)")
        }
        // At the edge exactly (the span drifts by ulps as the drag moved it step by step).
        #expect(f.last!.window.upper == 10000 && closeWindow(f.last!.window, 9000, 10000, 1e-12))
        #expect(f.contains { $0.window.upper == 10000 && $0.t < 0.6 }, "reaches the edge early and stays")
        // Ease-out to the left: v = −500 px/s, travel −100 px = −1000 units from a = 500.
        let left = Self.script(fps: fps, window: #"{"initial": {"min": 1000, "max": 2000}}"#,
                               events: #"{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.1, -50]], "release": "fling"}"#,
                               extra: #""momentum": {"model": "ease-out", "duration": 1},"#)
            .replacingOccurrences(of: #""overview": {"width": 100"#, with: #""overview": {"width": 1000"#)
        let g = try frames(left, linearSeries(10_001))
        #expect(g.allSatisfy { $0.window.lower >= 0 && close($0.window.span, 1000, 1e-12) })
        #expect(g.last!.window.lower == 0 && closeWindow(g.last!.window, 0, 1000, 1e-12))
    }

    /// The path's last x (the drag's total movement from 0).
    func decodeFinalX(_ path: String) throws -> Double {
        let samples = try #require(try JSONSerialization.jsonObject(with: Data(path.utf8)) as? [[Double]])
        return samples.last![1]
    }
}
