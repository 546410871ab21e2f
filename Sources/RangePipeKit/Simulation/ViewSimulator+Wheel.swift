#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A gesture of SPEC 4.4 as a pure window transform; the simulator applies
/// the constraints (or, when elastic, the rubber band).
extension ViewSimulator {
    /// wheel: the span scales by 1.1^notches about the value under x.
    func wheeled(_ w: Window, x: Double, notches: Double) -> Window {
        let s = pow(1.1, notches)
        let u = w.lower + x / plan.script.main.width * w.span
        return Window(u - (u - w.lower) * s, u + (w.upper - u) * s)
    }
}
