import Foundation
import Testing
@testable import RangePipeKit

/// `PlotlyProfile` (docs/profiles/plotly.md) against the test vectors that
/// plotly.js 4.1.1 gave in Chromium (research plotly-rules.md §12 and the
/// conformance recordings) and against closed forms on both sides of every
/// constant. Expected dates are Plotly's own strings, read here the way
/// Plotly reads them (minute in UTC + Number(seconds)·1000), so a value
/// matches only when it is the library's to the bit.
@Suite("Plotly profile")
struct PlotlyProfileTests {
    // MARK: Fixtures

    /// Days from 1970-01-01 to a civil date (proleptic Gregorian).
    static func days(_ y0: Int, _ m: Int, _ d: Int) -> Int {
        let y = m <= 2 ? y0 - 1 : y0
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
        return era * 146_097 + yoe * 365 + yoe / 4 - yoe / 100 + doy - 719_468
    }

    /// Plotly's reading of a date string ("YYYY-MM-DD[ HH:MM[:SS[.ffff]]]"), ms.
    static func ms(_ text: String) -> Double {
        let parts = text.split(separator: " ")
        let ymd = parts[0].split(separator: "-").map { Int($0)! }
        var minute = days(ymd[0], ymd[1], ymd[2]) * 86_400_000
        var seconds = 0.0
        if parts.count > 1 {
            let hms = parts[1].split(separator: ":")
            minute += Int(hms[0])! * 3_600_000 + Int(hms[1])! * 60_000
            if hms.count > 2 { seconds = Double(String(hms[2]))! }
        }
        return Double(minute) + seconds * 1000
    }

    /// A date string as the model's data unit (s).
    static func s(_ text: String) -> Double { ms(text) / 1000 }
    static func window(_ a: String, _ b: String) -> Window { Window(s(a), s(b)) }

    /// The rules' common set-up (§12): W = 700, [2024-03-01, 2024-06-01] on
    /// a rangeslider over [2024-01-01, 2024-12-31].
    static func vectors(_ drag: MainDrag = .zoom, initial: Window = window("2024-03-01", "2024-06-01")) -> PlotlyProfile {
        PlotlyProfile(chart: ProfileChart(mainWidth: 700, overviewWidth: 700, initial: initial,
                                          extent: window("2024-01-01", "2024-12-31"), isTime: true, drag: drag))
    }

    /// A number axis: [50, 150] on W = 700, data 0…700.
    static func linear(_ drag: MainDrag = .zoom) -> PlotlyProfile {
        PlotlyProfile(chart: ProfileChart(mainWidth: 700, overviewWidth: 700, initial: Window(50, 150),
                                          extent: Window(0, 700), isTime: false, drag: drag))
    }

    /// The conformance pages' set-up: AAPL (2000-01-01 … 2010-03-01), W = 800,
    /// window [2005-01-30, 2007-02-11 10:00].
    static func recorded(_ drag: MainDrag) -> PlotlyProfile {
        PlotlyProfile(chart: ProfileChart(mainWidth: 800, overviewWidth: 800, initial: Window(1_107_043_200, 1_171_188_000),
                                          extent: Window(946_684_800, 1_267_401_600), isTime: true, drag: drag))
    }

    static func down(_ t: Double, _ x: Double, _ area: RawPointerEvent.Area = .main, y: Double = 100, id: Int = 1,
                     shift: Bool = false) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .down, id: id, area: area, x: x, y: y, shift: shift)
    }

    static func move(_ t: Double, _ x: Double, _ area: RawPointerEvent.Area = .main, y: Double = 100, id: Int = 1) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .move, id: id, area: area, x: x, y: y)
    }

    static func up(_ t: Double, _ x: Double, _ area: RawPointerEvent.Area = .main, y: Double = 100, id: Int = 1) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .up, id: id, area: area, x: x, y: y)
    }

    static func wheel(_ t: Double, _ x: Double, _ deltaY: Double, deltaX: Double = 0, shift: Bool = false,
                      area: RawPointerEvent.Area = .main) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: .wheel, area: area, x: x, y: 100, deltaX: deltaX, deltaY: deltaY, shift: shift)
    }

    /// A press, moves to each x 16 ms apart, and a release at the last.
    static func drag(_ p: inout PlotlyProfile, from x: Double, to xs: [Double], at t: Double = 1,
                     _ area: RawPointerEvent.Area = .main, shift: Bool = false) -> ProfileState {
        _ = p.apply(down(t, x, area, shift: shift))
        for (i, x1) in xs.enumerated() { _ = p.apply(move(t + 0.016 * Double(i + 1), x1, area)) }
        return p.apply(up(t + 0.016 * Double(xs.count + 1), xs.last ?? x, area))
    }

    /// Two clicks at x, `gap` s apart, each held 50 ms.
    static func doubleClick(_ p: inout PlotlyProfile, at t: Double, x: Double = 300, gap: Double = 0.2) -> ProfileState {
        _ = p.apply(down(t, x))
        _ = p.apply(up(t + 0.05, x))
        _ = p.apply(down(t + gap, x))
        return p.apply(up(t + gap + 0.05, x))
    }

    static func near(_ a: Window, _ b: Window) -> Bool {
        func close(_ x: Double, _ y: Double) -> Bool { abs(x - y) <= 1e-12 * max(abs(x), abs(y), 1) }
        return close(a.lower, b.lower) && close(a.upper, b.upper)
    }

    // MARK: §12 test vectors (plotly.js 4.1.1 in Chromium)

    @Test("wheel: +100 at the centre twice, then +10 with shift at the right edge")
    func wheelVectors() {
        var p = Self.vectors()
        #expect(p.apply(Self.wheel(1, 350, 100)).window == Self.window("2024-02-25 03:53:28.7032", "2024-06-05 20:06:31.2968"))
        #expect(p.apply(Self.wheel(2, 350, 100)).window == Self.window("2024-02-19 19:34:16.878", "2024-06-11 04:25:43.122"))
        var q = Self.vectors(initial: Self.window("2024-02-19 19:34:16.878", "2024-06-09 12:16:39.6148"))
        #expect(q.apply(Self.wheel(1, 700, 10, shift: true)).window == Self.window("2024-02-14 03:21:32.794", "2024-06-09 12:16:39.6148"))
    }

    @Test("pan by +8 and +58 px")
    func panVectors() {
        var p = Self.vectors(.pan)
        #expect(Self.drag(&p, from: 300, to: [308]).window == Self.window("2024-02-28 22:45:56.5714", "2024-05-30 22:45:56.5714"))
        var q = Self.vectors(.pan)
        #expect(Self.drag(&q, from: 300, to: [320, 358]).window == Self.window("2024-02-22 09:03:05.1429", "2024-05-24 09:03:05.1429"))
    }

    @Test("box zoom 100→108 and 100→300; a number axis 70→280")
    func boxVectors() {
        var p = Self.vectors()
        #expect(Self.drag(&p, from: 100, to: [108]).window == Self.window("2024-03-14 03:25:42.8571", "2024-03-15 04:39:46.2857"))
        var q = Self.vectors()
        #expect(Self.drag(&q, from: 100, to: [200, 300]).window == Self.window("2024-03-14 03:25:42.8571", "2024-04-09 10:17:08.5714"))
        var l = Self.linear()
        #expect(Self.drag(&l, from: 70, to: [280]).window == Window(60, 90))
    }

    @Test("rangeslider: slidebox +10, grab-min +10 from 113, brush 500→520→400, grab-min 120→400 past the max")
    func sliderVectors() {
        var p = Self.vectors()
        #expect(Self.drag(&p, from: 200, to: [210], .overview).window == Self.window("2024-03-06 05:08:34.2857", "2024-06-06 05:08:34.2857"))
        var g = Self.vectors()
        #expect(Self.drag(&g, from: 113, to: [123], .overview).window == Self.window("2024-03-06 05:08:34.2857", "2024-06-01"))
        var b = Self.vectors()
        _ = b.apply(Self.down(1, 500, .overview))
        #expect(b.apply(Self.move(1.1, 520, .overview)).window == Self.window("2024-09-17 17:08:34.2857", "2024-09-28 03:25:42.8571"))
        #expect(b.apply(Self.move(1.2, 400, .overview)).window == Self.window("2024-07-27 13:42:51.4286", "2024-09-17 17:08:34.2857"))
        var c = Self.vectors()
        #expect(Self.drag(&c, from: 120, to: [400], .overview).window == Self.window("2024-06-01", "2024-07-25"))
    }

    @Test("double-clicks alternate: at the initial range the extent, then the initial range, then the extent")
    func doubleClickVectors() {
        var p = Self.vectors()
        let first = Self.doubleClick(&p, at: 1)
        #expect(first.window == Self.window("2024-01-01", "2024-12-31"))
        #expect(first.phase == .zoom)
        #expect(Self.doubleClick(&p, at: 3).window == Self.window("2024-03-01", "2024-06-01"))
        #expect(Self.doubleClick(&p, at: 5).window == Self.window("2024-01-01", "2024-12-31"))
    }

    @Test("a press within 50 ms of a wheel pans the pre-wheel range by the zoomed scale (§11)")
    func staleBase() {
        var p = Self.vectors(.pan)
        _ = p.apply(Self.wheel(1, 350, 100))
        _ = p.apply(Self.down(1.01, 400))
        let moved = p.apply(Self.move(1.02, 300))
        #expect(moved.window == Self.window("2024-03-15 12:36:08.9419", "2024-06-15 12:36:08.9419"))
        _ = p.apply(Self.up(1.03, 300))
        // The wheel's redraw relayouts the pan's range: nothing changes.
        #expect(p.advance(to: 1.2).window == moved.window)
    }

    // MARK: Recorded sessions (conformance ground truth, plotly.js 4.1.1 in Chromium)

    @Test("a pan still dragging when the wheel's redraw comes applies its movement again from the redrawn range")
    func redragPan() {
        var p = Self.recorded(.pan)
        _ = p.apply(Self.wheel(1, 400, -100))
        _ = p.apply(Self.down(1.02, 400, y: 200))
        let m1 = p.apply(Self.move(1.036, 383, y: 200))
        #expect(m1.window == Self.window("2005-02-13 06:36:03.0733", "2007-02-25 16:36:03.0733"))
        #expect(p.advance(to: 1.052).window == Self.window("2005-03-01 01:14:00.0733", "2007-03-13 11:14:00.0733"))
        #expect(p.apply(Self.move(1.052, 367, y: 200)).window == Self.window("2005-03-15 21:35:36.0733", "2007-03-28 07:35:36.0733"))
    }

    @Test("a zoom box still drawn when the wheel's redraw comes zooms to it, and again at the release")
    func redragBox() {
        var p = Self.recorded(.zoom)
        _ = p.apply(Self.wheel(1, 400, -100))
        _ = p.apply(Self.down(1.02, 400, y: 200))
        _ = p.apply(Self.move(1.036, 383, y: 200))
        #expect(p.advance(to: 1.052).window == Self.window("2006-01-20 10:22:03", "2006-02-05 05:00"))
        for (i, x) in [367.0, 350, 333, 317, 300].enumerated() { _ = p.apply(Self.move(1.052 + 0.016 * Double(i), x, y: 200)) }
        #expect(p.apply(Self.up(1.132, 300, y: 200)).window == Self.window("2006-01-26 08:21:16.875", "2006-01-28 07:41:01.5"))
    }

    @Test("a rangeslider drag right after wheels starts from the pre-wheel range; the wheel's redraw then restores the wheel's range")
    func sliderAfterWheel() {
        var p = Self.recorded(.zoom)
        _ = p.apply(Self.wheel(1, 400, 100))
        _ = p.apply(Self.wheel(1.016, 400, 100))
        _ = p.apply(Self.down(1.026, 480, .overview, y: 60))
        #expect(p.apply(Self.move(1.034, 490, .overview, y: 60)).window == Self.window("2005-03-17 09:36", "2007-03-29 19:36"))
        _ = p.apply(Self.move(1.042, 500, .overview, y: 60))
        #expect(p.apply(Self.move(1.05, 510, .overview, y: 60)).window == Self.window("2005-06-18 04:48", "2007-06-30 14:48"))
        _ = p.apply(Self.up(1.058, 510, .overview, y: 60))
        #expect(p.advance(to: 1.074).window == Self.window("2004-11-08 19:31:22.1792", "2007-05-04 14:28:37.8208"))
        #expect(p.apply(Self.wheel(1.074, 400, -100)).window == Self.window("2004-12-21 23:01:56.2471", "2007-03-22 10:58:03.7529"))
    }

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
