/// The unit responses of the spring, integrated once and shared by every
/// point: RK4 on a linear system is linear in the initial state, so a point
/// starting at (p0, v0) is p0·(unit displacement) + v0·(unit velocity).
struct SpringResponse: Sendable {
    let params: SpringParameters
    /// State after j steps from (1, 0) and from (0, 1).
    private(set) var fromDisplacement: [(p: Double, v: Double)] = [(1, 0)]
    private(set) var fromVelocity: [(p: Double, v: Double)] = [(0, 1)]

    init(_ params: SpringParameters) { self.params = params }

    mutating func extend(to steps: Int) {
        while fromDisplacement.count <= steps {
            let a = fromDisplacement[fromDisplacement.count - 1], b = fromVelocity[fromVelocity.count - 1]
            fromDisplacement.append(SpringSolver.rk4(p: a.p, v: a.v, params))
            fromVelocity.append(SpringSolver.rk4(p: b.p, v: b.v, params))
        }
    }

    /// The interpolated unit responses at τ: (A, A', B, B').
    mutating func coefficients(tau: Double) -> (ap: Double, av: Double, bp: Double, bv: Double) {
        let x = max(tau, 0) / SpringSolver.step
        let j = Int(x.rounded(.down))
        let frac = x - Double(j)
        extend(to: j + 1)
        let a0 = fromDisplacement[j], b0 = fromVelocity[j]
        if frac <= 0 { return (a0.p, a0.v, b0.p, b0.v) }
        let a1 = fromDisplacement[j + 1], b1 = fromVelocity[j + 1]
        return (a0.p + (a1.p - a0.p) * frac, a0.v + (a1.v - a0.v) * frac,
                b0.p + (b1.p - b0.p) * frac, b0.v + (b1.v - b0.v) * frac)
    }
}
