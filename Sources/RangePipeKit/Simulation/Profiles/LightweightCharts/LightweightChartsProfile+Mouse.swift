/// Presses, moves, releases and the wheel, as the page's widgets take them
/// (lightweight-charts 4.1.3 at tag v4.1.3).
extension LightweightChartsProfile {
    /// The mouse moves to `p` (no event when it is there): a pressed move
    /// goes to the pressed widget's handler, which passes it on after 5 px.
    mutating func moveMouse(to p: MouseHandler.Point, at now: Double) {
        guard mouse != p else { return }
        mouse = p
        switch button {
        case .up:
            break  // hover: the crosshair only
        case .pane:
            if paneMouse.pressedMove(p, at: now) { panePressedMove(p, at: now, touch: false) }
        case .timeAxis:
            // TimeAxisWidget.pressedMouseMoveEvent (time-axis-widget.ts:190–197).
            if axisMouse.pressedMove(p, at: now) {
                scale.scaleTo(p.x)
                phase = .zoom
            }
        }
    }

    /// PaneWidget `_pressedMouseTouchMoveEvent` (pane-widget.ts:719–792),
    /// for a mouse and a finger: the first passed-on move is only a
    /// reference (none is taken after a long tap or in tracking mode,
    /// `_preventScroll`, 624–626); the scroll starts at the first one
    /// elsewhere, from there. A finger's scroll builds its kinetic scroll
    /// from the right offset at the reference's time and after each move
    /// (`kineticScroll.touch` true, `mouse` false, src/api/options/chart-options-defaults.ts:55–58).
    mutating func panePressedMove(_ p: MouseHandler.Point, at now: Double, touch: Bool) {
        if scrollingFrom == nil, !(touch && longTap || tracking) {
            scrollingFrom = p
            scrollingFromTime = now
        }
        if let from = scrollingFrom, !scrolling, from != p {
            kinetic = touch ? KineticAnimation(barSpacing: scale.barSpacing) : nil
            kinetic?.add(scale.rightOffset, at: scrollingFromTime)
            scale.startScroll(p.x)
            scrolling = true
        }
        if scrolling {
            scale.scrollTo(p.x)
            kinetic?.add(scale.rightOffset, at: now)
            phase = .drag
        }
    }

    /// A press: the pane's or the time scale's handler takes it
    /// (`mouseDownEvent`, pane-widget.ts:244–248: nothing moves;
    /// time-axis-widget.ts:162–174: a scale starts at the press).
    mutating func press(_ e: RawPointerEvent, _ p: MouseHandler.Point, at now: Double) {
        switch button {
        case .up:
            switch e.area {
            case .xAxis:
                axisMouse.down(p, at: now)
                scale.startScale(p.x)
                button = .timeAxis(id: e.id)
            case .main, .overview:
                paneMouse.down(p, at: now)
                button = .pane(id: e.id)
            }
        case .pane, .timeAxis:
            break  // one mouse, one button
        }
    }

    /// A release: the widget's `mouseUpEvent`, then its handler's double-click.
    /// On the pane the scroll ends (`_endScroll`, pane-widget.ts:663–687) and
    /// a double-click changes nothing; on the time scale the scale ends and a
    /// double-click resets (`mouseDoubleClickEvent`, time-axis-widget.ts:203–221)
    /// at the next animation frame.
    mutating func release(_ e: RawPointerEvent, _ p: MouseHandler.Point, at now: Double) {
        switch button {
        case let .pane(id) where id == e.id:
            button = .up
            endScroll(at: now)
            _ = paneMouse.up(p, at: now)
        case let .timeAxis(id) where id == e.id:
            button = .up
            scale.endScale()
            // `resetTimeScale` runs in the chart's next requestAnimationFrame (chart-widget.ts:660-698).
            if axisMouse.up(p, at: now) { scheduleReset(after: now) }
        case .up, .pane, .timeAxis:
            break
        }
    }

    /// `ChartWidget._onMousewheel` (src/gui/chart-widget.ts:563–587), on the
    /// whole chart (pane and time scale), deltaMode 0 off Windows (speed 1):
    /// deltaY zooms by sign · min(1, |deltaY| / 100) tenths of the bar spacing
    /// about the pointer (up zooms in); deltaX scrolls by deltaX / 100 · 80 px.
    mutating func wheel(_ e: RawPointerEvent) {
        guard e.deltaX != 0 || e.deltaY != 0 else { return }
        let deltaX = e.deltaX / 100
        let deltaY = -(e.deltaY / 100)
        if deltaY != 0 {
            scale.zoom(at: e.x, scale: (deltaY > 0 ? 1.0 : -1.0) * min(1, abs(deltaY)))
        }
        if deltaX != 0 {
            scale.scrollChart(deltaX * -80)
        }
        phase = .zoom
    }
}
