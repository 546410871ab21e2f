/// The damped oscillator integrated with fixed 1 ms RK4 steps, state
/// relative to the target: p = target − value, v = −velocity,
/// a = −(k/m)·p − (c/m)·v.
public enum SpringSolver {
    /// The integration step (s).
    public static let step = 0.001

    /// One RK4 step of size h.
    /// - Complexity: O(1).
    @inline(__always)
    public static func rk4(p: Double, v: Double, _ params: SpringParameters, h: Double = step) -> (p: Double, v: Double) {
        let k = params.tension / params.mass, c = params.friction / params.mass
        func acc(_ p: Double, _ v: Double) -> Double { -k * p - c * v }
        let k1p = v, k1v = acc(p, v)
        let k2p = v + 0.5 * h * k1v, k2v = acc(p + 0.5 * h * k1p, v + 0.5 * h * k1v)
        let k3p = v + 0.5 * h * k2v, k3v = acc(p + 0.5 * h * k2p, v + 0.5 * h * k2v)
        let k4p = v + h * k3v, k4v = acc(p + h * k3p, v + h * k3v)
        return (p + h / 6 * (k1p + 2 * k2p + 2 * k3p + k4p), v + h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v))
    }

    /// The state after τ seconds: RK4 steps to ⌊τ/h⌋, then the linear
    /// interpolation between the last two steps by the fraction elapsed.
    /// - Complexity: O(τ/h).
    public static func state(p0: Double, v0: Double, tau: Double, _ params: SpringParameters) -> (p: Double, v: Double) {
        let steps = Int((tau / step).rounded(.down))
        var p = p0, v = v0
        for _ in 0 ..< steps { (p, v) = rk4(p: p, v: v, params) }
        let frac = tau / step - Double(steps)
        if frac <= 0 { return (p, v) }
        let next = rk4(p: p, v: v, params)
        return (p + (next.p - p) * frac, v + (next.v - v) * frac)
    }
}
