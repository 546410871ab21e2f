/// Bokeh 3.9.2's rules (docs/profiles/bokeh.md), as BokehJS applies them to
/// SPEC 4.10's page: a main figure with `xpan`, `xwheel_zoom` (the active
/// scroll tool), `xbox_zoom` and `reset`, the active drag from `main.drag`,
/// and an overview figure whose RangeTool is bound to the main `x_range`
/// (a `Range1d` with the script's bounds and span limits).
///
/// Fed raw pointer events one at a time, in time order, it gives the x range
/// BokehJS shows after each: a state machine per figure canvas (BokehJS's
/// own gesture recogniser, `Gestures`), the tools' state (`MainTool`, the
/// overlay's `RangeTool`), the range with `RangeManager`'s rules
/// (`RangeUpdate`), the undo history (`History`) and the overview's paint
/// timing (`PaintClock`). Pure: no clock but the events' own times.
///
/// Units: Bokeh's own inside (ms since the epoch on a time axis, multiplied
/// on the way in and divided on the way out; px in the canvas, the frame's
/// left edge at `Layout.frameLeft`).
struct BokehProfile: Sendable {
    /// The page geometry the chart doesn't carry.
    struct Layout: Sendable, Equatable {
        /// The main frame's left edge in its canvas (px). The conformance
        /// page (Tests/Conformance/pages.py) sets every figure's
        /// `min_border_left` to 80 px, wider than the y-axis, so the frame
        /// starts 80 px into the canvas; only rounding depends on it.
        var frameLeft = 80.0
        /// The overview frame's left edge in its canvas (px).
        var overviewFrameLeft = 80.0
        /// The main frame's height (px); nil: every main-area y ≥ 0 is
        /// inside the frame.
        var mainHeight: Double?
        /// The overview frame's height (px); nil: every overview y is inside it.
        var overviewHeight: Double?
        /// Animation frames (ms): every `framePeriod` from `framePhase` (event time).
        var framePeriod = 16.0
        var framePhase = 0.0
        /// The input is a touchscreen's: the browser claims a touch on the
        /// overview once it moves past its touch slop (`ChromiumTouch`).
        var touch = false

        init(frameLeft: Double = 80, overviewFrameLeft: Double = 80, mainHeight: Double? = nil, overviewHeight: Double? = nil,
             framePeriod: Double = 16, framePhase: Double = 0, touch: Bool = false) {
            self.frameLeft = frameLeft
            self.overviewFrameLeft = overviewFrameLeft
            self.mainHeight = mainHeight
            self.overviewHeight = overviewHeight
            self.framePeriod = framePeriod
            self.framePhase = framePhase
            self.touch = touch
        }
    }

    /// What the main figure's drag tool is doing.
    enum MainTool: Sendable, Equatable {
        case idle
        /// `xpan` after its `_pan_start` took the press: the last movement applied and
        /// the last range object it proposed (`pan_info`).
        case pan(lastDx: Double, info: RangeUpdate.Interval?)
        /// `xbox_zoom` with its base point (canvas x), and the box drawn (canvas px).
        case box(base: Double, shown: RangeTool.Span?)
    }

    /// A pointer that is down: where it went down and was last seen.
    struct Contact: Sendable, Equatable {
        let area: RawPointerEvent.Area
        /// Where it went down.
        let x0: Double
        let y0: Double
        var x: Double
        var y: Double
        /// The browser took it (pointercancel): no more events reach the page.
        var claimed = false
    }

    /// `WheelZoomTool.speed`: 1/600 per px of delta.
    static let wheelSpeed = 1.0 / 600
    /// `scale_interval` needs |factor| < 1: 3.9.2 clamps the factor to ±0.95.
    static let maxWheelFactor = 0.95
    /// `BoxZoomTool._update`: a box this narrow or narrower (px) is a no-op.
    static let minBoxWidth = 5.0

    let chart: ProfileChart
    let layout: Layout
    /// Bokeh units per chart unit: 1000 on a time axis (ms), else 1.
    let unit: Double
    /// The main frame's edges in its canvas (px).
    let frameLeft: Double
    let frameRight: Double

    var range: RangeUpdate
    var overlay: RangeTool
    var paint: PaintClock
    var history: History
    private(set) var mainGestures = Gestures()
    private(set) var overviewGestures = Gestures()
    var mainTool = MainTool.idle
    private(set) var contacts: [Int: Contact] = [:]
    /// The state after the last event.
    private(set) var state: ProfileState
    /// What moved the window on the event being applied.
    var eventPhase = Phase.idle
    /// The event being applied (ms).
    var now = 0.0

    init(chart: ProfileChart) {
        self.init(chart: chart, layout: Layout())
    }

    init(chart: ProfileChart, layout: Layout) {
        self.chart = chart
        self.layout = layout
        unit = chart.isTime ? 1000 : 1
        frameLeft = layout.frameLeft
        frameRight = layout.frameLeft + chart.mainWidth
        let u = unit
        let bounds = chart.bounds.map { (lower: Optional($0.lower * u), upper: Optional($0.upper * u)) }
        range = RangeUpdate(start: chart.initial.lower * u, end: chart.initial.upper * u, bounds: bounds,
                            minInterval: chart.minInterval.map { $0 * u }, maxInterval: chart.maxInterval.map { $0 * u })
        let oLeft = layout.overviewFrameLeft, oRight = layout.overviewFrameLeft + chart.overviewWidth
        let oScale = Scale(start: chart.extent.lower * u, end: chart.extent.upper * u, left: oLeft, right: oRight)
        overlay = RangeTool(left: range.start, right: range.end, scale: oScale, frameLeft: oLeft, frameRight: oRight,
                            frameHeight: layout.overviewHeight, minWidth: range.minInterval ?? 0,
                            maxWidth: range.maxInterval ?? .infinity)
        paint = PaintClock(painted: (range.start, range.end), framePeriod: layout.framePeriod, framePhase: layout.framePhase)
        history = History(initial: .init(start: range.start, end: range.end))
        state = ProfileState(window: Window(range.start / u, range.end / u), overview: chart.extent)
    }

    /// Applies one raw event (events come in time order); returns the state after it.
    mutating func apply(_ event: RawPointerEvent) -> ProfileState {
        now = Self.milliseconds(event.t)
        eventPhase = .idle
        runTimers()
        switch event.kind {
        case .wheel:
            switch event.area {
            case .main, .xAxis: wheel(area: event.area, x: event.x, y: event.y, deltaY: event.deltaY)
            case .overview: break // no scroll tool on the overview
            }
        case .down:
            guard contacts[event.id] == nil else { break }
            contacts[event.id] = Contact(area: event.area, x0: event.x, y0: event.y, x: event.x, y: event.y)
            let t = now
            route(event.area) { $0.down(id: event.id, area: event.area, x: event.x, y: event.y, t: t) }
        case .move:
            move(id: event.id, x: event.x, y: event.y)
        case .up:
            guard let c = contacts[event.id] else { break }
            // A pointer lifts where it last was: it moves there first.
            move(id: event.id, x: event.x, y: event.y)
            let t = now
            if !(contacts[event.id]?.claimed ?? false) {
                route(c.area) { $0.up(id: event.id, x: event.x, y: event.y, t: t) }
            }
            contacts[event.id] = nil
        }
        if overlay.changed {
            overlay.changed = false
            paint.request(at: now)
        }
        state = ProfileState(window: Window(range.start / unit, range.end / unit), overview: chart.extent,
                             box: shownBox, phase: eventPhase)
        return state
    }

    /// A move to where the pointer already is makes no event (browsers fire
    /// pointermove only on a change of position).
    ///
    /// Touch on the overview: its canvas has `touch-action: auto` (Bokeh's
    /// `PlotView._update_touch_action`: no active pan or scroll tool there),
    /// so the first move past the touch slop is delivered and then the
    /// browser takes the touch for scrolling and sends pointercancel. The main
    /// canvas has `touch-action: none` (pan and scroll tools).
    private mutating func move(id: Int, x: Double, y: Double) {
        guard let c = contacts[id], !c.claimed, c.x != x || c.y != y else { return }
        contacts[id]?.x = x
        contacts[id]?.y = y
        let t = now
        route(c.area) { $0.move(id: id, x: x, y: y, t: t) }
        let dx = x - c.x0, dy = y - c.y0
        // Past Chromium's touch slop the browser starts a scroll where
        // `touch-action` allows one.
        if layout.touch, c.area == .overview, ChromiumTouch.isPastSlop(dx: dx, dy: dy) {
            contacts[id]?.claimed = true
            route(c.area) { $0.cancel(id: id) }
        }
    }

    /// Feeds a pointer event to its canvas's recogniser and handles what it emits.
    private mutating func route(_ area: RawPointerEvent.Area, _ feed: (inout Gestures) -> [Gestures.Output]) {
        switch area {
        case .main, .xAxis:
            let out = feed(&mainGestures)
            for o in out { mainGesture(o) }
        case .overview:
            let out = feed(&overviewGestures)
            for o in out { overviewGesture(o) }
        }
    }

    /// Runs the press timers and the overview's paint timers due by `now`.
    private mutating func runTimers() {
        for o in mainGestures.fireTimer(upTo: now) { mainGesture(o) }
        for o in overviewGestures.fireTimer(upTo: now) { overviewGesture(o) }
        paint.run(upTo: now, overlay: (overlay.left, overlay.right))
    }

    /// The zoom box in main-area px while a box-zoom drag shows one.
    private var shownBox: Window? {
        switch mainTool {
        case .idle, .pan: return nil
        case let .box(_, shown): return shown.map { Window($0.left - frameLeft, $0.right - frameLeft) }
        }
    }

    /// Event time in ms, snapped to 1e-6 ms (times written in decimal
    /// seconds, like 1.123, are whole ms).
    static func milliseconds(_ t: Double) -> Double {
        (t * 1000 * 1e6).rounded() / 1e6
    }

    /// The main range after a tool changed it: the RangeTool's overlay
    /// follows (`update_overlay_from_ranges`).
    mutating func rangeChanged() {
        overlay.set(left: range.start, right: range.end)
    }
}
