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
}
