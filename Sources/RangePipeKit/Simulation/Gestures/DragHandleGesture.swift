/// drag-handle (overview): the handle follows the pointer's total movement
/// since the gesture began; the gripper rule and clipping decide where it
/// stops. Elastic: past the stop, the overshoot shows rubber-banded.
struct DragHandleGesture: WindowGesture {
    let side: HandleSide
    let path: PointerPath
    /// The dragged end's value when the gesture started, and the other end.
    var handleStart = 0.0
    var fixedEnd = 0.0

    init(side: HandleSide, path: PointerPath) {
        self.side = side
        self.path = path
    }

    var phase: Phase { .drag }
    var duration: Double { path.duration }

    mutating func begin(window: Window) {
        handleStart = side == .max ? window.upper : window.lower
        fixedEnd = side == .max ? window.lower : window.upper
    }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let x = path.position(at: context.elapsed(upTo: t)).x
        context.window = dragged(totalDx: x - path.xs[0], context)
        return true
    }

    /// The handle start moves so that the pointer's movement so far, at the
    /// new units per pixel, lands where it did at the old ones.
    mutating func extentChanged(from old: Double, to new: Double, elapsed: Double, overviewWidth: Double) {
        let totalDx = path.position(at: elapsed).x - path.xs[0]
        handleStart += totalDx * (old - new) / overviewWidth
    }

    /// The window with the handle moved `totalDx` overview px from its start.
    func dragged(totalDx: Double, _ context: GestureContext) -> Window {
        let constraints = context.constraints, overview = context.overviewWidth
        let perPixel = constraints.extent / overview
        let raw = handleStart + totalDx * perPixel
        let stopped = constraints.dragHandle(side, raw: raw, fixed: fixedEnd)
        guard context.elastic else { return stopped }
        let end = side == .max ? stopped.upper : stopped.lower
        let over = raw - end
        guard over != 0 else { return stopped }
        let shown = RubberBand.displayed(overshoot: abs(over) / perPixel, dimension: overview) * perPixel
        let moved = end + (over > 0 ? shown : -shown)
        let tiny = constraints.extent * 1e-9
        return side == .max ? Window(fixedEnd, max(moved, fixedEnd + tiny)) : Window(min(moved, fixedEnd - tiny), fixedEnd)
    }
}
