/// A window animation: a CSS cubic-bezier curve over `duration` seconds.
public struct WindowAnimation: Sendable, Equatable {
    /// The timing curve.
    public var curve: CubicBezier
    /// Seconds.
    public var duration: Double
}
