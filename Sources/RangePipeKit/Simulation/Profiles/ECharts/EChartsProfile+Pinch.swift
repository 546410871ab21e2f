/// Two fingers on the grid (zrender 6.0.0's `GestureMgr`,
/// zrender/src/core/GestureMgr.ts:22-120, fed by `Handler.processGesture`,
/// Handler.ts:403-428, from HandlerProxy's touch handlers,
/// dom/HandlerProxy.ts:272-312; ECharts 6.1.0's `RoamController._pinchHandler`,
/// component/helper/RoamController.ts:415-440). Every touch event is first
/// tracked (the touches' points; a `touchstart` clears the track first, a
/// `touchend` after): when the last two points tracked hold two touches or
/// more, zrender reports a pinch, whose scale is their distance over the
/// one before (a `touchstart` has none before: 1) about their middle; the
/// RoamController zooms by a fixed 1.1 when the scale is over 1, else by
/// 1 / 1.1 (exactly 1 zooms out), about the middle when it is on the grid,
/// as a wheel step does (on the grid here means 0 ≤ x < width and
/// 0 ≤ y < height: in Chromium a middle on the grid's right or bottom
/// edge line zoomed nothing, unlike a wheel there). The mouse events zrender then makes of the touch
/// event are at its first touch still down (`targetTouches[0]`; a
/// `touchend`'s is the lifted one, zrender/src/core/event.ts), and a pinch
/// keeps the RoamController from panning on them (RoamController.ts:308-315).
extension EChartsProfile {
    /// A finger down (grid px), in the order they went down (`TouchEvent.touches`).
    struct Finger: Sendable, Equatable {
        let id: Int
        var x: Double, y: Double
    }

    /// zrender's gesture step for touch event `e` (heard): the point its
    /// mouse events are at, and whether it was a pinch (the RoamController's
    /// pinch zoom already dispatched).
    mutating func gesture(_ e: RawPointerEvent, _ p: (x: Double, y: Double), at now: Double) -> (point: (x: Double, y: Double), pinch: Bool) {
        let points = fingers.map { (x: $0.x, y: $0.y) }
        let before = e.kind == .down ? points : lastTrack ?? points
        lastTrack = e.kind == .up ? nil : points
        let point = e.kind == .up ? p : points.first ?? p
        guard e.kind != .up, points.count > 1, before.count > 1 else { return (point, false) }
        let distance = { (q: [(x: Double, y: Double)]) in
            let dx = q[1].x - q[0].x, dy = q[1].y - q[0].y
            return (dx * dx + dy * dy).squareRoot()
        }
        var scale = distance(points) / distance(before)
        if !scale.isFinite { scale = 1 }
        let middle = (x: (points[0].x + points[1].x) / 2, y: (points[0].y + points[1].y) / 2)
        if SecondFinger.echartsTakes(middle, width: chart.mainWidth, height: height) {
            dispatchIfChanged(zoomed(scale: scale > 1 ? 1.1 : 1 / 1.1, originX: middle.x), at: now, phase: .pinch)
        }
        return (point, true)
    }
}
