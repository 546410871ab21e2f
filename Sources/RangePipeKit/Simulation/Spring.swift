/// pop's POPSpringAnimation model (SPEC 4.8 and reference/physics.md).
public struct SpringParameters: Sendable, Equatable {
    public var tension: Double
    public var friction: Double
    public var mass = 1.0

    public init(tension: Double, friction: Double, mass: Double = 1) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
    }

    /// pop's bounciness/speed (0–20) → tension/friction mapping.
    public init(bounciness: Double, speed: Double) {
        let b = (bounciness / 1.7) / 20 * 0.8
        let s = (speed / 1.7) / 20
        let tq = 0.5 + s * (200 - 0.5)
        let t2 = 2 * b - b * b
        let fq = t2 * 0.01 + (1 - t2) * Self.noBounce(tq)
        tension = 194 + (tq - 30) / 50 * 181
        friction = 25 + (fq - 8) / 2 * 6
    }

    static func noBounce(_ x: Double) -> Double {
        if x <= 18 { return 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28 }
        if x <= 44 { return 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2 }
        return 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
    }
}

/// The damped oscillator integrated with fixed 1 ms RK4 steps, state
/// relative to the target: p = target − value, v = −velocity,
/// a = −(k/m)·p − (c/m)·v.
public enum SpringSolver {
    public static let step = 0.001

    /// One RK4 step of size h.
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

/// Every point's shown value springing to a new field (PopCharts' switch).
public struct FieldSpring: Sendable {
    let settings: SpringSettings
    let start: Double
    var response: SpringResponse
    let target: [Double]
    /// Per point, relative to the target at the start: p0 = target − value, v0 = −velocity.
    let p0: [Double]
    let v0: [Double]
    /// Points that reached rest (they show the target exactly from then on).
    private(set) var atRest: [Bool]
    private(set) var restCount = 0
    /// The latest shown values and velocities.
    public private(set) var shown: [Double]
    private(set) var velocity: [Double]

    /// From current shown values and velocities to `target`.
    init(from values: [Double], velocities: [Double], to target: [Double], settings: SpringSettings, start: Double) {
        self.settings = settings
        self.start = start
        self.target = target
        response = SpringResponse(SpringParameters(bounciness: settings.bounciness, speed: settings.speed))
        var p = [Double](repeating: 0, count: target.count), v = p
        var rest = [Bool](repeating: false, count: target.count)
        var count = 0
        for i in target.indices {
            if target[i].isNaN || values[i].isNaN {
                rest[i] = true
                count += 1
            } else {
                p[i] = target[i] - values[i]
                v[i] = -velocities[i]
            }
        }
        p0 = p
        v0 = v
        atRest = rest
        restCount = count
        shown = values
        velocity = velocities
    }

    public var isDone: Bool { restCount == target.count }

    /// Advances every point to t; points meeting the rest rule snap to the target.
    mutating func advance(to t: Double) {
        let c = response.coefficients(tau: t - start)
        let threshold = settings.threshold
        for i in target.indices {
            if atRest[i] {
                shown[i] = target[i]
                velocity[i] = 0
                continue
            }
            let p = p0[i] * c.ap + v0[i] * c.bp
            let v = p0[i] * c.av + v0[i] * c.bv
            if abs(p) < threshold / 2, abs(v) < 5 * threshold {
                atRest[i] = true
                restCount += 1
                shown[i] = target[i]
                velocity[i] = 0
            } else {
                shown[i] = target[i] - p
                velocity[i] = -v
            }
        }
    }

}
