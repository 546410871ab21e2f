#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Fingers on the plot area: dygraphs 2.2.1's default interaction model's
/// touch handlers (`startTouch`, `moveTouch`, `endTouch`,
/// dygraph-interaction-model.js:415-600). A touch start records the
/// fingers (page px and, through the x range, data x) and the x range; one
/// finger swipes the range by its move over the plot area's width, two
/// zoom it about their first middle by the second finger's distance from
/// the middle over the first such distance (clipped to [1/8, 8]), when
/// they lay within 67.5° of the horizontal; a lift with a finger left
/// starts over from the fingers left; a lift within 500 ms of the last
/// one, within 50 px of it in x and in y, with no move nor second finger
/// between, resets the zoom. dygraphs cancels every `touchstart`
/// (line 416), so Chromium passes every move on and makes no mouse events.
extension DygraphsProfile {
    /// A finger down: page px (the plot area's, a fixed offset away).
    struct Finger: Sendable {
        let id: Int
        var x: Double, y: Double
    }

    /// What `startTouch` keeps: the fingers (page px, data x) and the
    /// middle (or the one finger), whether the x range follows, and the x
    /// range then.
    struct TouchStart: Sendable {
        var touches: [(x: Double, y: Double, dataX: Double)]
        var center: (x: Double, y: Double, dataX: Double)
        var zoomsX: Bool
        var range: Window
    }

    /// `startTouch` (lines 415-474) on the fingers down now.
    mutating func startTouch() {
        if fingers.count > 1 { lastTap = nil }
        let touches = fingers.map { (x: $0.x, y: $0.y, dataX: toDataX($0.x + Self.areaX)) }
        var center = touches[0], zoomsX = true
        if touches.count > 1 {
            center = (x: 0.5 * (touches[0].x + touches[1].x), y: 0.5 * (touches[0].y + touches[1].y),
                      dataX: 0.5 * (touches[0].dataX + touches[1].dataX))
            // Within 45° / 2 of the vertical the pinch zooms y only.
            var angle = 180 / Double.pi * atan2(center.y - touches[0].y, touches[0].x - center.x)
            angle = abs(angle)
            if angle > 90 { angle = 90 - angle }
            zoomsX = angle < 90 - 45 / 2
        }
        touchStart = TouchStart(touches: touches, center: center, zoomsX: zoomsX, range: xRange)
    }

    /// `moveTouch` (lines 480-570): the x range from the start's, swiped by
    /// the middle's move and scaled by the second finger's spread.
    mutating func moveTouch() {
        lastTap = nil
        guard let s = touchStart else { return }
        let now = fingers.count == 1 ? (x: fingers[0].x, y: fingers[0].y)
            : (x: 0.5 * (fingers[0].x + fingers[1].x), y: 0.5 * (fingers[0].y + fingers[1].y))
        let swipeX = now.x - s.center.x
        let dataWidth = s.range.upper - s.range.lower
        let swipeDataX = (swipeX / width) * dataWidth
        var xScale = 1.0
        if fingers.count > 1 {
            let initHalfWidth = s.touches[1].x - s.center.x
            xScale = (fingers[1].x - now.x) / initHalfWidth
        }
        xScale = min(8, max(0.125, xScale))
        guard s.zoomsX else { return }
        let cFactor = s.center.dataX - swipeDataX / xScale
        dateWindow = Window(cFactor + (s.range.lower - s.center.dataX) / xScale, cFactor + (s.range.upper - s.center.dataX) / xScale)
        placeHandles()
        phase = fingers.count > 1 ? .pinch : .drag
    }

    /// `endTouch` (lines 575-600) after a finger lifted at (x, y) at `now`
    /// (ms): with fingers left, a new start; else a double tap resets.
    mutating func endTouch(x: Double, y: Double, at now: Double) {
        guard fingers.isEmpty else {
            startTouch()
            return
        }
        if let tap = lastTap, now - tap.t < 500, abs(tap.x - x) < 50, abs(tap.y - y) < 50 {
            if dateWindow != nil {
                dateWindow = nil
                placeHandles()
                phase = .zoom
            }
        } else {
            lastTap = (now, x, y)
        }
    }

    /// A finger's event on the plot area (`e.pointer` touch).
    mutating func touch(_ e: RawPointerEvent) {
        switch e.kind {
        case .down:
            fingers.append(Finger(id: e.id, x: e.x, y: e.y))
            startTouch()
        case .move:
            guard let i = fingers.firstIndex(where: { $0.id == e.id }), fingers[i].x != e.x || fingers[i].y != e.y else { return }
            fingers[i].x = e.x
            fingers[i].y = e.y
            moveTouch()
        case .up:
            fingers.removeAll { $0.id == e.id }
            endTouch(x: e.x, y: e.y, at: ScriptClock.milliseconds(e.t))
        case .wheel:
            break
        }
    }
}
