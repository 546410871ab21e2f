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
///
/// A second finger on the pane pinches (`+Pinch`) when the first had
/// neither moved nor long-tapped: the time scale zooms about the first
/// middle point of the two, by 5 · the change in their distance over the
/// starting one (`handleScale.pinch` true).
extension LightweightChartsProfile {
    /// A finger down on `e.area` at `p` (page px): the widget's handler
    /// takes it unless a finger it took is down; then the pane checks for a pinch.
    mutating func touchStart(_ e: RawPointerEvent, _ p: MouseHandler.Point, at now: Double) {
        let widget: Widget = e.area == .xAxis ? .timeAxis : .pane
        // Chromium holds moves back in a one-finger sequence only.
        let alone = fingers.isEmpty
        for i in fingers.indices { fingers[i].inSlop = false }
        fingers.append(Finger(id: e.id, widget: widget, down: p, at: p, inSlop: alone))
        switch widget {
        case .timeAxis:
            // TimeAxisWidget.touchStartEvent → mouseDownEvent (time-axis-widget.ts:162–178).
            guard axisFinger == nil else { return }
            axisFinger = e.id
            axisTouch.start(p, at: now)
            scale.startScale(p.x)
        case .pane:
            if paneFinger == nil {
                // PaneWidget.touchStartEvent (pane-widget.ts:350–361): the long tap
                // flag clears, a tracking mode is marked to end at this touch's
                // lift, and the kinetic scroll stops (`_mouseTouchDownEvent`, 693–698).
                paneFinger = e.id
                paneTouch.start(p, at: now)
                longTap = false
                exitTrackingAtLift = tracking
                stopAnimation()
            }
            checkPinch()
        }
    }

    /// Finger `id` moves to `p`: nothing reaches the page within Chromium's
    /// slop, nor where the finger already is.
    mutating func touchMove(_ id: Int, _ p: MouseHandler.Point, at now: Double) {
        guard let i = fingers.firstIndex(where: { $0.id == id }), fingers[i].at != p else { return }
        fingers[i].at = p
        if fingers[i].inSlop {
            let f = fingers[i]
            guard ChromiumTouch.isPastSlop(dx: p.x - f.down.x, dy: p.y - f.down.y) else { return }
            fingers[i].inSlop = false
        }
        if fingers[i].widget == .pane { pinchMove() }
        if id == axisFinger {
            // The time scale leaves vertical drags to the page (time-axis-widget.ts:122–128)
            // and scales on the others (`touchMoveEvent`, 199–201).
            if axisTouch.move(p, at: now, pageTakesVertical: true, pageTakesHorizontal: false) {
                scale.scaleTo(p.x)
                phase = .zoom
            }
        } else if id == paneFinger {
            // `_touchMoveHandler` (mouse-event-handler.ts:247–264): nothing while a
            // pinch runs; any move it takes prevents the next pinch. The pane leaves
            // no drag to the page (pane-widget.ts:136–142); `touchMoveEvent`
            // (363–381) moves the crosshair in tracking mode.
            guard pinch == nil, !paneTouch.preventDrag else { return }
            pinchPrevented = true
            guard paneTouch.move(p, at: now, pageTakesVertical: false, pageTakesHorizontal: false) else { return }
            if tracking {
                exitTrackingAtLift = false
            } else {
                panePressedMove(p, at: now, touch: true)
            }
        }
    }

    /// Finger `id` lifts at `p`: the pane's pinch check runs first (its
    /// listener is on the pane), then the handler that took the finger.
    mutating func touchEnd(_ id: Int, _ p: MouseHandler.Point, at now: Double) {
        guard let i = fingers.firstIndex(where: { $0.id == id }) else { return }
        let f = fingers.remove(at: i)
        if f.widget == .pane { checkPinch() }
        if id == axisFinger {
            // `touchEndEvent` → `mouseUpEvent` (time-axis-widget.ts:203–215), then a
            // double tap resets (`doubleTapEvent`, 223–225) at the next frame.
            axisFinger = nil
            let double = axisTouch.end(p, at: now, last: fingers.isEmpty)
            scale.endScale()
            if double { scheduleReset(after: now) }
        } else if id == paneFinger {
            // PaneWidget.touchEndEvent (pane-widget.ts:383–389).
            paneFinger = nil
            _ = paneTouch.end(p, at: now, last: fingers.isEmpty)
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
