/// Plotly.js 4.1.1's rules (docs/profiles/plotly.md) for a figure with one
/// date or linear x axis, a visible rangeslider, a fixed y axis, scroll
/// zoom and `doubleClick: "reset+autosize"` (SPEC 4.10): fed raw pointer
/// events one at a time, in time order, it gives the x range Plotly shows
/// after each. A pure state machine, one `switch` per transition; inside it
/// works in Plotly's own units (ms since 1970 on a date axis, rounded to
/// 0.1 ms after every step as Plotly's date strings are), outside in data
/// units (seconds on a time axis).
///
/// Plotly's timers are part of the state: the redraw 50 ms after the last
/// wheel event and the rangeslider's relayout at the next animation frame.
/// They run when an event comes at or after their time; `state` reports
/// the chart as it is once every pending timer has run.
struct PlotlyProfile: Sendable {
    /// Plotly's `MINDRAG` (px): the pan dead zone, per axis, and the
    /// narrowest box a zoom drag accepts.
    static let minDrag = 8.0
    /// The box zoom's own dead zone (px, per axis): `minDrag = 1` in zoom mode.
    static let zoomMinDrag = 1.0
    /// `doubleClickDelay` (ms), from one press to the next.
    static let doubleClickDelay = 500.0
    /// `REDRAWDELAY` (ms): the relayout after the last wheel event.
    static let redrawDelay = 50.0
    /// A wheel event's `deltaY` is clamped to ±this (px)…
    static let wheelClamp = 20.0
    /// …and zooms by e^(deltaY / this).
    static let wheelScale = 200.0

    /// The chart, in data units.
    let chart: ProfileChart
    /// The pointers are fingers (raw input does not say; the default is a mouse).
    let touch: Bool
    /// A date axis: Plotly's linear values are ms.
    let isDate: Bool
    /// Plotly units per data unit (1000 on a time axis).
    let unit: Double
    /// The plot area's width (`xaxis._length`, px).
    let width: Double
    /// The rangeslider's width (`rangeslider._width`, px).
    let sliderWidth: Double
    /// `window.initial` in Plotly units, as the figure gives it (`_rangeInitial`).
    let initial: Window
    /// The data's extent as Plotly's autorange writes it.
    let extent: Window

    /// The axis as Plotly holds it.
    var axis: Axis
    /// What the pointers are doing.
    var gesture = Gesture.idle
    /// Plotly's click counting for double-clicks.
    var clicks = Clicks()
    /// Plotly's pending timers, in the order they were set.
    var timers: [Timer] = []
    /// The id the next timer gets.
    var nextTimer = 0
    /// The pointers down and where each last was (px in its area).
    var pointers: [Int: Pointer] = [:]
    /// What moved the window on the last event.
    var phase = Phase.idle
    /// Rangeslider handlers a touch tap left on the slider group; they
    /// answer the next touch's moves before its own handler, until its end.
    var leaked: [SliderPress] = []

    /// Plotly's x axis: `_fullLayout.xaxis` and its rangeslider.
    struct Axis: Sendable, Equatable {
        /// `range`: the live range, linear.
        var range: Window
        /// `_rl`: the range at the last full axis draw (a relayout), which
        /// pan, box zoom and the rangeslider start from.
        var drawn: Window
        /// `rangeslider.range` (S) at the rangeslider's last draw.
        var slider: Window
        /// The range is still `initial` as the figure spelled it (no
        /// gesture wrote it since the start or the last reset).
        var asGiven: Bool
        /// The main dragger's pending relayout (`updates`): the range the
        /// last wheel event, pan move or zoom-box move would relayout; nil
        /// for Plotly's `{}` (a box under 8 px).
        var updates: Window?
    }

    /// A pointer that is down.
    struct Pointer: Sendable, Equatable {
        var area: RawPointerEvent.Area
        var x: Double
        var y: Double
    }

    /// What the pointers are doing.
    enum Gesture: Sendable, Equatable {
        /// No press on the main chart or the rangeslider.
        case idle
        /// A press on the main chart (pan or box zoom).
        case main(MainPress)
        /// A press on the rangeslider.
        case slider(SliderPress)
    }

    /// A press on the main chart: `dragElement.init` and the dragbox's
    /// `prepFn` state.
    struct MainPress: Sendable, Equatable {
        /// Where the (last) press went down, px in the main area.
        var x0: Double
        var y0: Double
        /// Pan or box zoom, from `main.drag` and shift at the press.
        var mode: MainDrag
        /// `gd._dragged`: a move passed the dead zone (in zoom mode: a box was accepted).
        var dragged = false
        /// The zoom box drawn now, px [left, right]; nil under 8 px.
        var box: Window?
        /// A box was accepted at some move (`zoomDragged`).
        var boxed = false
        /// `gd._dragdata`: the movement (dx, dy px) the drag last applied.
        var dragData: Window?
    }

    /// Which part of the rangeslider a press grabbed.
    enum SliderTarget: Sendable, Equatable {
        case slidebox, grabMin, grabMax
        /// Anything else (the masks, the background, the mini chart): a brush.
        case brush
    }

    /// A press on the rangeslider.
    struct SliderPress: Sendable, Equatable {
        var pointer: Int
        var target: SliderTarget
        /// The press's x, px in the rangeslider.
        var xDown: Double
        /// The range's ends at the press in slider px, unclamped (`d2p(_rl)`).
        var pMin: Double
        var pMax: Double
        /// Where a brush starts, px (the press shifted by the brush offset quirk).
        var brushStart: Double
        /// The press's y, px.
        var yDown: Double
        /// A touch still within Chromium's slop: its moves are not delivered.
        var inSlop: Bool
    }

    /// Click counting (`gd._mouseDownTime`, `numClicks`).
    struct Clicks: Sendable, Equatable {
        /// The first press of the series (ms); −∞ before any.
        var downTime = -Double.infinity
        var count = 1
    }

    /// A pending Plotly timer.
    struct Timer: Sendable, Equatable {
        enum Kind: Sendable, Equatable {
            /// The redraw after the last wheel event: relayouts `updates`.
            case wheelRedraw
            /// A rangeslider move's relayout at the next animation frame.
            case frame(Window)
        }

        /// When it fires (ms of script time).
        var due: Double
        var id: Int
        var kind: Kind
    }

    /// The chart at the start: `window.initial` shown, the rangeslider over
    /// the data extent and the initial range. `touch`: the pointers are
    /// fingers (Chromium's touch slop applies on the rangeslider).
    init(chart: ProfileChart, touch: Bool = false) {
        self.chart = chart
        self.touch = touch
        isDate = chart.isTime
        unit = chart.isTime ? 1000 : 1
        width = chart.mainWidth
        sliderWidth = chart.overviewWidth
        let given = Window(chart.initial.lower * unit, chart.initial.upper * unit)
        initial = given
        let d = chart.isTime
        extent = Window(Self.stored(chart.extent.lower * unit, isDate: d), Self.stored(chart.extent.upper * unit, isDate: d))
        let range = Self.cleaned(given, isDate: d)
        let slider = Window(Self.stored(min(extent.lower, range.lower), isDate: d),
                            Self.stored(max(extent.upper, range.upper), isDate: d))
        axis = Axis(range: range, drawn: range, slider: slider, asGiven: true, updates: nil)
    }

    /// What the chart shows after the last event: the x range and the
    /// rangeslider's range once the pending animation frames have run (a
    /// rangeslider move shows at once; Plotly draws it at the next frame),
    /// the zoom box being drawn, and what moved the window on the event.
    /// Plotly's wheel redraw, 50 ms after the last wheel event, shows only
    /// through `advance(to:)` or the next event.
    var state: ProfileState { shown(afterFrames: true) }

    /// When Plotly's next timer fires (s of script time); nil when none is pending.
    var nextTimerTime: Double? { timers.map(\.due).min().map { $0 / 1000 } }

    /// Runs Plotly's timers due by script time t (s): what the chart shows
    /// at t when no event came since the last.
    mutating func advance(to t: Double) -> ProfileState {
        runTimers(through: ScriptClock.milliseconds(t))
        return state
    }

    /// The chart as it is now (afterFrames false) or once the pending
    /// animation frames have run.
    func shown(afterFrames: Bool) -> ProfileState {
        var settled = self
        if afterFrames { settled.runTimers(through: .infinity, frameOnly: true) }
        let r = settled.axis.range, s = settled.axis.slider
        var box: Window?
        switch settled.gesture {
        case let .main(press): box = press.box
        case .idle, .slider: box = nil
        }
        return ProfileState(window: Window(r.lower / unit, r.upper / unit), overview: Window(s.lower / unit, s.upper / unit),
                            box: box, phase: phase)
    }

    /// Applies one raw event (events come in time order); returns the state after it.
    mutating func apply(_ event: RawPointerEvent) -> ProfileState {
        let now = ScriptClock.milliseconds(event.t)
        runTimers(through: now)
        phase = .idle
        let at = Pointer(area: event.area, x: event.x, y: event.y)
        switch event.kind {
        case .wheel:
            wheel(event, at: now)
        case .down:
            pointers[event.id] = at
            press(event, at: now)
        case .move:
            move(event.id, to: at, at: now)
        case .up:
            // A browser delivers the pointer's move to where it lifts before the release.
            move(event.id, to: at, at: now)
            let moved = phase
            let area = pointers.removeValue(forKey: event.id)?.area
            release(event.id, from: area, at: now)
            if phase == .idle { phase = moved }
        }
        return state
    }

    /// A move of a pointer that is down: nothing when it is where it last
    /// was (a browser fires no move then).
    private mutating func move(_ id: Int, to p: Pointer, at now: Double) {
        guard let last = pointers[id], last.x != p.x || last.y != p.y else { return }
        pointers[id] = Pointer(area: last.area, x: p.x, y: p.y)
        switch gesture {
        case .idle:
            return
        case var .main(press):
            guard last.area == .main else { return }
            moveMain(&press, to: p)
            gesture = .main(press)
        case var .slider(press):
            guard press.pointer == id else { return }
            if press.inSlop {
                guard ChromiumTouch.isPastSlop(dx: p.x - press.xDown, dy: p.y - press.yDown) else { return }
                press.inSlop = false
                gesture = .slider(press)
            }
            for handler in leaked { moveSlider(handler, to: p.x, at: now) }
            moveSlider(press, to: p.x, at: now)
        }
    }

    /// A press: on the main chart it starts (or, for a second finger,
    /// restarts) a pan or box zoom; on the rangeslider it grabs what is
    /// under it; on the x-axis strip nothing (docs/profiles/plotly.md).
    private mutating func press(_ e: RawPointerEvent, at now: Double) {
        switch e.area {
        case .main: pressMain(e, at: now)
        case .overview: pressSlider(e)
        case .xAxis: return
        }
    }

    /// A release: the end of the gesture the pointer is part of. The first
    /// pointer on the main chart to lift ends a main press (Plotly listens
    /// for any `touchend`).
    private mutating func release(_ id: Int, from area: RawPointerEvent.Area?, at now: Double) {
        switch gesture {
        case .idle:
            return
        case let .main(press):
            guard area == .main else { return }
            gesture = .idle
            releaseMain(press, at: now)
        case let .slider(press):
            guard press.pointer == id else { return }
            releaseSlider(press)
        }
    }

    /// Runs Plotly's timers due by `now` (ms), earliest first (only the
    /// animation frames when `frameOnly`).
    mutating func runTimers(through now: Double, frameOnly: Bool = false) {
        while let next = timers.indices.filter({ timers[$0].due <= now && (!frameOnly || timers[$0].kind != .wheelRedraw) })
            .min(by: { (timers[$0].due, timers[$0].id) < (timers[$1].due, timers[$1].id) }) {
            let timer = timers.remove(at: next)
            switch timer.kind {
            case .wheelRedraw: relayout(axis.updates)
            case let .frame(range): relayout(range)
            }
        }
    }

    /// Sets a timer.
    mutating func schedule(_ kind: Timer.Kind, at due: Double) {
        timers.append(Timer(due: due, id: nextTimer, kind: kind))
        nextTimer += 1
    }

    /// Plotly's relayout of the x range (`_guiRelayout`): the range is
    /// cleaned and shown, the axis redrawn (its `_rl` becomes the range) and
    /// the rangeslider redrawn, its range growing to cover the new one.
    /// `nil` is Plotly's empty relayout: nothing is redrawn. Either way a
    /// main drag in progress then applies its last movement again.
    mutating func relayout(_ range: Window?, asGiven: Bool = false) {
        if let range {
            let r = Self.cleaned(range, isDate: isDate)
            axis.range = r
            axis.drawn = r
            axis.asGiven = asGiven
            let s = axis.slider
            axis.slider = Self.cleaned(Window(q(min(s.lower, r.lower)), q(max(s.upper, r.upper))), isDate: isDate)
        }
        redrag()
    }

    /// `q`: a value as Plotly stores it on this axis.
    func q(_ v: Double) -> Double { Self.stored(v, isDate: isDate) }

    /// A range end pair as Plotly stores it, cleaned.
    func stored(_ lower: Double, _ upper: Double) -> Window {
        Self.cleaned(Window(q(lower), q(upper)), isDate: isDate)
    }
}
