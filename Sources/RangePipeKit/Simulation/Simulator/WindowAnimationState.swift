/// A running `set-window` animation: from the window shown at its start to
/// the target along the animation's curve.
struct WindowAnimationState: Sendable {
    let from: Window
    let to: Window
    let start: Double
    let animation: WindowAnimation

    init(from: Window, to: Window, start: Double, _ animation: WindowAnimation) {
        self.from = from
        self.to = to
        self.start = start
        self.animation = animation
    }

    /// The window at t (settled by `constraints`) and whether the animation
    /// ended (then it is the target exactly).
    func window(at t: Double, _ constraints: WindowConstraints) -> (Window, done: Bool) {
        let p = (t - start) / animation.duration
        if p >= 1 { return (to, true) }
        let e = animation.curve.progress(p)
        return (constraints.settle(Window(from.lower + (to.lower - from.lower) * e, from.upper + (to.upper - from.upper) * e)), false)
    }
}
