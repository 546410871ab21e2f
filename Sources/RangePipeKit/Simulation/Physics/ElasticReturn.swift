/// The spring back to a valid window: both ends spring to their targets
/// with pop's spring at bounciness 0, speed 12, ending exactly on it.
struct ElasticReturn: Sendable {
    static let parameters = SpringParameters(bounciness: 0, speed: 12)
    let start: Double
    let from: Window
    let target: Window
    /// Initial velocities of the lower and upper ends (units/s).
    let velocity: (lower: Double, upper: Double)
    /// Rest threshold in axis units (0.01 px of the overview).
    let threshold: Double
    var response = SpringResponse(ElasticReturn.parameters)

    init(start: Double, from: Window, target: Window, velocity: (lower: Double, upper: Double), threshold: Double) {
        self.start = start
        self.from = from
        self.target = target
        self.velocity = velocity
        self.threshold = threshold
    }

    /// The window at t and whether both ends rest (then it is the target exactly).
    mutating func window(at t: Double) -> (Window, done: Bool) {
        let c = response.coefficients(tau: t - start)
        func end(_ from: Double, _ to: Double, _ v: Double) -> (Double, Bool) {
            let p0 = to - from, v0 = -v
            let p = p0 * c.ap + v0 * c.bp, pv = p0 * c.av + v0 * c.bv
            return (to - p, abs(p) < threshold / 2 && abs(pv) < 5 * threshold)
        }
        let (lower, restLower) = end(from.lower, target.lower, velocity.lower)
        let (upper, restUpper) = end(from.upper, target.upper, velocity.upper)
        if restLower && restUpper { return (target, true) }
        return (Window(lower, upper), false)
    }
}
