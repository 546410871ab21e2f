import Foundation
import Testing
import RangePipeKit

/// docs/script-events.md "Raw pointer input", "double-click" and "wheel": every
/// threshold on both sides. Windows are worked out from the doc's rules:
/// a double click returns to the initial window, a pan moves by
/// −Δpx·span/W, a wheel notch scales the span by 1.1 about the value under x.
/// The series is x = 0 … 100 (1 unit gaps); main chart 800 px; overview
/// 200 px (2 px per unit, so every pixel below is exact).
@Suite("documented boundaries: raw pointer input")
struct DocumentedBoundaryPointerTests {
    /// A tap then raw input at 1 s on a window moved to [40, 80] at 0 s
    /// (initial [20, 60]); returns the last frame's window.
    static func window(after samples: [String], initial: (Double, Double) = (20, 60), movedTo: (Double, Double)? = (40, 80)) throws -> Window {
        var script = ScriptBuilder(fps: 10, duration: 3, overview: .init(width: 200, height: 50), main: .init(width: 800, height: 400),
                                   initial: .range(initial.0, initial.1))
        if let movedTo {
            script.events.append(#"{"at": 0, "action": "set-window", "window": {"min": \#(movedTo.0), "max": \#(movedTo.1)}}"#)
        }
        script.events.append(#"{"at": 1, "input": "pointer", "samples": ["# + samples.joined(separator: ", ") + "]}")
        return try #require(try frames(script.text, linearSeries()).last).window
    }

    static func down(_ t: Double, _ x: Double, _ y: Double = 100, area: String = "main") -> String {
        #"{"t": \#(t), "id": 1, "type": "down", "x": \#(x), "y": \#(y), "area": "\#(area)"}"#
    }
    static func move(_ t: Double, _ x: Double, _ y: Double = 100) -> String { #"{"t": \#(t), "id": 1, "type": "move", "x": \#(x), "y": \#(y)}"# }
    static func up(_ t: Double, _ x: Double, _ y: Double = 100) -> String { #"{"t": \#(t), "id": 1, "type": "up", "x": \#(x), "y": \#(y)}"# }
    static func tap(_ t: Double, _ x: Double, _ y: Double = 100) -> [String] { [down(t, x, y), up(t + 0.05, x, y)] }

    @Test("double tap: a second tap within 40 px (3-4-5: exactly 40) resets; 40.3 px away it is two taps",
          arguments: [(32.0, true), (32.5, false), (0, true)])
    func doubleTapSlop(dy: Double, resets: Bool) throws {
        let w = try Self.window(after: Self.tap(0, 400, 100) + Self.tap(0.2, 424, 100 + dy))
        #expect(w == (resets ? Window(20, 60) : Window(40, 80)), "\(w)")
    }

    @Test("double tap: the second down 0.3 s after the first up resets; 0.31 s after, it does not",
          arguments: [(0.3, true), (0.31, false)])
    func doubleTapTimeout(gap: Double, resets: Bool) throws {
        let w = try Self.window(after: [Self.down(0, 400), Self.up(0.1, 400)] + Self.tap(0.1 + gap, 400))
        #expect(w == (resets ? Window(20, 60) : Window(40, 80)), "\(w)")
    }

    @Test("a tap is up within 0.3 s: held 0.3 s it is the first of a double tap; held 0.31 s it is a press that pans nothing",
          arguments: [(0.3, true), (0.31, false)])
    func tapTimeout(held: Double, resets: Bool) throws {
        let w = try Self.window(after: [Self.down(0, 400), Self.up(held, 400)] + Self.tap(held + 0.1, 400))
        #expect(w == (resets ? Window(20, 60) : Window(40, 80)), "\(w)")
    }

    @Test("a tap moves at most 10 px: 10 px is a tap (then a double tap); 10.5 px is a pan of −10.5·40/800 units")
    func tapSlop() throws {
        // Moved over 0.25 s: 42 px/s at the release, under the 50 px/s fling threshold.
        let tap = try Self.window(after: [Self.down(0, 400), Self.move(0.25, 410), Self.up(0.25, 410)] + Self.tap(0.4, 400))
        #expect(tap == Window(20, 60), "\(tap)")
        let pan = try Self.window(after: [Self.down(0, 400), Self.move(0.25, 410.5), Self.up(0.25, 410.5)] + Self.tap(0.4, 400))
        let d = 10.5 * 40 / 800
        #expect(closeWindow(pan, 40 - d, 80 - d, 1e-12), "\(pan)")
    }

    @Test("release: a pan flings from 50 px/s (it goes on after the release); at 49.5 px/s it stops where released",
          arguments: [(50.5, true), (49.5, false)])
    func flingThreshold(speed: Double, flings: Bool) throws {
        // 0.4 s (longer than a tap) at `speed` px/s to the right: −speed·0.4·40/800 units at the release.
        let w = try Self.window(after: [Self.down(0, 400), Self.move(0.4, 400 + speed * 0.4), Self.up(0.4, 400 + speed * 0.4)])
        let released = 40 - speed * 0.4 * 40 / 800
        if flings {
            #expect(w.lower < released - 0.01 && close(w.span, 40), "\(w)")
        } else {
            #expect(closeWindow(w, released, released + 40, 1e-12), "\(w)")
        }
    }

    @Test("wheel: 100 px of deltaY is one 1.1× notch about the value under x; 50 px is half a notch",
          arguments: [100.0, 50, -100])
    func wheelNotch(deltaY: Double) throws {
        let w = try Self.window(after: [#"{"t": 0, "type": "wheel", "x": 400, "y": 100, "deltaY": \#(deltaY), "area": "main"}"#])
        // 400 px of 800 over [40, 80] is 60; the half-span 20 scales by 1.1^(deltaY/100).
        let h = 20 * pow(1.1, deltaY / 100)
        #expect(closeWindow(w, 60 - h, 60 + h, 1e-12), "\(w)")
    }

    // The overview: [30, 70] is px [60, 140] of 200; each press drags +20 px (+10 units) in 0.5 s (40 px/s: no fling).

    static func press(_ x: Double, window: (Double, Double) = (30, 70)) throws -> Window {
        try Self.window(after: [down(0, x, 20, area: "overview"), move(0.5, x + 20, 20), up(0.5, x + 20, 20)],
                        initial: window, movedTo: nil)
    }

    @Test("hit zone: 22 px left of the min handle grabs it; 22.5 px left, the selection jumps to centre there and drags")
    func handleZoneOutside() throws {
        #expect(try Self.press(38) == Window(40, 70))
        // Centre 37.5 px = 18.75: [−1.25, 38.75] shifted inside to [0, 40], then +10.
        #expect(try Self.press(37.5) == Window(10, 50))
    }

    @Test("hit zone: 22 px inside the min handle grabs it; 22.5 px inside drags the selection")
    func handleZoneInside() throws {
        #expect(try Self.press(82) == Window(40, 70))
        #expect(try Self.press(82.5) == Window(40, 80))
    }

    @Test("hit zone: a press as near to both handles goes to min; a half pixel nearer max goes to max")
    func handleTie() throws {
        // [30, 50] is px [60, 100]: 80 is 20 px from both.
        #expect(try Self.press(80, window: (30, 50)) == Window(40, 50))
        #expect(try Self.press(80.5, window: (30, 50)) == Window(30, 60))
    }
}
