import Foundation
import Testing
@testable import RangePipeKit

/// The bokeh profile (docs/profiles/bokeh.md) against values worked out by
/// hand. The chart, unless said otherwise: a number axis, data [0, 1000],
/// window [200, 600], main 800 px wide (2 px per unit), overview 800 px
/// (0.8 px per unit, so the window's overlay is overview x 160…480), the
/// frames 80 px into their canvases (BokehProfile.Layout's default).
@Suite("Bokeh profile")
struct BokehProfileTests {
    static func chart(drag: MainDrag = .pan, initial: Window = Window(200, 600), bounds: Window? = nil,
                      minInterval: Double? = nil, maxInterval: Double? = nil, isTime: Bool = false) -> ProfileChart {
        ProfileChart(mainWidth: 800, overviewWidth: 800, initial: initial, extent: Window(0, 1000), isTime: isTime,
                            drag: drag, bounds: bounds, minInterval: minInterval, maxInterval: maxInterval)
    }

    /// Replays events from a fresh profile; the state after each.
    static func run(_ chart: ProfileChart, _ events: [RawPointerEvent]) -> [ProfileState] {
        var p = BokehProfile(chart: chart)
        return events.map { p.apply($0) }
    }

    static func wheel(_ t: Double, x: Double, deltaY: Double, area: RawPointerEvent.Area = .main) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .wheel, area: area, x: x, y: 100, deltaY: deltaY)
    }

    /// A one-pointer contact: down at the first (t, x), moves, up at the last.
    static func drag(_ samples: [(Double, Double)], area: RawPointerEvent.Area = .main, y: Double = 100, id: Int = 1) -> [RawPointerEvent] {
        var out = [RawPointerEvent(t: samples[0].0, kind: .down, id: id, area: area, x: samples[0].1, y: y)]
        for s in samples.dropFirst().dropLast() { out.append(RawPointerEvent(t: s.0, kind: .move, id: id, area: area, x: s.1, y: y)) }
        let last = samples[samples.count - 1]
        out.append(RawPointerEvent(t: last.0, kind: .up, id: id, area: area, x: last.1, y: y))
        return out
    }

    static func tap(_ t: Double, x: Double, hold: Double = 0.05) -> [RawPointerEvent] {
        drag([(t, x), (t + hold, x)])
    }

    static func close(_ w: Window, _ lower: Double, _ upper: Double) -> Bool {
        abs(w.lower - lower) <= 1e-9 * max(1, abs(lower)) && abs(w.upper - upper) <= 1e-9 * max(1, abs(upper))
    }

    // MARK: Wheel zoom (§3)

    @Test("wheel ±100 px at the centre: f = ∓1/6, span ×(1 ± 1/6) about the value under the cursor")
    func wheelSteps() {
        // Cursor at main x 400: value 200 + 400/2 = 400. deltaY +100 → f = −1/6, span 400 · 7/6.
        let out = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: 100)])
        do {
            let lower: Double = 400 - 200 * 7 / 6, upper: Double = 400 + 200 * 7 / 6
            #expect(Self.close(out[0].window, lower, upper))
        }
        #expect(out[0].phase == .zoom)
        // deltaY −100 → f = +1/6, span 400 · 5/6.
        let zoomIn = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: -100)])
        do {
            let lower: Double = 400 - 200 * 5 / 6, upper: Double = 400 + 200 * 5 / 6
            #expect(Self.close(zoomIn[0].window, lower, upper))
        }
        // Off centre: the value under the cursor (x 100 → 250) stays, distances × 5/6.
        let side = Self.run(Self.chart(), [Self.wheel(1, x: 100, deltaY: -100)])
        do {
            let lower: Double = 250 - 50 * 5 / 6, upper: Double = 250 + 350 * 5 / 6
            #expect(Self.close(side[0].window, lower, upper))
        }
        // Steps compound: two −100 events are (5/6)².
        let two = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: -100), Self.wheel(1.1, x: 400, deltaY: -100)])
        do {
            let lower: Double = 400 - 200 * 25 / 36, upper: Double = 400 + 200 * 25 / 36
            #expect(Self.close(two[1].window, lower, upper))
        }
    }

    @Test("the factor is clamped to ±0.95: −1000 px keeps 5 % of the span, +600 px makes it 1.95×")
    func wheelClamp() {
        let zoomIn = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: -1000)])
        #expect(Self.close(zoomIn[0].window, 390, 410))
        let zoomOut = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: 600)])
        #expect(Self.close(zoomOut[0].window, 10, 790))
    }

    @Test("deltaX and shift are never read; a zero-delta wheel changes nothing but is still a zoom step")
    func zeroDelta() {
        let out = Self.run(Self.chart(), [
            RawPointerEvent(t: 1, kind: .wheel, area: .main, x: 400, y: 100, deltaX: 120, deltaY: 0, shift: true),
        ])
        #expect(out[0].window == Window(200, 600))
        #expect(out[0].phase == .zoom)
        // It pushes an undo entry: a box zoom followed by it can no longer be undone by a double tap.
        var events = Self.drag([(1, 100), (1.05, 200), (1.1, 300)])
        events.append(Self.wheel(1.5, x: 400, deltaY: 0))
        events += Self.tap(2, x: 400) + Self.tap(2.1, x: 400)
        let zoomed = Self.run(Self.chart(drag: .zoom), events)
        #expect(Self.close(zoomed[2].window, 250, 350))
        #expect(Self.close(zoomed.last!.window, 250, 350))
    }

    @Test("a wheel zoom-out that would cross a bound is cancelled entirely")
    func wheelCancel() {
        // Window [0, 400] against bounds [0, 1000]: zooming out about 200 would start at −33.3.
        let out = Self.run(Self.chart(initial: Window(0, 400), bounds: Window(0, 1000)), [
            Self.wheel(1, x: 400, deltaY: 100), Self.wheel(1.1, x: 400, deltaY: -100),
        ])
        #expect(out[0].window == Window(0, 400))
        // Zooming in is fine.
        do {
            let lower: Double = 200 - 200 * 5 / 6, upper: Double = 200 + 200 * 5 / 6
            #expect(Self.close(out[1].window, lower, upper))
        }
    }

    @Test("min_interval: a wheel step below it is blended back, keeping its focus")
    func wheelMinInterval() {
        // Span 400 → 333.3 wanted, minInterval 350: w = (400 − 350)/(400 − 333.3) = 0.75, span 350 about 400.
        let out = Self.run(Self.chart(minInterval: 350), [Self.wheel(1, x: 400, deltaY: -100)])
        #expect(Self.close(out[0].window, 225, 575))
        // At the limit, further zoom-in does nothing (w = 0).
        let again = Self.run(Self.chart(minInterval: 350), [Self.wheel(1, x: 400, deltaY: -100), Self.wheel(1.1, x: 300, deltaY: -100)])
        #expect(Self.close(again[1].window, 225, 575))
    }

    // MARK: Box zoom (§6)

    @Test("box zoom below min_interval ends at min_interval, between the box and the old range")
    func boxMinInterval() {
        // Box x 400…440 → [400, 420]; minInterval 100: w = (400 − 100)/(400 − 20).
        let out = Self.run(Self.chart(drag: .zoom, minInterval: 100), Self.drag([(1, 400), (1.05, 420), (1.1, 440)]))
        let w = 300.0 / 380
        do {
            let lower: Double = w * 400 + (1 - w) * 200, upper: Double = w * 420 + (1 - w) * 600
            #expect(Self.close(out[2].window, lower, upper))
        }
        #expect(abs(out[2].window.span - 100) < 1e-9)
    }

    @Test("box zoom: 5 px wide is a no-op, 6 px zooms; the release position counts; the box shows while dragging")
    func boxMinimum() {
        // Down at 400, over the 5 px threshold to 410, back to 405: the box is 400…405.
        let five = Self.run(Self.chart(drag: .zoom), Self.drag([(1, 400), (1.05, 410), (1.1, 405)]))
        #expect(five[1].box == Window(400, 410))
        #expect(five[1].phase == .zoom)
        #expect(five[2].window == Window(200, 600))
        #expect(five[2].box == nil)
        let six = Self.run(Self.chart(drag: .zoom), Self.drag([(1, 400), (1.05, 410), (1.1, 406)]))
        #expect(Self.close(six[2].window, 400, 403))
        // An up away from the last move: the pointer moves there first, the box ends there.
        let away = Self.run(Self.chart(drag: .zoom), Self.drag([(1, 400), (1.05, 410), (1.1, 500)]))
        #expect(Self.close(away[2].window, 400, 450))
        // The box is clipped to the frame.
        let wide = Self.run(Self.chart(drag: .zoom), Self.drag([(1, 700), (1.05, 900), (1.1, 1000)]))
        #expect(Self.close(wide[2].window, 550, 600))
    }

    // MARK: Pan (§5) and the recogniser (§2)

    @Test("pan: −Δpx/2 units, stopping at a bound with the span kept; the up's position is ignored")
    func panBound() {
        let free = Self.run(Self.chart(), Self.drag([(1, 400), (1.05, 500), (1.1, 500)]))
        #expect(Self.close(free[1].window, 150, 550))
        #expect(free[1].phase == .drag)
        // Bounds [0, 1000], window [100, 500]: +400 px would be [−100, 300] → [0, 400].
        let bounded = Self.run(Self.chart(initial: Window(100, 500), bounds: Window(0, 1000)),
                               Self.drag([(1, 400), (1.05, 800), (1.1, 800)]))
        #expect(bounded[1].window == Window(0, 400))
    }

    @Test("the 5 px threshold: a move of exactly 5 px is still a tap, 6 px pans by the full 6")
    func panThreshold() {
        let five = Self.run(Self.chart(), Self.drag([(1, 400), (1.05, 405), (1.1, 405)]))
        #expect(five[1].window == Window(200, 600))
        let diagonal = Self.run(Self.chart(), [RawPointerEvent(t: 1, kind: .down, id: 1, area: .main, x: 400, y: 100),
                                               RawPointerEvent(t: 1.05, kind: .move, id: 1, area: .main, x: 403, y: 104)])
        #expect(diagonal[1].window == Window(200, 600))
        let six = Self.run(Self.chart(), Self.drag([(1, 400), (1.05, 406), (1.1, 406)]))
        #expect(Self.close(six[1].window, 197, 597))
        // (4, 4): 32 > 25 px² — pans by dx = 4.
        let both = Self.run(Self.chart(), [RawPointerEvent(t: 1, kind: .down, id: 1, area: .main, x: 400, y: 100),
                                           RawPointerEvent(t: 1.05, kind: .move, id: 1, area: .main, x: 404, y: 104)])
        #expect(Self.close(both[1].window, 198, 598))
    }

    @Test("the 300 ms press timer: a first move after 299 ms pans, at 300 ms the drag does nothing")
    func pressTimer() {
        let quick = Self.run(Self.chart(), Self.drag([(1, 400), (1.299, 420), (1.35, 440), (1.4, 440)]))
        #expect(Self.close(quick[2].window, 180, 580))
        let slow = Self.run(Self.chart(), Self.drag([(1, 400), (1.3, 420), (1.35, 440), (1.4, 440)]))
        #expect(slow.allSatisfy { $0.window == Window(200, 600) })
        // Box zoom too.
        let box = Self.run(Self.chart(drag: .zoom), Self.drag([(1, 400), (1.3, 420), (1.4, 600)]))
        #expect(box.last!.window == Window(200, 600))
    }

    // MARK: Double tap (§7)

    @Test("double tap undoes only a box zoom that is the newest history entry, in zoom mode")
    func doubleTapUndo() {
        let box = Self.drag([(1, 100), (1.05, 200), (1.1, 300)]) // → [250, 350]
        let undone = Self.run(Self.chart(drag: .zoom), box + Self.tap(2, x: 400) + Self.tap(2.2, x: 50))
        #expect(Self.close(undone[2].window, 250, 350))
        #expect(undone.last!.window == Window(200, 600))
        #expect(undone.last!.phase == .zoom)
        // Ups 300 ms apart are two taps.
        let slow = Self.run(Self.chart(drag: .zoom), box + Self.tap(2, x: 400) + Self.tap(2.3, x: 400))
        #expect(Self.close(slow.last!.window, 250, 350))
        // Box → wheel → double tap: the newest entry is the wheel's.
        let wheel = Self.run(Self.chart(drag: .zoom), box + [Self.wheel(1.5, x: 400, deltaY: -100)] + Self.tap(2, x: 400) + Self.tap(2.1, x: 400))
        #expect(wheel.last!.window == wheel[3].window)
        // Two box zooms, two double taps: back to the start.
        let second = Self.drag([(1.5, 100), (1.55, 200), (1.6, 300)])
        let twice = Self.run(Self.chart(drag: .zoom), box + second + Self.tap(2, x: 400) + Self.tap(2.1, x: 400)
                                 + Self.tap(3, x: 400) + Self.tap(3.1, x: 400))
        #expect(Self.close(twice[9].window, 250, 350))
        #expect(twice.last!.window == Window(200, 600))
        // Pan mode: a double tap does nothing.
        let pan = Self.run(Self.chart(), Self.drag([(1, 400), (1.05, 500), (1.1, 500)]) + Self.tap(2, x: 400) + Self.tap(2.1, x: 400))
        #expect(Self.close(pan.last!.window, 150, 550))
    }

    // MARK: RangeTool (§8)

    @Test("RangeTool: an edge is hit within 2.4 px but not 2.6 px; 2.6 px inside moves the window, outside misses")
    func rangeToolHit() {
        // Left edge at overview x 160. 2.4 px outside: the left edge, +50 px → start 200 + 62.5.
        let edge = Self.run(Self.chart(), Self.drag([(1, 157.6), (1.05, 207.6), (1.1, 207.6)], area: .overview, y: 20))
        #expect(Self.close(edge[1].window, 262.5, 600))
        #expect(edge[1].phase == .drag)
        // 2.6 px inside: the area, both ends +62.5.
        let area = Self.run(Self.chart(), Self.drag([(1, 162.6), (1.05, 212.6), (1.1, 212.6)], area: .overview, y: 20))
        #expect(Self.close(area[1].window, 262.5, 662.5))
        // 2.6 px outside: in the 3 px zone but neither an edge nor inside: nothing.
        let miss = Self.run(Self.chart(), Self.drag([(1, 157.4), (1.05, 207.4), (1.1, 207.4)], area: .overview, y: 20))
        #expect(miss.allSatisfy { $0.window == Window(200, 600) })
    }

    @Test("RangeTool: a left edge dragged past the right one swaps roles")
    func rangeToolCrossing() {
        // Left edge 160 → 560 + 80 = 640 px: the range becomes [600, 700] (the old right end, the pointer).
        let out = Self.run(Self.chart(), Self.drag([(1, 160), (1.05, 400), (1.1, 560), (1.15, 560)], area: .overview, y: 20))
        #expect(Self.close(out[1].window, 500, 600))
        #expect(Self.close(out[2].window, 600, 700))
    }

    @Test("RangeTool: moves stop at the overview frame's edges, span kept; edge drags stop there too")
    func rangeToolFrameEdge() {
        let move = Self.run(Self.chart(), Self.drag([(1, 300), (1.05, 0), (1.1, -100), (1.15, -100)], area: .overview, y: 20))
        #expect(Self.close(move[2].window, 0, 400))
        let right = Self.run(Self.chart(), Self.drag([(1, 480), (1.05, 1000), (1.1, 1000)], area: .overview, y: 20))
        #expect(Self.close(right[1].window, 200, 1000))
        // An edge drag is limited to [minInterval, maxInterval] from the other end; a move is not.
        let limited = Self.run(Self.chart(minInterval: 100, maxInterval: 500),
                               Self.drag([(1, 480), (1.05, 200), (1.1, 1000), (1.15, 1000)], area: .overview, y: 20))
        #expect(Self.close(limited[1].window, 200, 300))
        #expect(Self.close(limited[2].window, 200, 700))
    }

    @Test("RangeTool: presses are tested against the overlay as last painted (16 ms frames, throttled)")
    func rangeToolLastPaint() {
        // A wheel at 1.000 s zooms out to [166.7, 633.3] (overlay left at overview x 133.3); the
        // overview repaints at the next 16 ms frame, 1.008 s.
        let wheel = Self.wheel(1, x: 400, deltaY: 100)
        let grab = (133.0, 183.0)
        let stale = Self.run(Self.chart(), [wheel] + Self.drag([(1.004, grab.0), (1.006, grab.1), (1.007, grab.1)], area: .overview, y: 20))
        #expect(stale.last!.window == stale[0].window)
        let fresh = Self.run(Self.chart(), [wheel] + Self.drag([(1.010, grab.0), (1.02, grab.1), (1.03, grab.1)], area: .overview, y: 20))
        // After the paint the press is 0.33 px from the left edge: +50 px moves the start by 62.5.
        do {
            let lower: Double = 400 - 200 * 7 / 6 + 62.5, upper: Double = 400 + 200 * 7 / 6
            #expect(Self.close(fresh[2].window, lower, upper))
        }
    }

    @Test("touch on the overview: the browser takes the touch after its first move past 15.05 px (touch-action: auto)")
    func touchSlop() {
        // Area drag from 300: 15 px is delivered and not yet claimed; 22 px is delivered, then
        // pointercancel; 40 px is not delivered. 1 overview px = 1.25 units.
        var p = BokehProfile(chart: Self.chart(), layout: .init(touch: true))
        let events = Self.drag([(1, 300), (1.02, 285), (1.04, 278), (1.06, 260), (1.08, 260)], area: .overview, y: 20)
        let out = events.map { p.apply($0) }
        #expect(Self.close(out[1].window, 181.25, 581.25))
        #expect(Self.close(out[2].window, 172.5, 572.5))
        #expect(Self.close(out[4].window, 172.5, 572.5))
        // A mouse is never claimed.
        let mouse = Self.run(Self.chart(), events)
        #expect(Self.close(mouse[4].window, 150, 550))
    }

    // MARK: Units and areas

    @Test("time axes work in ms inside and seconds outside")
    func timeAxis() {
        let t0 = 1_000_000_000.0
        let c = ProfileChart(mainWidth: 800, overviewWidth: 800, initial: Window(t0 + 200, t0 + 600), extent: Window(t0, t0 + 1000),
                             isTime: true, drag: .pan)
        var p = BokehProfile(chart: c)
        let s = p.apply(Self.wheel(1, x: 400, deltaY: -100))
        do {
            let lower: Double = t0 + 400 - 200 * 5 / 6, upper: Double = t0 + 400 + 200 * 5 / 6
            #expect(Self.close(s.window, lower, upper))
        }
        #expect(s.overview == Window(t0, t0 + 1000))
    }

    @Test("the x-axis strip zooms and pans like the frame; the y-axis edge (x = 0) does not zoom x")
    func axes() {
        let onAxis = Self.run(Self.chart(), [Self.wheel(1, x: 400, deltaY: -100, area: .xAxis)])
        do {
            let lower: Double = 400 - 200 * 5 / 6, upper: Double = 400 + 200 * 5 / 6
            #expect(Self.close(onAxis[0].window, lower, upper))
        }
        let pan = Self.run(Self.chart(), Self.drag([(1, 400), (1.05, 500), (1.1, 500)], area: .xAxis, y: 10))
        #expect(Self.close(pan[1].window, 150, 550))
        let yAxis = Self.run(Self.chart(), [Self.wheel(1, x: 0, deltaY: -100)])
        #expect(yAxis[0].window == Window(200, 600))
        let right = Self.run(Self.chart(), [Self.wheel(1, x: 800, deltaY: -100)])
        do {
            let lower: Double = 600 - 400 * 5 / 6, upper: Double = 600
            #expect(Self.close(right[0].window, lower, upper))
        }
    }
}
