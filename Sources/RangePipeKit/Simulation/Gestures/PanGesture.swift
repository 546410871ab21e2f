/// pan (main chart): the window moves by −Δpx·(b − a)/W_m, span kept; a
/// fling release starts momentum in the main chart's pixels.
struct PanGesture: WindowGesture {
    var drag: HorizontalDrag

    var phase: Phase { .drag }
    var duration: Double { drag.path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let main = context.mainWidth
        let span = (context.elastic ? context.raw : context.window).span
        let dx = drag.step(toElapsed: context.elapsed(upTo: t))
        context.move(zoom: false, chartWidth: main, pixelsPerUnit: main / span) { Self.panned($0, dx: dx, width: main) }
        return true
    }

    /// The window moved by `dx` px of a chart `width` px wide.
    static func panned(_ w: Window, dx: Double, width: Double) -> Window {
        let du = -dx * w.span / width
        return Window(w.lower + du, w.upper + du)
    }

    func pointerPixel(atElapsed elapsed: Double) -> Double? { drag.path.position(at: elapsed).x }

    func fling(window: Window, plan: ScriptPlan) -> (velocity: Double, unitsPerPixel: Double)? {
        drag.flingVelocity.map { ($0, -window.span / plan.script.main.width) }
    }
}
