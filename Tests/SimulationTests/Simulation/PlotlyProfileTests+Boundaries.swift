import Foundation
import Testing
@testable import RangePipeKit

/// `PlotlyProfile` on both sides of every constant: dead zones, box
/// minimum, double-click delay, wheel clamp, rounding, grab zones, clamps
/// (the fixtures are in PlotlyProfileTests.swift).
extension PlotlyProfileTests {
    // MARK: Boundaries

    @Test("pan dead zone: 7 px is nothing, 8 px pans, both ways")
    func panDeadZone() {
        let initial = Self.window("2024-03-01", "2024-06-01")
        for dx in [7.0, -7] {
            var p = Self.vectors(.pan)
            _ = p.apply(Self.down(1, 300))
            let s = p.apply(Self.move(1.1, 300 + dx))
            #expect(s.window == initial)
            #expect(s.phase == .idle)
        }
        var p = Self.vectors(.pan)
        _ = p.apply(Self.down(1, 300))
        let s = p.apply(Self.move(1.1, 292))
        #expect(s.window == Self.window("2024-03-02 01:14:03.4286", "2024-06-02 01:14:03.4286"))
        #expect(s.phase == .drag)
    }

    @Test("a y-only pan of 8 px is a drag (its range is rewritten, so a double-click resets), of 7 px a click (it autosizes)")
    func panDeadZoneY() {
        for (dy, expected) in [(7.0, Self.window("2024-01-01", "2024-12-31")), (8, Self.window("2024-03-01", "2024-06-01"))] {
            var p = Self.vectors(.pan)
            _ = p.apply(Self.down(1, 300, y: 100))
            _ = p.apply(Self.move(1.1, 300, y: 100 + dy))
            _ = p.apply(Self.up(1.2, 300, y: 100 + dy))
            #expect(Self.doubleClick(&p, at: 3).window == expected, "dy \(dy)")
        }
    }

    @Test("box minimum: 7 px zooms nothing and is a click, 8 px zooms; a box ending under 8 px is no zoom and no click")
    func boxMinimum() {
        var p = Self.vectors()
        _ = p.apply(Self.down(1, 100))
        let drawing = p.apply(Self.move(1.05, 107))
        #expect(drawing.box == nil)
        let s = p.apply(Self.up(1.1, 107))
        #expect(s.window == Self.window("2024-03-01", "2024-06-01"))
        #expect(s.phase == .idle)
        // The 7 px "drag" was a click: a second click now is a double-click.
        _ = p.apply(Self.down(1.2, 100))
        #expect(p.apply(Self.up(1.25, 100)).window == Self.window("2024-01-01", "2024-12-31"))

        var q = Self.vectors()
        _ = q.apply(Self.down(1, 100))
        #expect(q.apply(Self.move(1.05, 300)).box == Window(100, 300))
        _ = q.apply(Self.move(1.1, 104))
        #expect(q.apply(Self.up(1.15, 104)).window == Self.window("2024-03-01", "2024-06-01"))
        _ = q.apply(Self.down(1.2, 100))
        _ = q.apply(Self.move(1.25, 300))
        _ = q.apply(Self.move(1.3, 104))
        // Both presses drew a box: neither release is a click, so no double-click.
        #expect(q.apply(Self.up(1.35, 104)).window == Self.window("2024-03-01", "2024-06-01"))
    }

    @Test("the box is clipped to the plot: from 695 it never reaches 8 px; past the right edge it ends at W")
    func boxClipped() {
        var p = Self.vectors()
        #expect(Self.drag(&p, from: 695, to: [720, 900]).window == Self.window("2024-03-01", "2024-06-01"))
        var q = Self.vectors()
        let s = Self.drag(&q, from: 100, to: [900])
        #expect(s.window.upper == Self.s("2024-06-01"))
        #expect(s.phase == .zoom)
    }

    @Test("an up away from the last move is a move there first (a browser sends the mousemove before the mouseup)")
    func upElsewhere() {
        var l = Self.linear()
        _ = l.apply(Self.down(1, 70))
        _ = l.apply(Self.move(1.1, 280))
        #expect(l.apply(Self.up(1.2, 500)).window == Window(50 + 100 * (70 / 700.0), 50 + 100 * (500 / 700.0)))
    }

    @Test("double-click delay: presses 499 ms apart count, 500 ms do not; a release more than 500 ms after the first press undoes the count")
    func doubleClickDelay() {
        for (second, expected) in [(1.499, Self.window("2024-01-01", "2024-12-31")), (1.5, Self.window("2024-03-01", "2024-06-01"))] {
            var p = Self.vectors()
            _ = p.apply(Self.down(1, 300))
            _ = p.apply(Self.up(1.001, 300))
            _ = p.apply(Self.down(second, 300))
            #expect(p.apply(Self.up(1.5, 300)).window == expected, "second press at \(second)")
        }
        for (release, expected) in [(1.5, Self.window("2024-01-01", "2024-12-31")), (1.501, Self.window("2024-03-01", "2024-06-01"))] {
            var r = Self.vectors()
            _ = r.apply(Self.down(1, 300))
            _ = r.apply(Self.up(1.05, 300))
            _ = r.apply(Self.down(1.45, 300))
            #expect(r.apply(Self.up(release, 300)).window == expected, "release at \(release)")
        }
    }

    @Test("a double-click needs no nearness: presses 300 px apart count; a drag's press counts too")
    func doubleClickAnywhere() {
        var p = Self.vectors()
        _ = p.apply(Self.down(1, 50))
        _ = p.apply(Self.up(1.05, 50))
        _ = p.apply(Self.down(1.2, 350))
        #expect(p.apply(Self.up(1.25, 350)).window == Self.window("2024-01-01", "2024-12-31"))
        var q = Self.vectors(.pan)
        _ = Self.drag(&q, from: 300, to: [400])
        _ = q.apply(Self.down(1.2, 300))
        // A reset: the pan left the initial range.
        #expect(q.apply(Self.up(1.25, 300)).window == Self.window("2024-03-01", "2024-06-01"))
    }

    @Test("wheel clamp: |deltaY| 20 and above zoom by e^0.1, 19 by e^0.095", arguments: [19.0, 20, 21, 100, -19, -20, -21, -600])
    func wheelClamp(deltaY: Double) {
        var p = Self.linear()
        let d = min(max(deltaY, -20), 20)
        let z = exp(d / 200)
        #expect(p.apply(Self.wheel(1, 350, deltaY)).window == Window(100 + (50 - 100) * z, 100 + (150 - 100) * z))
    }

    @Test("a fractional deltaY zooms by V8's e^x, to the last bit (12.5 px: 1.0644944589178595, where C's exp gives …593)")
    func wheelExp() {
        var p = Self.linear()
        // node: 100 + (50 - 100) * Math.exp(12.5 / 200), 100 + (150 - 100) * Math.exp(12.5 / 200)
        #expect(p.apply(Self.wheel(1, 350, 12.5)).window == Window(46.77527705410702, 153.22472294589298))
    }

    @Test("the wheel ignores deltaX and shift, and does nothing on the rangeslider or the x-axis strip")
    func wheelIgnores() {
        var p = Self.vectors()
        let sideways = p.apply(Self.wheel(1, 350, 0, deltaX: 120))
        #expect(sideways.window == Self.window("2024-03-01", "2024-06-01"))
        #expect(sideways.phase == .zoom)
        var a = Self.vectors(), b = Self.vectors()
        #expect(a.apply(Self.wheel(1, 200, 53, shift: true)).window == b.apply(Self.wheel(1, 200, 53, deltaX: 40)).window)
        for area in [RawPointerEvent.Area.overview, .xAxis] {
            var q = Self.vectors()
            let s = q.apply(Self.wheel(1, 350, 100, area: area))
            #expect(s.window == Self.window("2024-03-01", "2024-06-01"))
            #expect(s.phase == .idle)
        }
    }

    @Test("presses and drags on the x-axis strip do nothing")
    func xAxisStrip() {
        var p = Self.vectors(.pan)
        #expect(Self.drag(&p, from: 300, to: [350, 500], .xAxis).window == Self.window("2024-03-01", "2024-06-01"))
    }

    @Test("rounding to 0.1 ms, halves up: a pan of −0.05 ms shows +0.1 ms, of −0.0497 ms nothing")
    func tenthRounding() {
        for (width, lower, upper) in [(160.0, "1970-01-01 00:00:00.0001", "1970-01-01 00:00:00.0011"),
                                      (161, "1970-01-01", "1970-01-01 00:00:00.001")] {
            var p = PlotlyProfile(chart: ProfileChart(mainWidth: width, overviewWidth: width, initial: Window(0, 0.001),
                                                      extent: Window(0, 0.01), isTime: true, drag: .pan))
            _ = p.apply(Self.down(1, 100))
            #expect(p.apply(Self.move(1.1, 92)).window == Self.window(lower, upper), "W \(width)")
        }
    }

    @Test("grab zones by Chromium's whole-pixel hit test: min [112, 123], max [290, 301] px", arguments: [
        (111.0, "brush"), (112, "min"), (123, "min"), (124, "box"), (289, "box"), (290, "max"), (301, "max"), (302, "brush"),
    ])
    func grabZones(x: Double, target: String) {
        // The range sits at slider px 115.07…291.51: the min grab area is
        // [112.5, 122.5], the max one [290.5, 300.5].
        var p = Self.vectors()
        let w = Self.drag(&p, from: x, to: [x + 10], .overview).window
        let lower = Self.s("2024-03-01"), upper = Self.s("2024-06-01"), tenPx = 365 * 86_400.0 * 10 / 700
        switch target {
        case "min": #expect(w == Self.window("2024-03-06 05:08:34.2857", "2024-06-01"))
        case "max": #expect(w.lower == lower && abs(w.upper - (upper + tenPx)) < 0.001)
        case "box": #expect(w == Self.window("2024-03-06 05:08:34.2857", "2024-06-06 05:08:34.2857"))
        default: #expect(abs(w.span - tenPx) < 0.001 && w.lower != lower)
        }
    }

    @Test("brush offset: with the range at the slider's start the brush starts 2.5 px right of the press")
    func brushOffset() {
        var p = Self.vectors(initial: Self.window("2024-01-01", "2024-03-01"))
        #expect(Self.drag(&p, from: 400, to: [410], .overview).window == Self.window("2024-07-28 21:00", "2024-08-03 02:08:34.2857"))
    }

    @Test("a rangeslider end cannot leave the slider's range; a slidebox pushed off it is ignored")
    func sliderClamp() {
        var p = Self.vectors()
        _ = p.apply(Self.down(1, 200, .overview))
        #expect(p.apply(Self.move(1.1, 0, .overview)).window.lower == Self.s("2024-01-01"))
        // The slidebox's right end would be at 291.5 − 500 < 0: the move is ignored, the range stays.
        let kept = p.state.window
        #expect(p.apply(Self.move(1.2, -300, .overview)).window == kept)
    }

    @Test("a brush with no x movement shows equal ends pulled apart: ±1000 ms, or ∓max(1, |v|·1e-6) on numbers")
    func equalEnds() {
        var p = Self.vectors()
        _ = p.apply(Self.down(1, 560, .overview, y: 10))
        #expect(p.apply(Self.move(1.1, 560, .overview, y: 30)).window == Self.window("2024-10-18 23:59:59", "2024-10-19 00:00:01"))
        var l = Self.linear()
        _ = l.apply(Self.down(1, 600, .overview, y: 10))
        let v = 600 / 700.0 * 700
        #expect(l.apply(Self.move(1.1, 600, .overview, y: 30)).window == Window(v - 1, v + 1))
    }

    @Test("a rangeslider move shows at once; Plotly relayouts it at the next 16 ms frame")
    func sliderFrame() {
        var p = Self.vectors()
        _ = p.apply(Self.down(1, 200, .overview))
        let moved = p.apply(Self.move(1.001, 210, .overview))
        #expect(moved.window == Self.window("2024-03-06 05:08:34.2857", "2024-06-06 05:08:34.2857"))
        #expect(moved.phase == .drag)
        #expect(p.shown(afterFrames: false).window == Self.window("2024-03-01", "2024-06-01"))
        #expect(p.nextTimerTime == 1.008)
        _ = p.advance(to: 1.0079)
        #expect(p.shown(afterFrames: false).window == Self.window("2024-03-01", "2024-06-01"))
        _ = p.advance(to: 1.008)
        #expect(p.shown(afterFrames: false).window == moved.window)
    }

    @Test("the slider's range grows at the wheel's redraw 50 ms later and never shrinks")
    func sliderRangeGrows() {
        var p = Self.vectors(initial: Self.window("2024-02-01", "2024-12-01"))
        for i in 0..<3 { _ = p.apply(Self.wheel(1 + 0.01 * Double(i), 350, 100)) }
        #expect(p.advance(to: 1.069).overview == Self.window("2024-01-01", "2024-12-31"))
        let grown = p.advance(to: 1.07)
        #expect(grown.overview == grown.window)
        for i in 0..<3 { _ = p.apply(Self.wheel(2 + 0.01 * Double(i), 350, -100)) }
        #expect(p.advance(to: 3).overview == grown.overview)
    }

    @Test("shift at the press swaps the drag mode")
    func shiftSwaps() {
        var p = Self.vectors(.zoom)
        #expect(Self.drag(&p, from: 300, to: [320, 358], shift: true).window == Self.window("2024-02-22 09:03:05.1429", "2024-05-24 09:03:05.1429"))
        var q = Self.vectors(.pan)
        #expect(Self.drag(&q, from: 100, to: [200, 300], shift: true).window == Self.window("2024-03-14 03:25:42.8571", "2024-04-09 10:17:08.5714"))
    }

    @Test("touch: a second finger restarts the drag from its own position; the first finger up ends it (§9)")
    func secondFinger() {
        var p = Self.linear(.pan)
        _ = p.apply(Self.down(1, 300, id: 1))
        _ = p.apply(Self.down(1.01, 400, id: 2))
        let first = p.apply(Self.move(1.02, 450, id: 2))
        #expect(Self.near(first.window, Window(50 - 50 / 7.0, 150 - 50 / 7.0)))
        // Finger 1's move counts from finger 2's press: −150 px.
        let m = 700 / (first.window.upper - first.window.lower)
        let second = p.apply(Self.move(1.03, 250, id: 1))
        #expect(Self.near(second.window, Window(50 + 150 / m, 150 + 150 / m)))
        _ = p.apply(Self.up(1.04, 450, id: 2))
        #expect(p.apply(Self.move(1.05, 100, id: 1)).window == second.window)
        #expect(p.apply(Self.up(1.06, 100, id: 1)).window == second.window)
    }

    @Test("touch on the rangeslider: no move within Chromium's 15 px slop of the press, then every move (a mouse has none)")
    func touchSlop() {
        for touch in [true, false] {
            var p = PlotlyProfile(chart: ProfileChart(mainWidth: 700, overviewWidth: 700, initial: Window(50, 150),
                                                      extent: Window(0, 700), isTime: false, drag: .zoom), touch: touch)
            _ = p.apply(Self.down(1, 100, .overview, y: 20))
            let near = p.apply(Self.move(1.1, 109, .overview, y: 32))  // 15 px from the press
            #expect((near.window == Window(50, 150)) == touch, "touch \(touch)")
            let out = p.apply(Self.move(1.2, 112, .overview, y: 31))   // 15.6 px
            #expect(Self.near(out.window, Window(62, 162)), "touch \(touch)")
            let back = p.apply(Self.move(1.3, 101, .overview, y: 20))  // inside again: delivered now
            #expect(Self.near(back.window, Window(51, 151)), "touch \(touch)")
        }
    }

    @Test("touch: a tap on the rangeslider leaves Plotly's mouse handler on it, which answers the next touch's moves until its end")
    func touchTapLeak() {
        var results: [Bool: Window] = [:]
        for touch in [true, false] {
            var p = PlotlyProfile(chart: ProfileChart(mainWidth: 700, overviewWidth: 700, initial: Window(50, 150),
                                                      extent: Window(0, 700), isTime: false, drag: .zoom), touch: touch)
            _ = p.apply(Self.down(1, 600, .overview))
            _ = p.apply(Self.up(1.05, 600, .overview))
            _ = p.apply(Self.down(2, 140, .overview))
            // The slidebox moves by −40; the tap's brush (600 → 100) runs first and is overwritten.
            #expect(Self.near(p.apply(Self.move(2.1, 100, .overview)).window, Window(10, 110)))
            // The slidebox would leave the slider: its handler ignores the move; the tap's brush (600 → −200) shows.
            results[touch] = p.apply(Self.move(2.2, -200, .overview)).window
            _ = p.apply(Self.up(2.3, -200, .overview))
        }
        #expect(Self.near(results[true]!, Window(0, 600 / 700.0 * 700)))
        #expect(Self.near(results[false]!, Window(10, 110)))
    }

    @Test("phases: a wheel zooms, a pan drags, a drawn box is idle with its px, a box release zooms")
    func phases() {
        var p = Self.vectors()
        #expect(p.apply(Self.wheel(1, 350, 100)).phase == .zoom)
        _ = p.apply(Self.down(2, 100))
        let drawing = p.apply(Self.move(2.1, 300))
        #expect(drawing.phase == .idle)
        #expect(drawing.box == Window(100, 300))
        let done = p.apply(Self.up(2.2, 300))
        #expect(done.phase == .zoom)
        #expect(done.box == nil)
        var q = Self.vectors(.pan)
        _ = q.apply(Self.down(1, 300))
        #expect(q.apply(Self.move(1.1, 320)).phase == .drag)
        #expect(q.apply(Self.up(1.2, 320)).phase == .idle)
    }
}
