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
