extension LightweightChartsProfile {
    /// The touch half of one `MouseEventHandler` (lightweight-charts 4.1.3,
    /// src/gui/mouse-event-handler.ts at tag v4.1.3) for one finger: the
    /// pane and the time scale each have their own. A move is passed on
    /// once the finger has been 5 px (Manhattan) from where it went down,
    /// unless the first such move went the way the widget leaves to the
    /// page; a finger held 240 ms without getting that far is a long tap;
    /// taps are counted for a double tap (30 px). Positions are page px (any
    /// fixed origin), times ms.
    struct TouchHandler: Sendable, Equatable {
        /// `Constants.CancelTapManhattanDistance`, `DoubleTapManhattanDistance`
        /// (mouse-event-handler.ts:76–81) and `Delay.LongTap`, `ResetClick` (ms, lines 70–74).
        static let cancelTapDistance = 5.0
        static let doubleTapDistance = 30.0
        static let longTap = SecondFinger.lightweightChartsLongTap
        static let resetTap = 500.0

        /// `_touchMoveStartPosition`: where the finger went down, while it is.
        var moveStart: MouseHandler.Point?
        /// `_touchMoveExceededManhattanDistance`, `_preventTouchDragProcess`, `_cancelTap`.
        var exceeded = false
        var preventDrag = false
        var cancelTap = false
        /// `_longTapTimeoutId` as its due time.
        var longTapDue: Double?
        /// `_longTapActive`: a long tap fired, until the last finger lifts.
        var longTapActive = false
        /// `_tapCount`, `_tapTimeoutId` (as its due time) and `_tapPosition`.
        var tapCount = 0
        var tapDue: Double?
        var tapPosition: MouseHandler.Point?

        /// `_resetTapTimeout` (mouse-event-handler.ts:223–231).
        private mutating func resetTap() {
            tapCount = 0
            tapDue = nil
            tapPosition = nil  // (−∞, +∞): no touch is within 30 px of it
        }

        /// The tap count's reset timer fires at its due time, before input at that time.
        private mutating func runTapTimer(_ t: Double) {
            if let due = tapDue, t >= due { resetTap() }
        }

        /// Whether the long tap's timer has fired by `t` (it fires once, while the finger is down):
        /// the handler's part of `_longTapHandler` (mouse-event-handler.ts:749–761).
        mutating func longTapFired(by t: Double) -> Bool {
            guard let due = longTapDue, t >= due else { return false }
            longTapDue = nil
            cancelTap = true
            longTapActive = true
            return true
        }

        /// `_touchStartHandler` (mouse-event-handler.ts:495–541).
        mutating func start(_ p: MouseHandler.Point, at t: Double) {
            runTapTimer(t)
            cancelTap = false
            exceeded = false
            preventDrag = false
            moveStart = p
            longTapDue = t + Self.longTap
            if tapDue == nil {
                tapCount = 0
                tapDue = t + Self.resetTap
                tapPosition = p
            }
        }

        /// `_touchMoveHandler` (mouse-event-handler.ts:247–306): whether the
        /// move is passed on (`touchMoveEvent`). At the first move 5 px away
        /// the drag is vertical when |dy| ≥ |dx| / 2, else horizontal, and a
        /// way the widget leaves to the page (`vertical`, `horizontal`) stops
        /// every move of this touch.
        mutating func move(_ p: MouseHandler.Point, at t: Double, pageTakesVertical: Bool, pageTakesHorizontal: Bool) -> Bool {
            runTapTimer(t)
            guard let start = moveStart, !preventDrag else { return false }
            let dx = abs(start.x - p.x), dy = abs(start.y - p.y)
            if !exceeded {
                guard dx + dy >= Self.cancelTapDistance else { return false }
                let halfX = dx * 0.5
                let vertical = dy >= halfX && !pageTakesVertical
                let horizontal = halfX > dy && !pageTakesHorizontal
                if !vertical && !horizontal { preventDrag = true }
                exceeded = true
                cancelTap = true
                longTapDue = nil
                resetTap()
            }
            return !preventDrag
        }

        /// `_touchEndHandler` (mouse-event-handler.ts:385–443): whether the
        /// lift is a double tap (a second lift while the count runs, under
        /// 30 px from the first touch's start, this touch neither moved 5 px
        /// nor held for a long tap). `last`: no finger is left down.
        mutating func end(_ p: MouseHandler.Point, at t: Double, last: Bool) -> Bool {
            runTapTimer(t)
            longTapDue = nil
            moveStart = nil
            if last { longTapActive = false }
            tapCount += 1
            guard tapDue != nil, tapCount > 1 else { return false }
            let double = !cancelTap && (tapPosition.map { p.manhattan($0) < Self.doubleTapDistance } ?? false)
            resetTap()
            return double
        }
    }
}
