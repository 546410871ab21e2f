/// Two fingers on the pane (lightweight-charts 4.1.3, `_initPinch` and
/// `_checkPinchState`, src/gui/mouse-event-handler.ts:651–725 at tag
/// v4.1.3; `pinchStartEvent`, `pinchEvent`, src/gui/pane-widget.ts:334–348).
extension LightweightChartsProfile {
    /// What a pinch keeps from its start: the two fingers' middle point (pane px) and distance.
    struct Pinch: Sendable, Equatable {
        let middle: MouseHandler.Point
        let distance: Double
        /// `_prevPinchScale`.
        var scale = 1.0
    }

    /// The fingers on the pane, in the order they went down (`TouchEvent.touches`).
    private var paneFingers: [Finger] { fingers.filter { $0.widget == .pane } }

    /// `_checkPinchState` at a finger down or up on the pane: one finger
    /// left clears what prevented a pinch; exactly two, neither prevented
    /// nor in a long tap, start one (the kinetic scroll stops, the long
    /// tap's timer is cleared); anything else ends it.
    mutating func checkPinch() {
        let on = paneFingers
        if on.count == 1 { pinchPrevented = false }
        guard on.count == 2, !pinchPrevented, !paneTouch.longTapActive else {
            pinch = nil
            return
        }
        let a = on[0].at, b = on[1].at
        let dx = a.x - b.x, dy = a.y - b.y
        pinch = Pinch(middle: MouseHandler.Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2), distance: (dx * dx + dy * dy).squareRoot())
        stopAnimation()
        paneTouch.longTapDue = nil
    }

    /// A move of either finger while a pinch runs: `ChartModel.zoomTime` about
    /// the starting middle point by 5 · (distance / starting distance − the last such ratio).
    mutating func pinchMove() {
        let on = paneFingers
        guard on.count == 2, var p = pinch else { return }
        let dx = on[0].at.x - on[1].at.x, dy = on[0].at.y - on[1].at.y
        let ratio = (dx * dx + dy * dy).squareRoot() / p.distance
        let zoom = (ratio - p.scale) * 5
        p.scale = ratio
        pinch = p
        scale.zoom(at: p.middle.x, scale: zoom)
        phase = .pinch
    }
}
