/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// drag-selection (overview): the window moves by Δpx·(U1 − U0)/W_o, span kept.
    func draggedSelection(_ w: Window, dx: Double) -> Window {
        let du = dx * constraints.extent / plan.script.overview.width
        return Window(w.lower + du, w.upper + du)
    }
}
