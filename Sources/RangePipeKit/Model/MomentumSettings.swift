/// The script's `momentum` object.
public struct MomentumSettings: Sendable {
    /// Which coast model runs.
    public var model: MomentumModel = .decay
    /// Velocity factor per millisecond (`decay`).
    public var deceleration = 0.998
    /// Seconds (`ease-out`).
    public var duration = 1.0
}
