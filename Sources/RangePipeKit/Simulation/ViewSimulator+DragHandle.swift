/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// drag-handle: the handle follows the pointer's total movement since the
    /// gesture began; the gripper rule and clipping decide where it stops.
    /// Elastic: past the stop, the overshoot shows rubber-banded.
    func draggedHandle(_ side: HandleSide, totalDx: Double, gesture g: ActiveGesture) -> Window {
        let perPixel = constraints.extent / plan.script.overview.width
        let raw = g.handleStart + totalDx * perPixel
        let stopped = constraints.dragHandle(side, raw: raw, fixed: g.fixedEnd)
        guard plan.script.window.elastic else { return stopped }
        let end = side == .max ? stopped.upper : stopped.lower
        let over = raw - end
        guard over != 0 else { return stopped }
        let shown = RubberBand.displayed(overshoot: abs(over) / perPixel, dimension: plan.script.overview.width) * perPixel
        let moved = end + (over > 0 ? shown : -shown)
        let tiny = constraints.extent * 1e-9
        return side == .max ? Window(g.fixedEnd, max(moved, g.fixedEnd + tiny)) : Window(min(moved, g.fixedEnd - tiny), g.fixedEnd)
    }
}
