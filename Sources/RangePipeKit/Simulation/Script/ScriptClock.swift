/// Script time as the library profiles read it, the way the recorder's
/// virtual page clock runs (Tests/Conformance/driver.py): events at whole
/// ms, animation frames every 16 ms of script time. Shared by the profiles
/// whose rules run on a page's clock (Bokeh keeps its own rounding).
enum ScriptClock {
    /// The animation frame period (ms).
    static let frameInterval = 16.0

    /// Script time t (s) in ms, to the ns.
    static func milliseconds(_ t: Double) -> Double { (t * 1e9).rounded() / 1e6 }

    /// The last animation frame at or before `now` (ms).
    static func frame(atOrBefore now: Double) -> Double {
        (now / frameInterval).rounded(.down) * frameInterval
    }

    /// The next animation frame strictly after `now` (ms).
    static func nextFrame(after now: Double) -> Double {
        ((now / frameInterval).rounded(.down) + 1) * frameInterval
    }
}
