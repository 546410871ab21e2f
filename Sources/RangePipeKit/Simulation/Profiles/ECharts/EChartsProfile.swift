/// Apache ECharts 6.1.0's inside and slider dataZoom (docs/profiles.md,
/// "ECharts") on the SPEC 4.11 page: `animation: false`, one line series,
/// an `inside` and a `slider` dataZoom on x starting at
/// `startValue`/`endValue` = `window.initial`, minValueSpan / maxValueSpan =
/// minSpan / maxSpan. Fed raw mouse events (or one or two fingers' touches
/// on the grid, `EChartsProfile+Touch`, `+Pinch`) in time order it gives the
/// dataZoom's value window after each: the wheel zooms about the pointer
/// by 1.1 per event, a drag on the grid pans, both in percent of the data's
/// extent; on the slider (the `overview` area) a handle drag moves one
/// end, a move-zone drag both, a brush selects, a click recentres. Every
/// change is a `dataZoom` action through its view's 20 ms fixed-rate
/// throttle. A pure state machine, one `switch` per transition; inside it
/// works in ECharts' units (ms on a time axis) and grid px, outside in
/// data units.
///
/// Line numbers are of apache/echarts at tag 6.1.0 (`src/…`) and of
/// ecomfe/zrender (`zrender/src/…`), the version ECharts 6.1.0 bundles.
struct EChartsProfile: Sendable {
    /// The throttle of the inside dataZoom's actions (ms): `throttle`'s
    /// default with `animation: false` (dataZoom/DataZoomModel.ts:381-391),
    /// a `fixRate` throttle (dataZoom/roams.ts:306-311).
    static let throttle = 20.0
    /// Chromium's `wheelDelta` of a wheel event from the DevTools input the
    /// recorder sends: ±120 for any non-zero pixel delta, from deltaY, or
    /// from deltaX when deltaY is 0 (seen in Chromium 156, Tests/Conformance).
    static let chromiumWheelDelta = 120.0

    /// The chart, in data units, its grid's height and the slider's (px).
    let chart: ProfileChart, height: Double, sliderHeight: Double
    /// ECharts' units per data unit (1000 on a time axis: ms).
    let unit: Double
    /// The dataZoom's extent (`makeNoZoom`, coord/scaleRawExtentInfo.ts:363):
    /// the data's x, and on a value axis 0 too (`needIncludeZero`, lines 301-316;
    /// a value axis without `scale` includes zero, coord/axisModelCommonMixin.ts:33).
    let extent: Window
    /// minValueSpan / maxValueSpan and their percents.
    let spans: Spans

    /// The host dataZoom's window (`AxisProxy._window`).
    var current: DataWindow
    /// `InsideZoomView.range` (dataZoom/InsideZoomView.ts:42,55): the
    /// percent window the roam handlers start from, ahead of the model
    /// while an action waits in the throttle.
    var range: [Double]
    /// The inside view's throttle (util/throttle.ts:42-97).
    var clock = Throttle()
    /// The slider view: its handles, range, brush and throttle.
    var slider: Slider
    /// The slider as zrender's display list holds it (what it hit-tests).
    var shown: Shown
    /// zrender's Draggable (zrender/src/mixin/Draggable.ts): what a press
    /// took hold of (a handle, or the move zone: both ends), of which build,
    /// and the last x it drifted from (canvas px).
    var dragging: (handle: Handle, build: Int, x: Double)?
    /// zrender's Handler: the part under the press (of which build) and
    /// where it was (canvas px), for its `click` (zrender/src/Handler.ts
    /// `_downEl`, `_upEl`, `_downPoint`).
    var down: (part: SliderPart?, build: Int, x: Double, y: Double)?
    /// The last press was over the chart's element (the browser's click
    /// after a release there reaches zrender).
    var pressedOnElement = false
    /// How many timers were set so far: two due at the same ms fire in the
    /// order they were set.
    var timersSet = 0
    /// The RoamController's drag (`_dragging`, `_x`, `_y`, grid px): set by
    /// a press on the grid, cleared by a mouseup zrender sees.
    var roam = Roam()
    /// zrender's pointer capture (zrender/src/dom/HandlerProxy.ts).
    var capture = Capture()
    /// Where the mouse is (grid px): a sample there makes no mousemove.
    var mouse: (x: Double, y: Double)?
    /// The first finger of the touch sequence, for Chromium's slop, and the
    /// fingers down (`EChartsProfile+Touch`, `+Pinch`).
    var touch: Touch?
    var fingers: [Finger] = []
    /// The touches' points zrender's `GestureMgr` tracked last (nil: its track is clear).
    var lastTrack: [(x: Double, y: Double)]?
    /// When zrender last heard a touch event (ms): its mouse suppression.
    var touchHeardAt: Double?
    /// What moved the window on the last event or timer.
    var phase = Phase.idle

    /// The dataZoom's window: the values ECharts reads and the percents it keeps.
    struct DataWindow: Sendable, Equatable {
        var value: Window
        var percent: [Double]
    }

    /// minValueSpan / maxValueSpan (nil: none) and as percents of the extent.
    struct Spans: Sendable, Equatable {
        var minValue: Double?, maxValue: Double?
        var minPercent: Double?, maxPercent: Double?
    }

    /// The fixed-rate throttle's state (ms of the page's `Date`).
    struct Throttle: Sendable, Equatable {
        /// `lastExec`: when an action last went out (0 before any).
        var lastExec = 0.0
        /// The action waiting for its timer (`lastExec + throttle`): the
        /// percents it dispatches (the inside view's; the slider's reads its
        /// range when the timer fires), what caused it, and the timer's
        /// place among the timers set.
        var pending: (start: Double, end: Double, phase: Phase, order: Int)?

        static func == (a: Throttle, b: Throttle) -> Bool {
            a.lastExec == b.lastExec && a.pending?.start == b.pending?.start && a.pending?.end == b.pending?.end
                && a.pending?.phase == b.pending?.phase && a.pending?.order == b.pending?.order
        }

        /// When the pending action's timer fires (ms), if one is pending.
        var due: Double? { pending == nil ? nil : lastExec + EChartsProfile.throttle }
    }

    /// `RoamController`'s drag state (RoamController.ts:280-364).
    struct Roam: Sendable, Equatable {
        var dragging = false
        var x = 0.0, y = 0.0
    }

    /// zrender's pointer capture: `__mayPointerCapture` (the press's place,
    /// grid px) and `__pointerCapturing` (moves and the release seen off
    /// the chart's element too).
    struct Capture: Sendable, Equatable {
        var mayCapture: [Double]?
        var capturing = false
    }

    /// The chart at the start: the `startValue`/`endValue` window.
    init(chart: ProfileChart, height: Double, sliderHeight: Double) {
        self.chart = chart
        self.height = height
        self.sliderHeight = sliderHeight
        unit = chart.isTime ? 1000 : 1
        var lo = chart.extent.lower * unit, hi = chart.extent.upper * unit
        if !chart.isTime {
            if lo > 0, hi > 0 { lo = 0 }
            if lo < 0, hi < 0 { hi = 0 }
        }
        extent = Window(lo, hi)
        let u = unit
        spans = Self.spans(minValue: chart.minInterval.map { $0 * u }, maxValue: chart.maxInterval.map { $0 * u },
                           extent: Window(lo, hi))
        current = DataWindow(value: Window(0, 0), percent: [0, 100])
        range = [0, 100]
        slider = Slider(handleEnds: [0, chart.overviewWidth], range: [0, 100])
        shown = Shown(ends: [0, chart.overviewWidth])
        current = window(values: chart.initial.lower * unit, chart.initial.upper * unit)
        range = current.percent
        slider.build(percent: current.percent, width: chart.overviewWidth)
        // Drawn before any input (the page is drawn and settled): the boxes
        // are the build's.
        shown = Shown(ends: slider.handleEnds)
    }

    /// What the chart shows.
    var state: ProfileState {
        ProfileState(window: Window(current.value.lower / unit, current.value.upper / unit),
                     overview: Window(chart.extent.lower, chart.extent.upper), phase: phase)
    }

    /// Applies one raw event (events come in time order): first the
    /// throttle's timer if it is due by then, as the page's clock runs it
    /// before the input; returns the state after it.
    mutating func apply(_ event: RawPointerEvent) -> ProfileState {
        phase = .idle
        let now = ScriptClock.milliseconds(event.t)
        fireTimers(until: now)
        runFrames(until: now)
        let p = gridPoint(event)
        // A wheel is the mouse's (the decoder gives it no other pointer).
        let touched = event.pointer == .touch && event.kind != .wheel
        if touched ? !touchHeard(event, p, at: now) : mouseSuppressed(at: now) { return state }
        // zrender's gestures first, then the mouse events it makes of a touch (`+Pinch`).
        let (q, pinch) = touched ? gesture(event, p, at: now) : (p, false)
        // A mouse moves to where it presses, lifts or wheels first; a
        // finger's `touchend` is a mouseup alone.
        if !(touched && event.kind == .up) { mouseMove(q, at: now, pinch: pinch) }
        switch event.kind {
        case .wheel:
            wheel(event, p, at: now)
        case .down:
            press(q, at: now)
            // The touch stays targeted at the element: zrender hears its
            // moves and its end anywhere, as while capturing.
            if touched { capture = Capture(mayCapture: nil, capturing: true) }
        case .move:
            break
        case .up:
            release(q, at: now)
        }
        return state
    }

    /// An event's point in grid px: the `overview` area is the slider's box
    /// (its `left`, `top`, `width`, `height` on the page), `sliderGap` px
    /// below the grid, at the grid's left.
    func gridPoint(_ e: RawPointerEvent) -> (x: Double, y: Double) {
        e.area == .overview ? (e.x, e.y + height + Self.sliderGap) : (e.x, e.y)
    }
}
