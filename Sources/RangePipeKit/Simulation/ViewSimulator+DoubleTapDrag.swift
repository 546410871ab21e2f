/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// double-tap-drag (SciChart's one-finger zoom): f = max(−Δy/scale, −0.9);
    /// the value under the anchor x0 stays put.
    func doubleTapZoomed(_ w: Window, anchor x0: Double, dy: Double, scale: Double) -> Window {
        let f = max(-dy / scale, -0.9)
        let r = x0 / plan.script.main.width
        return Window(w.lower - r * f * w.span, w.upper + (1 - r) * f * w.span)
    }
}
