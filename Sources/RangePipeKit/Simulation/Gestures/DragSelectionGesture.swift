/// drag-selection (overview): the window moves by Δpx·(U1 − U0)/W_o, span
/// kept; a fling release starts momentum in the overview's pixels.
struct DragSelectionGesture: WindowGesture {
    var drag: HorizontalDrag

    var phase: Phase { .drag }
    var duration: Double { drag.path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let overview = context.overviewWidth
        let du = drag.step(toElapsed: context.elapsed(upTo: t)) * context.constraints.extent / overview
        context.move(zoom: false, chartWidth: overview, pixelsPerUnit: overview / context.constraints.extent) {
            Window($0.lower + du, $0.upper + du)
        }
        return true
    }

    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)? {
        drag.flingVelocity.map { ($0, plan.constraints.extent / plan.script.overview.width) }
    }
}
