/// The preset a frame names (docs/script-views.md, "Presets"): the one whose
/// `set-window` (or the initial window) produced the window, for as long as
/// the window has not changed since; only otherwise the first button, in
/// button order, whose settled window equals the frame's. So a button the
/// user set stays lit even when a wider `minSpan` settles several buttons to
/// the same window (highcharts#4598).
extension ViewSimulator {
    /// A preset set by the script: its settled window, and whether the
    /// window has reached it yet (an animation takes a while).
    struct SetPreset: Sendable, Equatable {
        var preset: RangePreset
        var window: Window
        var landed: Bool
    }

    /// The preset the initial window was set by, if it was.
    static func initialPreset(_ plan: ScriptPlan) -> SetPreset? {
        guard case let .preset(p) = plan.script.window.initial else { return nil }
        return SetPreset(preset: p, window: plan.initialWindow, landed: true)
    }

    /// At an event's start: `set-window` to a preset (or back to an initial
    /// preset) is remembered; any other event but an append or a field
    /// switch (which move no window by themselves) forgets it.
    mutating func notePreset(_ event: ScriptEvent, target: Window?) {
        switch event.kind {
        case let .setWindow(.preset(p), _):
            setPreset = SetPreset(preset: p, window: target!, landed: false)
        case .reset, .doubleClick:
            setPreset = Self.initialPreset(plan).map { SetPreset(preset: $0.preset, window: target!, landed: false) }
        case .append, .switchField:
            break
        default:
            setPreset = nil
        }
    }

    /// After a step: the set preset lands when the window reaches its
    /// window, and is forgotten when the window leaves it after landing.
    mutating func settlePreset() {
        guard var s = setPreset else { return }
        if window == s.window {
            s.landed = true
            setPreset = s
        } else if s.landed {
            setPreset = nil
        }
    }

    /// The preset the current frame names.
    /// - Complexity: O(presets).
    public var framePreset: RangePreset? {
        // A button not offered (its range is not on the axis) is never lit, set or not.
        if let s = setPreset, s.landed, window == s.window, plan.presetButtons.contains(where: { $0.preset == s.preset && $0.offered }) {
            return s.preset
        }
        return plan.preset(matching: window)
    }
}
