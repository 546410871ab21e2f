/// The inside dataZoom's roaming: zrender's events into the RoamController
/// (component/helper/RoamController.ts), its `zoom` and `pan` handlers in
/// InsideZoomView (component/dataZoom/InsideZoomView.ts), and the throttled
/// `dataZoom` action (component/dataZoom/roams.ts, util/throttle.ts).
extension EChartsProfile {
    /// `isInSelf` (roams.ts:171-175): the grid holds the point, edges
    /// included (`Cartesian2D.containPoint`, coord/cartesian/Cartesian2D.ts:107-111;
    /// `Axis.contain`, coord/Axis.ts:106).
    func inGrid(_ x: Double, _ y: Double) -> Bool {
        x >= 0 && x <= chart.mainWidth && y >= 0 && y <= height
    }

    /// `_mousewheelHandler` (RoamController.ts:366-413): zrender's
    /// `wheelDelta` is the native one / 120 (zrender/src/core/event.ts:171-174,
    /// Handler.ts:98); 0 does nothing; the factor is 1.4 over 3, 1.2 over 1,
    /// else 1.1 (line 397), zooming in (`scale` = factor) when it is positive (line 398).
    mutating func wheel(_ e: RawPointerEvent, _ p: (x: Double, y: Double), at now: Double) {
        let native = e.deltaY != 0 ? -Self.sign(e.deltaY) : -Self.sign(e.deltaX)
        let wheelDelta = native * Self.chromiumWheelDelta / 120
        // zrender finds what is under a wheel it hears (Handler.ts:439-476).
        if overElement(p.x, p.y) { _ = findHover(p.x + Self.elementLeft, p.y + Self.elementTop) }
        guard wheelDelta != 0, inGrid(p.x, p.y) else { return }
        let magnitude = abs(wheelDelta)
        let factor = magnitude > 3 ? 1.4 : magnitude > 1 ? 1.2 : 1.1
        let scale = wheelDelta > 0 ? factor : 1 / factor
        dispatchIfChanged(zoomed(scale: scale, originX: p.x), at: now, phase: .zoom)
    }

    static func sign(_ v: Double) -> Double { v > 0 ? 1 : v < 0 ? -1 : 0 }

    /// The `zoom` handler (InsideZoomView.ts:97-130): the percent under the
    /// pointer (lines 110-114) stays; the ends scale by 1/scale about it
    /// (116-118), held to [0, 100] and the span limits by `sliderMove` on
    /// the start (121-123).
    func zoomed(scale: Double, originX: Double) -> [Double] {
        var r = range
        let percentPoint = originX / chart.mainWidth * (r[1] - r[0]) + r[0]
        let s = max(1 / scale, 0)
        r[0] = (r[0] - percentPoint) * s + percentPoint
        r[1] = (r[1] - percentPoint) * s + percentPoint
        Self.sliderMove(0, &r, extent: (0, 100), .start, minSpan: spans.minPercent, maxSpan: spans.maxPercent)
        return r
    }

    /// The `pan` handler (InsideZoomView.ts:132-140, `makeMover` 154-191):
    /// both ends move by −span·dx/W percent (signal −1 on x, 212-223),
    /// inside [0, 100] (`sliderMove` 'all', line 184).
    func panned(oldX: Double, newX: Double) -> [Double] {
        var r = range
        let delta = -1 * (r[1] - r[0]) * (newX - oldX) / chart.mainWidth
        Self.sliderMove(delta, &r, extent: (0, 100), .all)
        return r
    }

    /// The handler's result: `this.range` becomes it; a change goes out as
    /// a `dataZoom` action (InsideZoomView.ts:125-129, roams.ts:141-148)
    /// through the throttle: at once when `throttle` ms passed since the
    /// last action, else when they have, with the latest range
    /// (util/throttle.ts:65-97, `fixRate`).
    mutating func dispatchIfChanged(_ r: [Double], at now: Double, phase: Phase) {
        let last = range
        range = r
        guard last[0] != r[0] || last[1] != r[1] else { return }
        if Self.throttled(&clock, r[0], r[1], phase, at: now, timersSet: &timersSet) {
            exec(start: r[0], end: r[1], at: now, phase: phase)
        }
    }

    /// A call of a fixed-rate throttled function (util/throttle.ts:65-97):
    /// true when it runs now (`throttle` ms passed since it last ran), else
    /// its timer is set (again) for `lastExec + throttle` with these arguments.
    static func throttled(_ clock: inout Throttle, _ start: Double, _ end: Double, _ phase: Phase, at now: Double,
                          timersSet: inout Int) -> Bool {
        if now - clock.lastExec - throttle >= 0 {
            clock.pending = nil
            return true
        }
        timersSet += 1
        clock.pending = (start, end, phase, timersSet)
        return false
    }

    /// The two views' throttle timers due by `now`, in the order they fire
    /// (by time, then in the order they were set); each action can only
    /// change the other's state, never set a timer.
    mutating func fireTimers(until now: Double) {
        while true {
            let inside = clock.due.map { ($0, clock.pending!.order) }
            let slid = slider.clock.due.map { ($0, slider.clock.pending!.order) }
            let first: Bool
            switch (inside, slid) {
            case let (a?, b?): first = a < b
            case (_?, nil): first = true
            case (nil, _?): first = false
            case (nil, nil): return
            }
            let (due, _) = first ? inside! : slid!
            guard due <= now else { return }
            runFrames(until: due)
            if first {
                let p = clock.pending!
                clock.pending = nil
                exec(start: p.start, end: p.end, at: due, phase: p.phase)
            } else {
                let phase = slider.clock.pending!.phase
                slider.clock.pending = nil
                sliderExec(at: due, phase: phase)
            }
        }
    }

    /// The inside view's action (dataZoom/dataZoomAction.ts:27-38,
    /// `setRawRange` DataZoomModel.ts:475-495: the percent range mode),
    /// processed (`calculateDataWindow`) and rendered: the view's range
    /// becomes the model's percents (InsideZoomView.ts:55), and the slider,
    /// rendered for an action not its own, is built again
    /// (SliderZoomView.ts:180-185).
    mutating func exec(start: Double, end: Double, at t: Double, phase: Phase) {
        clock.lastExec = t
        current = window(percent: start, end)
        range = current.percent
        slider.build(percent: current.percent, width: chart.overviewWidth)
        shown.pending = true
        self.phase = phase
    }
}
