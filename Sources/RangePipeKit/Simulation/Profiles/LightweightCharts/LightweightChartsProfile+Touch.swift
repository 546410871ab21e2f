/// One finger, as the page's widgets take it (lightweight-charts 4.1.3 at
/// tag v4.1.3, `kineticScroll.touch`, `handleScroll.horzTouchDrag` and
/// `vertTouchDrag` at their default true, src/api/options/chart-options-defaults.ts:37–57).
/// Chromium holds back every `touchmove` within its slop of where the
/// finger went down (`ChromiumTouch`; lightweight-charts' `touchstart`
/// listeners are passive, mouse-event-handler.ts:637, 660–663), and the
/// moves and the lift of a touch reach its widget wherever they are (it
/// listens on the document while a finger is down, lines 517–531).
///
/// On the pane a drag scrolls as a mouse's does, and a lift within 50 ms
/// of the scroll's last kept position starts the kinetic scroll, one right
/// offset a frame, until a finger goes down on the pane again or a reset
/// lands. A finger held 240 ms without moving 5 px is a long tap: it turns
/// on the crosshair's tracking mode, in which a finger moves the crosshair
/// and never scrolls, until a touch that does not move ends it
/// (`trackingMode.exitMode` OnNextTap). On the time scale a sideways drag
/// scales about the right edge (a drag that starts vertically is the
/// page's) and a double tap resets at the next frame.
extension LightweightChartsProfile {
    /// A finger down on `e.area` at `p` (page px).
    mutating func touchStart(_ e: RawPointerEvent, _ p: MouseHandler.Point, at now: Double) {
        guard finger == nil else { return }  // one finger: the decoder refuses a second
        finger = Finger(id: e.id, widget: e.area == .xAxis ? .timeAxis : .pane, down: p, at: p)
        switch e.area {
        case .xAxis:
            // TimeAxisWidget.touchStartEvent → mouseDownEvent (time-axis-widget.ts:162–178).
            axisTouch.start(p, at: now)
            scale.startScale(p.x)
        case .main, .overview:
            // PaneWidget.touchStartEvent (pane-widget.ts:350–361): the long tap
            // flag clears, a tracking mode is marked to end at this touch's
            // lift, and the kinetic scroll stops (`_mouseTouchDownEvent`, 693–698).
            paneTouch.start(p, at: now)
            longTap = false
            exitTrackingAtLift = tracking
            stopAnimation()
        }
    }

    /// The finger moves to `p`: nothing reaches the page within Chromium's
    /// slop, nor where the finger already is.
    mutating func touchMove(_ p: MouseHandler.Point, at now: Double) {
        guard var f = finger, f.at != p else { return }
        f.at = p
        if f.inSlop {
            guard ChromiumTouch.isPastSlop(dx: p.x - f.down.x, dy: p.y - f.down.y) else {
                finger = f
                return
            }
            f.inSlop = false
        }
        finger = f
        switch f.widget {
        case .timeAxis:
            // The time scale leaves vertical drags to the page (time-axis-widget.ts:122–128)
            // and scales on the others (`touchMoveEvent`, 199–201).
            if axisTouch.move(p, at: now, pageTakesVertical: true, pageTakesHorizontal: false) {
                scale.scaleTo(p.x)
                phase = .zoom
            }
        case .pane:
            // The pane leaves no drag to the page (pane-widget.ts:136–142);
            // `touchMoveEvent` (363–381) moves the crosshair in tracking mode.
            guard paneTouch.move(p, at: now, pageTakesVertical: false, pageTakesHorizontal: false) else { return }
            if tracking {
                exitTrackingAtLift = false
            } else {
                panePressedMove(p, at: now, touch: true)
            }
        }
    }

    /// The finger lifts at `p`.
    mutating func touchEnd(_ p: MouseHandler.Point, at now: Double) {
        guard let f = finger else { return }
        finger = nil
        switch f.widget {
        case .timeAxis:
            // `touchEndEvent` → `mouseUpEvent` (time-axis-widget.ts:203–215), then a
            // double tap resets (`doubleTapEvent`, 223–225) at the next frame.
            let double = axisTouch.end(p, at: now)
            scale.endScale()
            if double { scheduleReset(after: now) }
        case .pane:
            // PaneWidget.touchEndEvent (pane-widget.ts:383–389).
            _ = paneTouch.end(p, at: now)
            if exitTrackingAtLift { tracking = false }
            endScroll(at: now)
        }
    }

    /// The long taps due by `now`: the pane's turns its tracking mode on
    /// (`longTapEvent`, pane-widget.ts:307–314; `_startTrackingMode`,
    /// 651–657); the time scale has no handler for it.
    mutating func runTouchTimers(through now: Double) {
        if paneTouch.longTapFired(by: now) {
            longTap = true
            if !tracking {
                tracking = true
                exitTrackingAtLift = false
            }
        }
        _ = axisTouch.longTapFired(by: now)
    }
}
