/// TradingView lightweight-charts 4.1.3's rules (docs/profiles.md,
/// "lightweight-charts") on SPEC 4.11's page: `createChart` with both price
/// scales hidden and the time scale shown, one line series of the points,
/// the initial window from `timeScale().setVisibleLogicalRange` at the
/// fractional bar indices of `window.initial`, every option at its default.
///
/// The library's state is the time scale's bar spacing and right offset
/// (`TimeScale`); its window is the visible logical range (bar indices),
/// which rangepipe shows in x through the points' x as its ordinal axis
/// maps u (`XScale`, Model): linear between two points, beyond the ends by
/// the end gap. Fed raw mouse events in time order it gives that range after
/// each: the wheel zooms about the bar under the pointer (deltaY) and
/// scrolls (deltaX); a drag on the pane scrolls; a drag on the time scale
/// scales about the right edge; a double-click on the time scale resets at
/// the next animation frame. One finger (`+Touch`) scrolls the pane with
/// the kinetic scroll after it lifts (`KineticAnimation`), and scales and
/// resets on the time scale; two fingers on the pane pinch (`+Pinch`). The
/// decoder refuses a second finger that would not start a pinch, and a
/// mouse and a finger in one script.
///
/// Sources: lightweight-charts at tag v4.1.3 (src/gui/chart-widget.ts,
/// pane-widget.ts, time-axis-widget.ts, mouse-event-handler.ts,
/// src/model/chart-model.ts, time-scale.ts), cited per rule.
struct LightweightChartsProfile: Sendable {
    /// What the mouse button is doing.
    enum Button: Sendable, Equatable {
        case up
        /// Pressed on the pane (pane-widget.ts: its MouseEventHandler).
        case pane(id: Int)
        /// Pressed on the time scale (time-axis-widget.ts: `_mouseDown`).
        case timeAxis(id: Int)
    }

    /// The widget a finger went down on.
    enum Widget: Sendable, Equatable {
        case pane, timeAxis
    }

    /// A finger down: where it went down and is, and whether Chromium
    /// still holds its moves back (within the slop, while it is alone).
    struct Finger: Sendable, Equatable {
        let id: Int
        let widget: Widget
        let down: MouseHandler.Point
        var at: MouseHandler.Point
        var inSlop: Bool
    }

    /// The points' x as bar indices (the ordinal map).
    let bars: XScale
    let extent: Window
    /// The pane's height (px): the time scale's strip starts there.
    let height: Double
    var scale: TimeScale
    var button = Button.up
    /// The pane's and the time scale's mouse handlers.
    var paneMouse = MouseHandler()
    var axisMouse = MouseHandler()
    /// PaneWidget's `_startScrollingPos` (cleared only when a scroll ends,
    /// so a drag that never scrolled leaves it for the next) and `_isScrolling`.
    var scrollingFrom: MouseHandler.Point?
    /// When the reference was taken (ms, `_startScrollingPos.timestamp`).
    var scrollingFromTime = 0.0
    var scrolling = false
    /// The pane's and the time scale's touch handlers, the fingers down
    /// (in the order they went down) and the one each handler took.
    var paneTouch = TouchHandler()
    var axisTouch = TouchHandler()
    var fingers: [Finger] = []
    var paneFinger: Int?
    var axisFinger: Int?
    /// The pinch running, and `_pinchPrevented` (the pane's finger moved first).
    var pinch: Pinch?
    var pinchPrevented = false
    /// PaneWidget's `_longTap`, tracking mode (`_startTrackPoint` set) and
    /// `_exitTrackingModeOnNextTry`.
    var longTap = false
    var tracking = false
    var exitTrackingAtLift = false
    /// `_scrollXAnimation`: the kinetic scroll a touch scroll builds, and
    /// the one running with the frame it lands in next (ms).
    var kinetic: KineticAnimation?
    var animation: (kinetic: KineticAnimation, frame: Double)?
    /// The mouse in pane px (the time scale's strip is `height` lower); nil before any event.
    var mouse: MouseHandler.Point?
    /// When a pending reset lands (ms, script time).
    var resetDue: Double?
    var phase = Phase.idle

    init(chart: ProfileChart, height: Double) {
        bars = XScale(.ordinal, x: chart.points)
        extent = chart.extent
        self.height = height
        scale = TimeScale(width: chart.mainWidth, count: chart.points.count)
        let initial = bars.u(chart.initial)
        scale.setLogicalRange(initial.lower, initial.upper)
    }

    /// What the chart shows.
    var state: ProfileState {
        ProfileState(window: bars.x(scale.logicalRange), overview: extent, phase: phase)
    }

    /// Applies one raw event (on the pane or the time scale's strip).
    /// - Complexity: O(log n) for the window's x.
    mutating func apply(_ e: RawPointerEvent) -> ProfileState {
        let now = ScriptClock.milliseconds(e.t)
        runTimers(through: now)
        runTouchTimers(through: now)
        let before = scale.logicalRange
        phase = .idle
        let p = MouseHandler.Point(x: e.x, y: e.area == .xAxis ? e.y + height : e.y)
        switch (e.kind, e.pointer) {
        case (.down, .touch):
            touchStart(e, p, at: now)
        case (.move, .touch):
            touchMove(e.id, p, at: now)
        case (.up, .touch):
            touchEnd(e.id, p, at: now)
        default:
            mouse(e, p, at: now)
        }
        if scale.logicalRange == before { phase = .idle }
        return state
    }

    /// A mouse event (or the wheel, always the mouse's).
    private mutating func mouse(_ e: RawPointerEvent, _ p: MouseHandler.Point, at now: Double) {
        switch e.kind {
        case .down:
            moveMouse(to: p, at: now)
            press(e, p, at: now)
        case .move:
            moveMouse(to: p, at: now)
        case .up:
            moveMouse(to: p, at: now)
            release(e, p, at: now)
        case .wheel:
            moveMouse(to: p, at: now)
            wheel(e)
        }
    }

    /// Runs the animation frames due by `now` (ms): in each, a pending
    /// reset lands (`restoreDefault`), then the kinetic scroll sets the
    /// right offset to its position at the frame while it has not finished
    /// (chart-widget.ts:645–669, 680–697).
    /// - Complexity: O(frames run).
    mutating func runTimers(through now: Double) {
        while let frame = nextFrame, frame <= now {
            if resetDue == frame {
                resetDue = nil
                scale.restoreDefault()
            }
            if let (k, due) = animation, due == frame {
                if k.finished(at: frame) {
                    stopAnimation()
                } else {
                    scale.setRightOffset(k.position(at: frame))
                    animation?.frame = frame + ScriptClock.frameInterval
                }
            }
        }
    }

    /// The next frame a reset or the kinetic scroll lands in (ms).
    var nextFrame: Double? {
        switch (resetDue, animation?.frame) {
        case let (r?, a?): min(r, a)
        case let (r, a): r ?? a
        }
    }

    /// `stopTimeScaleAnimation` (src/model/chart-model.ts:947–951): the
    /// pending frame's animation is dropped (invalidate-mask.ts:128–131).
    mutating func stopAnimation() {
        animation = nil
    }

    /// `resetTimeScale` (invalidate-mask.ts:133–137): it stops the kinetic
    /// scroll and lands at the next frame (chart-widget.ts:660–662).
    mutating func scheduleReset(after now: Double) {
        stopAnimation()
        resetDue = ScriptClock.nextFrame(after: now)
    }

    /// PaneWidget `_endScroll` (pane-widget.ts:663–687): the scroll ends and
    /// a touch scroll's kinetic animation starts from the right offset, to
    /// land from the next frame on, unless it finished before it began.
    mutating func endScroll(at now: Double) {
        guard scrolling else { return }
        scrollingFrom = nil
        scrolling = false
        scale.endScroll()
        guard var k = kinetic else { return }
        k.start(scale.rightOffset, at: now)
        if !k.finished(at: now) { animation = (k, ScriptClock.nextFrame(after: now)) }
    }
}
