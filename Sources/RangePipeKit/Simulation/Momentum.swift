#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Momentum after a fling (SPEC 4.6), as pure functions of the time since
/// release. Offsets are in the gesture's pixels; the simulator converts.
public enum MomentumPhysics {
    /// The rest threshold of `decay`: remaining travel below half a pixel.
    public static let restThreshold = 0.5

    /// pop/UIScrollView decay: offset after τ seconds with release velocity
    /// v px/s and deceleration d per millisecond: v·(d^(1000τ) − 1)/(1000·ln d).
    public static func decayOffset(v: Double, d: Double, tau: Double) -> Double {
        let l = 1000 * log(d)
        return v * (pow(d, 1000 * tau) - 1) / l
    }

    /// The exact rest offset −v/(1000·ln d).
    public static func decayRestOffset(v: Double, d: Double) -> Double {
        -v / (1000 * log(d))
    }

    /// τ* when the remaining travel falls below `threshold` px; ≤ 0 means no momentum.
    public static func decayStopTime(v: Double, d: Double, threshold: Double = restThreshold) -> Double {
        guard v != 0 else { return 0 }
        let l = 1000 * log(d)
        return log(-l * threshold / abs(v)) / l
    }

    /// The Shinobi selector's ease-out: v·duration/5 px along
    /// cubic-bezier(0, 0, 0.58, 1), exactly the full travel at τ = duration.
    public static func easeOutOffset(v: Double, duration: Double, tau: Double) -> Double {
        let travel = v * duration / 5
        if tau >= duration { return travel }
        return travel * CubicBezier.easeOut.progress(tau / duration)
    }
}

/// A running fling: the window at release moved by the model's offset.
struct MomentumMotion: Sendable {
    let releaseWindow: Window
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
}
