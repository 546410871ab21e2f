/// pop's POPSpringAnimation model (SPEC 4.8 and reference/physics.md).
public struct SpringParameters: Sendable, Equatable {
    /// Spring constant k.
    public var tension: Double
    /// Damping c.
    public var friction: Double
    /// Mass m.
    public var mass = 1.0

    /// Parameters given directly.
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
