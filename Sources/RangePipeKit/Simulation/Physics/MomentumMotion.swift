/// A running fling: the window at release moved by the model's offset.
struct MomentumMotion: Sendable {
    private(set) var releaseWindow: Window
    let releaseTime: Double
    /// px/s in the gesture's chart.
    let velocity: Double
    /// Axis units per pixel of the gesture (negative for pans).
    let unitsPerPixel: Double
    let settings: MomentumSettings
    /// Seconds after release when the motion ends on its exact rest offset.
    let stopTime: Double

    /// nil when the fling is too slow to move (τ* ≤ 0).
    init?(releaseWindow: Window, releaseTime: Double, velocity: Double, unitsPerPixel: Double, settings: MomentumSettings) {
        switch settings.model {
        case .decay:
            let tau = MomentumPhysics.decayStopTime(v: velocity, d: settings.deceleration)
            guard tau > 0, tau.isFinite else { return nil }
            stopTime = tau
        case .easeOut:
            guard velocity != 0 else { return nil }
            stopTime = settings.duration
        }
        self.releaseWindow = releaseWindow
        self.releaseTime = releaseTime
        self.velocity = velocity
        self.unitsPerPixel = unitsPerPixel
        self.settings = settings
    }

    /// Offset in px at τ seconds after release; exact rest offset from τ*.
    func offset(tau: Double) -> Double {
        switch settings.model {
        case .decay:
            if tau >= stopTime { return MomentumPhysics.decayRestOffset(v: velocity, d: settings.deceleration) }
            return MomentumPhysics.decayOffset(v: velocity, d: settings.deceleration, tau: max(tau, 0))
        case .easeOut:
            return MomentumPhysics.easeOutOffset(v: velocity, duration: settings.duration, tau: max(tau, 0))
        }
    }

    /// The unconstrained window at time t (the bounds rule is the caller's).
    func window(at t: Double) -> Window {
        let du = offset(tau: t - releaseTime) * unitsPerPixel
        return Window(releaseWindow.lower + du, releaseWindow.upper + du)
    }

    /// Velocity in px/s at time t (a central difference of the offset).
    func velocity(at t: Double) -> Double {
        let tau = t - releaseTime, h = 1e-4
        return (offset(tau: tau + h) - offset(tau: max(tau - h, 0))) / (tau + h - max(tau - h, 0))
    }

    func isDone(at t: Double) -> Bool { t - releaseTime >= stopTime }

    /// The same motion with its window moved by `du` axis units (the
    /// offsets from release unchanged).
    func shifted(by du: Double) -> MomentumMotion {
        var m = self
        m.releaseWindow = Window(releaseWindow.lower + du, releaseWindow.upper + du)
        return m
    }
}
