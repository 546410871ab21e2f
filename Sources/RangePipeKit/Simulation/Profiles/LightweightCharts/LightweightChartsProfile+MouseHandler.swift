extension LightweightChartsProfile {
    /// One `MouseEventHandler` (lightweight-charts 4.1.3,
    /// src/gui/mouse-event-handler.ts at tag v4.1.3) for a mouse: the pane
    /// and the time scale each have their own. It passes a pressed move on
    /// once the pointer has been 5 px (Manhattan) from the press, and counts
    /// clicks for its double-click. Positions are page px (any fixed origin),
    /// times ms.
    struct MouseHandler: Sendable, Equatable {
        /// `Constants.CancelClickManhattanDistance` and
        /// `DoubleClickManhattanDistance` (mouse-event-handler.ts:76–81).
        static let cancelClickDistance = 5.0
        static let doubleClickDistance = 5.0
        /// `Delay.ResetClick` (ms, mouse-event-handler.ts:70–74): the click
        /// count resets this long after the press that started it.
        static let resetClick = 500.0

        /// `_mouseMoveStartPosition`: the press, while the button is down.
        var moveStart: Point?
        /// `_cancelClick`: the press moved 5 px; from then on every move passes.
        var cancelClick = false
        /// `_clickCount`, `_clickTimeoutId` (as its due time) and `_clickPosition`.
        var clickCount = 0
        var clickDue: Double?
        var clickPosition: Point?

        struct Point: Sendable, Equatable {
            var x: Double
            var y: Double

            func manhattan(_ o: Point) -> Double { abs(x - o.x) + abs(y - o.y) }
        }

        /// `_resetClickTimeout` (mouse-event-handler.ts:213–221).
        private mutating func resetClick() {
            clickCount = 0
            clickDue = nil
            clickPosition = nil  // (−∞, +∞): no press is within 5 px of it
        }

        /// The reset timer fires at its due time, before input at that time.
        private mutating func runTimer(_ t: Double) {
            if let due = clickDue, t >= due { resetClick() }
        }

        /// `_mouseDownHandler` (mouse-event-handler.ts:543–589).
        mutating func down(_ p: Point, at t: Double) {
            runTimer(t)
            cancelClick = false
            moveStart = p
            if clickDue == nil {
                clickCount = 0
                clickDue = t + Self.resetClick
                clickPosition = p
            }
        }

        /// `_mouseMoveWithDownHandler` (mouse-event-handler.ts:308–327):
        /// whether the move is passed on (`pressedMouseMoveEvent`).
        mutating func pressedMove(_ p: Point, at t: Double) -> Bool {
            runTimer(t)
            guard let start = moveStart else { return false }
            if start.manhattan(p) >= Self.cancelClickDistance {
                cancelClick = true
                resetClick()
            }
            return cancelClick
        }

        /// `_mouseUpHandler` (mouse-event-handler.ts:445–484): whether the
        /// release is a double-click (a second release while the count runs,
        /// under 5 px from the first press, the press not moved 5 px).
        mutating func up(_ p: Point, at t: Double) -> Bool {
            runTimer(t)
            moveStart = nil
            clickCount += 1
            guard clickDue != nil, clickCount > 1 else { return false }
            let double = !cancelClick && (clickPosition.map { p.manhattan($0) < Self.doubleClickDistance } ?? false)
            resetClick()
            return double
        }
    }
}
