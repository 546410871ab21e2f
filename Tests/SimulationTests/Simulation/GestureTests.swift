import Foundation
import Testing
@testable import RangePipeKit

/// Each expected window is worked out by hand from SPEC 4.4/4.5. The series
/// is x = 0…100 (bounds [0, 100], default minSpan 1) unless said otherwise.
@Suite("Gestures and constraints, hand-derived")
struct GestureTests {
    let series = linearSeries()

    func script(_ events: String, window: String = "{\"initial\":{\"min\":40,\"max\":60}}", extra: String = "") -> String {
        ScriptBuilder(fps: 10, overview: .init(width: 100, height: 50), main: .init(width: 200, height: 100),
                      windowObject: window, settings: ScriptBuilder.members(extra), events: [events]).text
    }

    @Test("drag-selection moves by Δpx·(U1−U0)/W_o and stops at the bounds")
    func dragSelection() throws {
        // 1 unit per overview px. Pointer 50 → 60 over 1 s; 60 → 110 by 2 s.
        let f = try frames(script(#"{"at":0,"gesture":"drag-selection","path":[[0,50],[1,60],[2,110]]}"#), series)
        #expect(try frame(f, at: 0).window == Window(40, 60))
        #expect(closeWindow(try frame(f, at: 0.5).window, 45, 65))
        #expect(closeWindow(try frame(f, at: 1).window, 50, 70))
        // +50 px more would be [100, 120]: shifted back inside, span kept.
        #expect(try frame(f, at: 2).window == Window(80, 100))
        #expect(try frame(f, at: 0.5).phase == .drag)
        #expect(f.last!.t == 2)
    }

    @Test("pan moves by −Δpx·(b−a)/W_m: dragging right reveals earlier data")
    func pan() throws {
        // Span 20 over 200 px: 0.1 unit per px; +50 px → −5 units.
        let f = try frames(script(#"{"at":0,"gesture":"pan","path":[[0,100],[1,150]]}"#), series)
        #expect(closeWindow(try frame(f, at: 1).window, 35, 55))
        // Relative movement: halfway is half the way.
        #expect(closeWindow(try frame(f, at: 0.5).window, 37.5, 57.5))
    }

    @Test("drag-handle: the gripper rule stops at minSpan and resumes where the pointer passes again")
    func dragHandle() throws {
        // minSpan 10. max handle from 60: raw = 60 + Δpx (1 unit/px).
        // 1 s: Δ = −30 → raw 30 → b = max(30, 40 + 10) = 50.
        // 2 s: Δ = −5 → raw 55 → b = 55.  3 s: Δ = +70 → raw 130 → clipped to 100.
        let f = try frames(script(#"{"at":0,"gesture":"drag-handle","handle":"max","path":[[0,0],[1,-30],[2,-5],[3,70]]}"#,
                                  window: #"{"initial":{"min":40,"max":60},"minSpan":10}"#), series)
        #expect(try frame(f, at: 1).window == Window(40, 50))
        #expect(try frame(f, at: 2).window == Window(40, 55))
        #expect(try frame(f, at: 3).window == Window(40, 100))
        // The min handle with maxSpan 30: a = max(U0, b − 30, min(raw, b − 10)) with b = 60.
        let g = try frames(script(#"{"at":0,"gesture":"drag-handle","handle":"min","path":[[0,0],[1,-25],[2,15]]}"#,
                                  window: #"{"initial":{"min":40,"max":60},"minSpan":10,"maxSpan":30}"#), series)
        #expect(try frame(g, at: 1).window == Window(30, 60)) // raw 15 → 60 − 30
        #expect(try frame(g, at: 2).window == Window(50, 60)) // raw 55 → 60 − 10
    }

    @Test("pinch: the value under the old midpoint moves to the new one, span divided by the distance ratio")
    func pinch() throws {
        // Pointers 90/110 → 80/120: s = 40/20 = 2, midpoint 100 → 100.
        // u = 40 + 100/200·20 = 50; span 10; a = 50 − 100/200·10 = 45.
        let f = try frames(script(#"{"at":0,"gesture":"pinch","path":[[0,90,110],[1,80,120]]}"#), series)
        #expect(closeWindow(f.last!.window, 45, 55))
        #expect(f.last!.phase == .pinch)
        // Midpoint moving 100 → 150 with s = 1: u = 50 moves to px 150: a = 50 − 150/200·20 = 35.
        let g = try frames(script(#"{"at":0,"gesture":"pinch","path":[[0,90,110],[1,140,160]]}"#), series)
        #expect(closeWindow(g.last!.window, 35, 55))
    }

    @Test("pinch below minSpan: the span rule keeps the centre")
    func pinchSpanRule() throws {
        // s = 200/20 = 10 → span 2 < minSpan 8 → centre 50 ± 4.
        let f = try frames(script(#"{"at":0,"gesture":"pinch","path":[[0,90,110],[1,0,200]]}"#,
                                  window: #"{"initial":{"min":40,"max":60},"minSpan":8}"#), series)
        #expect(closeWindow(f.last!.window, 46, 54))
    }

    @Test("double-tap-drag: f = max(−Δy/50, −0.9) per application, about the anchor x0")
    func doubleTapDrag() throws {
        // x0 = 50 px of 200 (r = 0.25). The value under x0 is u = 40 + 0.25·20 = 45 and stays.
        // At 10 fps, Δy = +25 over 1 s is 10 applications of Δy = 2.5 (f = −0.05): the span
        // becomes 20·0.95¹⁰, with a = 45 − 0.25·span and b = 45 + 0.75·span.
        let f = try frames(script(#"{"at":0,"gesture":"double-tap-drag","path":[[0,50,100],[1,50,125]]}"#), series)
        let span = 20 * Foundation.pow(0.95, 10.0)
        #expect(closeWindow(f.last!.window, 45 - 0.25 * span, 45 + 0.75 * span))
        // One application with a big step: a single frame at fps 1 gives f = −0.5:
        // a' = 40 − 0.25·(−0.5)·20 = 42.5, b' = 60 + 0.75·(−0.5)·20 = 52.5.
        let one = try frames(script(#"{"at":0,"gesture":"double-tap-drag","path":[[0,50,100],[1,50,125]]}"#)
            .replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 1"), series)
        #expect(closeWindow(one.last!.window, 42.5, 52.5))
        // f is capped at −0.9: Δy = +500 in one application → span·0.1 = 2 → [44.5, 46.5].
        let capped = try frames(script(#"{"at":0,"gesture":"double-tap-drag","path":[[0,50,0],[1,50,500]]}"#)
            .replacingOccurrences(of: "\"fps\": 10", with: "\"fps\": 1"), series)
        #expect(closeWindow(capped.last!.window, 44.5, 46.5))
        // Zooming out: Δy = −5 per frame (f = 0.1) → span 20·1.1^k about 45, then the whole bounds.
        let g = try frames(script(#"{"at":0,"gesture":"double-tap-drag","path":[[0,50,100],[1,50,50],[2,50,0]]}"#), series)
        let out = 20 * Foundation.pow(1.1, 10.0)
        #expect(closeWindow(try frame(g, at: 1).window, 45 - 0.25 * out, 45 + 0.75 * out))
        #expect(try frame(g, at: 2).window == Window(0, 100))
        #expect(g.last!.phase == .zoom)
    }

    @Test("wheel: each notch sample scales the span by 1.1^n about the value under x")
    func wheel() throws {
        // x = 100 of 200 → u = 50: one notch → span 22 → [39, 61]; then −1 notch back to [40, 60].
        let f = try frames(script(#"{"at":0.5,"gesture":"wheel","x":100,"path":[[0,1],[1,-1]]}"#), series)
        #expect(closeWindow(try frame(f, at: 0.5).window, 39, 61))
        #expect(try frame(f, at: 0.5).phase == .zoom)
        #expect(try frame(f, at: 1.0).phase == .idle)
        #expect(closeWindow(try frame(f, at: 1.5).window, 40, 60))
    }

    @Test("set-window jumps or animates along its curve and lands exactly; reset returns to the initial window")
    func setWindow() throws {
        let f = try frames(script(#"""
            {"at":0,"action":"set-window","window":{"min":10,"max":30}},
            {"at":1,"action":"set-window","window":{"min":60,"max":90},"animate":{"curve":"linear","duration":1}},
            {"at":3,"action":"reset"}
            """#), series)
        #expect(try frame(f, at: 0).window == Window(10, 30))
        #expect(closeWindow(try frame(f, at: 1.5).window, 35, 60))
        #expect(try frame(f, at: 2).window == Window(60, 90))
        #expect(try frame(f, at: 1.5).phase == .animate)
        #expect(try frame(f, at: 3).window == Window(40, 60))
    }

    @Test("windows: fraction, last/first spans, points, all, and the seed's default")
    func windowForms() throws {
        func initial(_ spec: String) throws -> Window {
            try frames(script("", window: "{\"initial\": \(spec)}"), series)[0].window
        }
        #expect(try initial(#"{"fraction":[0.25,0.5]}"#) == Window(25, 50))
        #expect(try initial(#"{"last":10}"#) == Window(90, 100))
        #expect(try initial(#"{"first":{"fraction":0.2}}"#) == Window(0, 20))
        #expect(try initial(#"{"last":{"points":5}}"#) == Window(96, 100))
        #expect(try initial(#""all""#) == Window(0, 100))
        // Seed default: x[⌊0.6·101⌋] = 60 to x[⌊0.8·101⌋] = 80.
        let seed = try frames(#"{"events": []}"#, series)[0].window
        #expect(seed == Window(60, 80))
    }

    @Test("a window wider than maxSpan or narrower than minSpan is fixed about its centre")
    func spanRuleOnScriptWindows() throws {
        let f = try frames(script("", window: #"{"initial":{"min":10,"max":90},"maxSpan":20}"#), series)
        #expect(f[0].window == Window(40, 60))
        let g = try frames(script("", window: #"{"initial":{"min":49,"max":51},"minSpan":10}"#), series)
        #expect(g[0].window == Window(45, 55))
    }

    @Test("momentum decay follows v·(d^(1000τ) − 1)/(1000·ln d) and rests exactly on −v/(1000·ln d)")
    func decayMomentum() throws {
        // Bounds 0…10000 (10 001 points), overview 1000 px → 10 units/px.
        // Path at constant 100 px/s for 0.5 s: release velocity 100 px/s.
        let big = linearSeries(10_001)
        let json = """
        {"fps": 50, "overview": {"width": 1000, "height": 50}, "main": {"width": 200, "height": 100},
         "window": {"initial": {"min": 1000, "max": 2000}},
         "events": [{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.5, 50]], "release": "fling"}]}
        """
        let f = try frames(json, big)
        let d = 0.998, v = 100.0, l = 1000 * log(d)
        let release = 1000.0 + 50 * 10 // window.lower at release
        for tau in [0.0, 0.1, 0.5, 1.0, 2.0] {
            let expected = release + v * (pow(d, 1000 * tau) - 1) / l * 10
            let got = try frame(f, at: 0.5 + tau).window.lower
            #expect(close(got, expected, 1e-12), "τ = \(tau): \(got) vs \(expected)")
        }
        let stop = log(-l * 0.5 / v) / l
        let rest = release - v / l * 10
        #expect(close(f.last!.window.lower, rest, 1e-12))
        // The last frame is the first at or after τ*, and it is still momentum.
        #expect(f.last!.t >= 0.5 + stop - 1e-12 && f.last!.t < 0.5 + stop + 0.02 + 1e-12)
        #expect(f.last!.phase == .momentum)
    }

    @Test("a slow release has no momentum")
    func noMomentum() throws {
        let f = try frames(script(#"{"at":0,"gesture":"drag-selection","path":[[0,50],[1,50.0001]],"release":"fling"}"#), series)
        #expect(f.last!.t == 1)
        #expect(f.allSatisfy { $0.phase != .momentum })
    }
}
