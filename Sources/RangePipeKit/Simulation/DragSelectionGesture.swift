/// drag-selection (overview): the window moves by Δpx·(U1 − U0)/W_o, span
/// kept; a fling release starts momentum in the overview's pixels.
struct DragSelectionGesture: WindowGesture {
    let path: PointerPath
    let release: Release
    /// The pointer's x last applied (px).
    var lastX: Double

    init(path: PointerPath, release: Release) {
        self.path = path
        self.release = release
        lastX = path.xs[0]
    }

    var phase: Phase { .drag }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let x = path.position(at: context.elapsed(upTo: t)).x
        let overview = context.overviewWidth
        let du = (x - lastX) * context.constraints.extent / overview
        context.move(zoom: false, chartWidth: overview, pixelsPerUnit: overview / context.constraints.extent) {
            Window($0.lower + du, $0.upper + du)
        }
        lastX = x
        return true
    }

    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)? {
        switch release {
        case .stop: return nil
        case .fling: return (path.releaseVelocity().x, plan.constraints.extent / plan.script.overview.width)
        }
    }
}
