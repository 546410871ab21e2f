/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// pinch: the value under the previous midpoint moves to the current
    /// midpoint and the span divides by the ratio of pointer distances.
    func pinched(_ w: Window, previous: (Double, Double), current: (Double, Double)) -> Window {
        let d0 = abs(previous.1 - previous.0), d1 = abs(current.1 - current.0)
        guard d0 > 0, d1 > 0 else { return w }
        let width = plan.script.main.width
        let f0 = (previous.0 + previous.1) / 2, f1 = (current.0 + current.1) / 2
        let u = w.lower + f0 / width * w.span
        let span = w.span / (d1 / d0)
        let a = u - f1 / width * span
        return Window(a, a + span)
    }
}
