/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// pan (main chart): the window moves by −Δpx·(b − a)/W_m, span kept.
    func panned(_ w: Window, dx: Double) -> Window {
        let du = -dx * w.span / plan.script.main.width
        return Window(w.lower + du, w.upper + du)
    }
}
