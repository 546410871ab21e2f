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
/// the next animation frame. Touch (kinetic scrolling, pinch) is not
/// modelled: the decoder refuses it under this profile.
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
    var scrolling = false
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
        let before = scale.logicalRange
        phase = .idle
        let p = MouseHandler.Point(x: e.x, y: e.area == .xAxis ? e.y + height : e.y)
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
        if scale.logicalRange == before { phase = .idle }
        return state
    }

    /// Runs the pending reset if it is due by `now` (ms).
    mutating func runTimers(through now: Double) {
        guard let due = resetDue, due <= now else { return }
        resetDue = nil
        scale.restoreDefault()
    }
}
