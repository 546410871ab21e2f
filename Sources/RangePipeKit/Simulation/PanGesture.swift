/// pan (main chart): the window moves by −Δpx·(b − a)/W_m, span kept; a
/// fling release starts momentum in the main chart's pixels.
struct PanGesture: WindowGesture {
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
        let main = context.mainWidth
        let span = (context.elastic ? context.raw : context.window).span
        let dx = x - lastX
        context.move(zoom: false, chartWidth: main, pixelsPerUnit: main / span) { Self.panned($0, dx: dx, width: main) }
        lastX = x
        return true
    }

    /// The window moved by `dx` px of a chart `width` px wide.
    static func panned(_ w: Window, dx: Double, width: Double) -> Window {
        let du = -dx * w.span / width
        return Window(w.lower + du, w.upper + du)
    }

    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)? {
        switch release {
        case .stop: return nil
        case .fling: return (path.releaseVelocity().x, -window.span / plan.script.main.width)
        }
    }
}
