/// One finger on the grid: zrender turns touch events into its mouse
/// events (zrender/src/dom/HandlerProxy.ts:272-330: `touchstart` is a
/// `mousemove` then a `mousedown`, `touchmove` a `mousemove`, `touchend` a
/// `mouseup` alone, with no move to where the finger lifted), so the grid
/// pans as under a mouse. What differs is what reaches the page: Chromium
/// holds back every `touchmove` while the finger stays within its touch
/// slop (`ChromiumTouch`), and a touch stays targeted at the element it
/// started on, so zrender hears its moves and its end wherever they are
/// (it mounts no document listeners for touch, lines 486-492). Every touch
/// event zrender hears sets a 700 ms timer during which it ignores the
/// mouse's events, the wheel among them (`setTouchTimer`, lines 98-110,
/// 452-474); a wheel 699 ms after a lift does nothing, one 700 ms after
/// zooms. Two fingers pinch (`+Pinch`). Touch on the slider and a finger
/// down on the grid's edge lines are refused by `script check`: on the edge lines Chromium gave one finger down at x = 0 a pan
/// and another none, and none at x = width and y = height (zrender maps a
/// touch through its own transform, dom/transform.ts).
extension EChartsProfile {
    /// How long zrender ignores the mouse after a touch event (ms).
    static let touchMouseSuppression = 700.0

    /// A finger down: where it went down, and whether every move so far
    /// stayed within the slop.
    struct Touch: Sendable, Equatable {
        var x: Double, y: Double
        var inSlop = true
    }

    /// Whether the page hears touch event `e` at `p` (grid px) at `now`
    /// (ms): a move within the slop of the touch's start is held back by
    /// Chromium while that finger is alone in its touch sequence (a second
    /// finger ends the holding back for the sequence). What it hears starts
    /// zrender's mouse suppression.
    /// - Complexity: O(fingers).
    mutating func touchHeard(_ e: RawPointerEvent, _ p: (x: Double, y: Double), at now: Double) -> Bool {
        switch e.kind {
        case .down:
            if fingers.isEmpty { touch = Touch(x: p.x, y: p.y) } else { touch?.inSlop = false }
            fingers.append(Finger(id: e.id, x: p.x, y: p.y))
        case .move:
            // Chromium keeps a held-back move's point: the next event's touches have it.
            guard let i = fingers.firstIndex(where: { $0.id == e.id }) else { return false }
            fingers[i].x = p.x
            fingers[i].y = p.y
            if let t = touch, t.inSlop {
                guard ChromiumTouch.isPastSlop(dx: p.x - t.x, dy: p.y - t.y) else { return false }
                touch?.inSlop = false
            }
        case .up:
            fingers.removeAll { $0.id == e.id }
            if fingers.isEmpty { touch = nil }
        case .wheel:
            return true  // not reached: a wheel is the mouse's (`apply`)
        }
        touchHeardAt = now
        return true
    }

    /// Whether zrender ignores a mouse event (a wheel) at `now` (ms): within
    /// `touchMouseSuppression` of the last touch event it heard (the timer
    /// has fired at that ms, as the page's clock runs timers first).
    func mouseSuppressed(at now: Double) -> Bool {
        guard let t = touchHeardAt else { return false }
        return now < t + Self.touchMouseSuppression
    }
}
