import Foundation
import Testing
@testable import RangePipeKit

/// The dygraphs profile (docs/profiles.md, "dygraphs") against values worked
/// out by hand. The chart, unless said otherwise: a number axis, data
/// [0, 1000], window [200, 600], a plot area 800 × 400 px (2 px per unit),
/// so main x px is value 200 + x / 2.
@Suite("dygraphs profile")
struct DygraphsProfileTests {
    static func chart(initial: Window = Window(200, 600), isTime: Bool = false) -> ProfileChart {
        ProfileChart(mainWidth: 800, overviewWidth: 800, initial: initial, extent: Window(0, 1000), isTime: isTime, drag: .zoom)
    }

    /// Replays events from a fresh profile; the window after each.
    static func run(_ events: [RawPointerEvent], chart: ProfileChart = chart()) -> [Window] {
        var p = DygraphsProfile(chart: chart, height: 400)
        return events.map { p.apply($0).window }
    }

    /// down at the first point, a move to each next one, up at the last, 16 ms apart.
    static func drag(_ points: [(Double, Double)], at t: Double = 1, shift: Bool = false) -> [RawPointerEvent] {
        var out = [RawPointerEvent(t: t, kind: .down, id: 1, area: .main, x: points[0].0, y: points[0].1, shift: shift)]
        for (k, p) in points.enumerated().dropFirst() {
            out.append(RawPointerEvent(t: t + 0.016 * Double(k), kind: .move, id: 1, area: .main, x: p.0, y: p.1, shift: shift))
        }
        let last = points[points.count - 1]
        out.append(RawPointerEvent(t: t + 0.016 * Double(points.count), kind: .up, id: 1, area: .main, x: last.0, y: last.1, shift: shift))
        return out
    }

    static func click(_ t: Double, x: Double = 400, y: Double = 200, shift: Bool = false) -> [RawPointerEvent] {
        [RawPointerEvent(t: t, kind: .down, id: 1, area: .main, x: x, y: y, shift: shift),
         RawPointerEvent(t: t + 0.05, kind: .up, id: 1, area: .main, x: x, y: y, shift: shift)]
    }

    static func close(_ w: Window, _ lower: Double, _ upper: Double) -> Bool {
        abs(w.lower - lower) <= 1e-9 * max(1, abs(lower)) && abs(w.upper - upper) <= 1e-9 * max(1, abs(upper))
    }

    /// Drags from a to b px (y fixed): boxes 10 px and wider zoom to exactly
    /// value(a)..value(b) in either direction; narrower ones change nothing.
    static let boxes: [(Double, Double)] = [
        (100, 300), (300, 100), (0, 800), (400, 410), (410, 400), (400, 409), (409, 400), (13, 797), (799, 0), (250, 251),
    ]

    @Test("a drag from px a to b zooms to exactly x(a)..x(b) when |b − a| ≥ 10", arguments: boxes)
    func zoomBox(a: Double, b: Double) {
        let w = Self.run(Self.drag([(a, 200), ((a + b) / 2, 201), (b, 202)])).last!
        if abs(b - a) >= 10 {
            #expect(Self.close(w, 200 + min(a, b) / 2, 200 + max(a, b) / 2), "\(a)→\(b): \(w)")
        } else {
            #expect(w == Window(200, 600), "\(a)→\(b): \(w)")
        }
    }

    @Test("the box is clipped to the plot area; its width is measured unclipped")
    func zoomClip() {
        // 700 → 880 (75 px outside the canvas): clipped at 800 (value 600).
        #expect(Self.close(Self.run(Self.drag([(700, 200), (880, 200)])).last!, 550, 600))
        // 5 → −100: clipped at 0 (value 200); 105 px wide.
        #expect(Self.close(Self.run(Self.drag([(5, 200), (-100, 200)])).last!, 200, 202.5))
        // 795 → 805: 10 px wide, 5 of them inside.
        #expect(Self.close(Self.run(Self.drag([(795, 200), (805, 200)])).last!, 597.5, 600))
    }

    @Test("the last move decides the direction: x less than half of y is vertical (a y zoom, x stays)",
          arguments: [(20.0, 41.0, false), (20, 40, true), (20, 39, true), (-30, 61, false), (-30, 60, true), (50, -150, false)])
    func direction(dx: Double, dy: Double, horizontal: Bool) {
        let w = Self.run(Self.drag([(300, 150), (300 + dx, 150 + dy)])).last!
        if horizontal && abs(dx) >= 10 {
            #expect(Self.close(w, 200 + min(300, 300 + dx) / 2, 200 + max(300, 300 + dx) / 2))
        } else {
            #expect(w == Window(200, 600))
        }
    }

    @Test("a zoom move 100 px or more outside the canvas drops the box; back inside, it counts again")
    func edgeMargin() {
        // The canvas spans main x −56…805 (56 + 800 + 5 px) and y 0…464.
        #expect(Self.close(Self.run(Self.drag([(400, 200), (904, 200)])).last!, 400, 600))  // 99 px outside
        #expect(Self.run(Self.drag([(400, 200), (905, 200)])).last! == Window(200, 600))   // 100 px outside
        #expect(Self.run(Self.drag([(400, 200), (500, 564)])).last! == Window(200, 600))   // 100 px below
        #expect(Self.close(Self.run(Self.drag([(300, 200), (1000, 200), (600, 200)])).last!, 350, 500))
    }

    @Test("shift-drag pans by span/(w − 1) per px, and stops at the data (panEdgeFraction)",
          arguments: [1.0, -1, 37, -250, 799])
    func pan(dx: Double) {
        let w = Self.run(Self.drag([(400, 200), (400 + dx, 205)], shift: true))
        let shift = -dx * 400 / 799
        // The data's ends move out by width_ · 0.0001 = 0.0861 px: 0.0861 · 400/800 units.
        let edge = 861 * 0.0001 * 400 / 800
        let lower = min(max(200 + shift, -edge), 1000 + edge - 400)
        #expect(Self.close(w[1], lower, lower + 400), "\(dx): \(w[1])")
        #expect(w.last! == w[1])
    }

    @Test("a double-click returns to the data; it is the platform's: within 500 ms and 2 px, same shift")
    func doubleClick() {
        let reset = Self.run(Self.click(1) + Self.click(1.2))
        #expect(reset[1] == Window(200, 600) && reset[3] == Window(0, 1000))
        #expect(Self.run(Self.click(1) + Self.click(1.5, x: 402, y: 198)).last! == Window(0, 1000))
        #expect(Self.run(Self.click(1) + Self.click(1.501)).last! == Window(200, 600))
        #expect(Self.run(Self.click(1) + Self.click(1.2, x: 403)).last! == Window(200, 600))
        #expect(Self.run(Self.click(1, shift: true) + Self.click(1.2, shift: true)).last! == Window(200, 600))
        #expect(Self.run(Self.click(1) + Self.click(1.2, shift: true)).last! == Window(200, 600))
        // A third click is no double-click; a zoom as the second press eats the dblclick.
        #expect(Self.run(Self.click(1) + Self.click(1.2) + Self.drag([(100, 200), (300, 200)], at: 1.5)
                         + Self.click(2) + Self.click(2.2) + Self.click(2.4)).last! == Window(0, 1000))
        let eaten = Self.run(Self.click(1) + Self.drag([(400, 200), (600, 200)], at: 1.2))
        #expect(Self.close(eaten.last!, 400, 500))
    }

    @Test("a date axis works in ms; wheel events change nothing")
    func dateAxisAndWheel() {
        let chart = Self.chart(initial: Window(1_000_200, 1_000_600), isTime: true)
        var p = DygraphsProfile(chart: ProfileChart(mainWidth: 800, overviewWidth: 800, initial: chart.initial,
                                                    extent: Window(1_000_000, 1_001_000), isTime: true, drag: .zoom), height: 400)
        #expect(p.apply(RawPointerEvent(t: 1, kind: .wheel, area: .main, x: 400, y: 200, deltaY: -100)).window == chart.initial)
        var last = chart.initial
        for e in Self.drag([(100, 200), (300, 200)], at: 2) { last = p.apply(e).window }
        #expect(Self.close(last, 1_000_250, 1_000_350))
    }

    static func selector(_ t: Double, _ kind: RawPointerEvent.Kind, x: Double, y: Double = 20) -> RawPointerEvent {
        RawPointerEvent(t: t, kind: kind, id: 1, area: .overview, x: x, y: y)
    }

    /// The range selector: its canvas is the plot area's 800 px, 1.25 units
    /// a px; the handles' centres sit at the window's ends (overview x 200
    /// and 400 for [250, 500]).
    @Test("range selector: the drag threshold, the 4 px rule, a handle drag, a pan")
    func rangeSelector() {
        var p = DygraphsProfile(chart: Self.chart(initial: Window(250, 500)), height: 400)
        // On the left handle: nothing until the image's dragstart (4 px), that move unheard.
        #expect(p.apply(Self.selector(1, .down, x: 201)).window == Window(250, 500))
        #expect(p.apply(Self.selector(1.02, .move, x: 203)).window == Window(250, 500))
        #expect(p.apply(Self.selector(1.04, .move, x: 204, y: 23)).window == Window(250, 500))
        #expect(p.apply(Self.selector(1.06, .move, x: 205, y: 24)).window == Window(250, 500))
        // From the press (201): 12 px, the centre to 212, 265 units.
        #expect(p.apply(Self.selector(1.08, .move, x: 213)).window == Window(265, 500))
        // 2 px since the last move used: ignored; 4 px: used.
        #expect(p.apply(Self.selector(1.10, .move, x: 215)).window == Window(265, 500))
        #expect(p.apply(Self.selector(1.12, .move, x: 217)).window == Window(270, 500))
        _ = p.apply(Self.selector(1.14, .up, x: 217))
        // Between the centres (216, 400) while zoomed: a pan of both by 10 px.
        _ = p.apply(Self.selector(1.3, .down, x: 300, y: 30))
        #expect(p.apply(Self.selector(1.32, .move, x: 310, y: 30)).window == Window(282.5, 512.5))
        _ = p.apply(Self.selector(1.34, .up, x: 310, y: 30))
        // The left handle into the right one: it stops 12 px from its centre.
        _ = p.apply(Self.selector(1.5, .down, x: 226))
        _ = p.apply(Self.selector(1.52, .move, x: 232))
        #expect(p.apply(Self.selector(1.54, .move, x: 700)).window == Window((410 - 12) * 1.25, 512.5))
        _ = p.apply(Self.selector(1.56, .up, x: 700))
        // Both handles back at the canvas's ends: the data (resetZoom).
        var q = DygraphsProfile(chart: Self.chart(initial: Window(0, 500)), height: 400)
        _ = q.apply(Self.selector(2, .down, x: 400))
        _ = q.apply(Self.selector(2.02, .move, x: 405))
        #expect(q.state.window == Window(0, 500))
        #expect(q.apply(Self.selector(2.04, .move, x: 900)).window == Window(0, 1000))
    }

    /// The window is read back from the handles' CSS `left`, six significant
    /// digits: an initial end at 123.456789 units sits at centre 154.7654312
    /// (graph-div px), `left` 150.2654312px, read back as 150.265px.
    @Test("range selector: the window read back from six-digit CSS lengths")
    func rangeSelectorCSS() {
        #expect(JavaScriptNumber.cssLength(150.2654312) == 150.265)
        #expect(JavaScriptNumber.cssLength(1234.56789) == 1234.57)
        #expect(JavaScriptNumber.cssLength(51.5) == 51.5)
        #expect(JavaScriptNumber.cssLength(99.9999996) == 100)
        var p = DygraphsProfile(chart: Self.chart(initial: Window(123.456789, 500)), height: 400)
        // A drag of the right handle (centre 400) by 8 px: the left end moves too, to its string.
        _ = p.apply(Self.selector(1, .down, x: 400))
        _ = p.apply(Self.selector(1.02, .move, x: 404))
        let w = p.apply(Self.selector(1.04, .move, x: 408)).window
        #expect(Self.close(w, (154.765 - 56) * 1.25, 510), "\(w)")
    }

    @Test("script check refuses what the dygraphs page cannot do: one located line, exit 65", arguments: [
        (#""main": {"drag": "pan"}"#, #"a.json: main.drag: dygraphs' default interaction model zooms on a drag"#),
        (#""window": {"bounds": "data"}"#, "a.json: window.bounds: the dygraphs page has no bounds"),
        (#""window": {"minSpan": 5}"#, "a.json: window.minSpan: the dygraphs page has no span limits"),
        (#""window": {"maxSpan": 5}"#, "a.json: window.maxSpan: the dygraphs page has no span limits"),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "x-axis"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].area: profile "dygraphs" plays input on the plot area (main) and its range selector (overview) only (its axes are not modelled), got "x-axis""#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 40, "area": "overview"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0]: profile "dygraphs": a down at (5, 40) px on the overview is off the chart (-5..805 x 0..40 around the range selector)"#),
        (#""overview": {"width": 800, "height": 60}"#,
         #"a.json: overview: dygraphs' range selector is as wide as the plot area and 40 px high: overview must be 800 x 40"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "overview", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].pointer: profile "dygraphs" replays a mouse, or fingers on the plot area: touch on the range selector is not modelled"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main", "pointer": "pen"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[0].pointer: profile "dygraphs" replays a mouse, or fingers on the plot area: "pen" input is not part of it"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.02, "type": "down", "id": 2, "x": 50, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.03, "type": "down", "id": 3, "x": 90, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}, {"t": 0.1, "type": "up", "id": 2, "x": 50, "y": 5}, {"t": 0.1, "type": "up", "id": 3, "x": 90, "y": 5}]}]"#,
         #"a.json: events[0].samples[2]: profile "dygraphs" replays one finger, or two on the plot area (main, its pinch): pointer 3 goes down on main while pointer 1 on main and pointer 2 on main are down"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}, {"t": 0.2, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main", "pointer": "touch"}, {"t": 0.3, "type": "up", "id": 1, "x": 5, "y": 5}]}]"#,
         #"a.json: events[0].samples[2].pointer: profile "dygraphs" replays a mouse or a finger, not both in one script"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": 5, "y": 5, "area": "main"}, {"t": 0.1, "type": "up", "id": 1, "x": 5, "y": 5}]}, {"at": 1.05, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": 5, "y": 5, "area": "main", "deltaY": 3}]}]"#,
         #"a.json: events[1].samples[0]: profile "dygraphs" replays one mouse: a wheel while pointer 1 is down"#),
        (#""events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "wheel", "x": -1, "y": 5, "area": "main", "deltaY": 3}]}]"#,
         #"a.json: events[0].samples[0]: profile "dygraphs": a wheel at (-1, 5) px is outside the plot area"#),
    ])
    func scriptCheck(part: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let body = part.hasPrefix(#""events""#) ? part : part + #", "events": []"#
        let path = try dir.write("a.json", #"{"profile": "dygraphs", "main": {"width": 800, "height": 400}, "#.replacingOccurrences(of: #""main": {"width": 800, "height": 400}, "#, with: part.hasPrefix(#""main""#) ? "" : #""main": {"width": 800, "height": 400}, "#) + body + "}")
        let r = try runRangepipe(["script", "check", path])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1 && r.out.isEmpty, "\(r.stderr) \(r.out)")
    }

    @Test("script check takes fingers down on the plot area's edge lines (recorded: dygraphs-zoom-edge-18); the echarts edge rule is the grid's alone")
    func fingersOnEdgeLines() throws {
        let dir = try TemporaryDirectory()
        for (x, y) in [(0, 200), (800, 200), (400, 0), (400, 400)] {
            let path = try dir.write("a.json", #"{"series": "AAPL", "profile": "dygraphs", "main": {"width": 800, "height": 400}, "events": [{"at": 1, "input": "pointer", "samples": [{"t": 0, "type": "down", "id": 1, "x": "# + "\(x), \"y\": \(y)" + #", "area": "main", "pointer": "touch"}, {"t": 0.1, "type": "move", "id": 1, "x": 300, "y": 200}, {"t": 0.2, "type": "up", "id": 1, "x": 300, "y": 200}]}]}"#)
            let r = try runRangepipe(["script", "check", path, "--store", try StocksStore.path()])
            #expect(r.status == 0, "(\(x), \(y)): \(r.stderr)")
        }
    }
}
