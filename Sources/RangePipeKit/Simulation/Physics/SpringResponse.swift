/// The unit responses of the spring, integrated once and shared by every
/// point: RK4 on a linear system is linear in the initial state, so a point
/// starting at (p0, v0) is p0·(unit displacement) + v0·(unit velocity).
///
/// Frames ask for later and later times, so only the two steps around the
/// last time asked are kept: memory is O(1) whatever the time between
/// frames (a slow frame rate costs integration time, never memory).
struct SpringResponse: Sendable {
    let params: SpringParameters
    /// The step the state below is at.
    private var step = 0
    /// State after `step` and `step + 1` steps from (1, 0) and from (0, 1).
    private var displacement: (now: (p: Double, v: Double), next: (p: Double, v: Double))
    private var velocity: (now: (p: Double, v: Double), next: (p: Double, v: Double))

    init(_ params: SpringParameters) {
        self.params = params
        displacement = ((1, 0), SpringSolver.rk4(p: 1, v: 0, params))
        velocity = ((0, 1), SpringSolver.rk4(p: 0, v: 1, params))
    }

    /// Moves the kept steps to `target` (from the start when it lies behind).
    /// - Complexity: O(steps moved).
    private mutating func move(to target: Int) {
        if target < step { self = SpringResponse(params) }
        while step < target {
            let a = displacement.next, b = velocity.next
            displacement = (a, SpringSolver.rk4(p: a.p, v: a.v, params))
            velocity = (b, SpringSolver.rk4(p: b.p, v: b.v, params))
            step += 1
        }
    }

    /// The interpolated unit responses at τ: (A, A', B, B').
    mutating func coefficients(tau: Double) -> (ap: Double, av: Double, bp: Double, bv: Double) {
        // τ is at most a script's duration plus a frame (decoder limits).
        let x = min(max(tau, 0), 2 * ScriptDecoder.maxDuration) / SpringSolver.step
        let j = Int(x.rounded(.down))
        let frac = x - Double(j)
        move(to: j)
        let a0 = displacement.now, b0 = velocity.now
        if frac <= 0 { return (a0.p, a0.v, b0.p, b0.v) }
        let a1 = displacement.next, b1 = velocity.next
        return (a0.p + (a1.p - a0.p) * frac, a0.v + (a1.v - a0.v) * frac,
                b0.p + (b1.p - b0.p) * frac, b0.v + (b1.v - b0.v) * frac)
    }
}
