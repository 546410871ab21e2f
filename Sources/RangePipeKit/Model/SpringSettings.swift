/// Pop's spring settings for `switch-field` (SPEC 4.8).
public struct SpringSettings: Sendable, Equatable {
    /// pop's bounciness, 0–20.
    public var bounciness = 4.0
    /// pop's speed, 0–20.
    public var speed = 12.0
    /// A point rests once within threshold/2 of its target and slower than 5·threshold per second.
    public var threshold = 0.01
    /// Shown values below this are drawn at it.
    public var clampMin: Double?
}
