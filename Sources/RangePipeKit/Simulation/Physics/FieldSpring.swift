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

    /// True once every point rests on its target.
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
