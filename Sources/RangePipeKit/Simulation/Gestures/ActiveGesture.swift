/// A gesture between its start and its release.
struct ActiveGesture: Sendable {
    /// The gesture, with its own progress (last pointer position, notches applied).
    var gesture: any WindowGesture
    /// The event's `at`.
    let start: Double
    /// `start` plus the path's duration.
    let release: Double
    /// Elastic: the unconstrained window the movements add up to.
    var raw: Window
}
