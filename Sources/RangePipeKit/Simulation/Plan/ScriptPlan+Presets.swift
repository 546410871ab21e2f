/// Presets resolved on a series (`RangePreset`, `PresetButton`).
extension ScriptPlan {
    /// The buttons a series has: every preset on a time axis, only `all`
    /// on number and category axes. Windows in view units (`scale`): on an
    /// ordinal axis a preset is still its calendar window in x.
    /// - Complexity: O(presets · log transitions).
    static func presetButtons(_ series: Series, _ c: WindowConstraints, _ scale: XScale, zone: DisplayZone) -> [PresetButton] {
        guard series.axis == .time, let end = series.x.last else {
            return [PresetButton(preset: .all, window: c.settle(Window(c.lower, c.upper)), offered: true)]
        }
        return RangePreset.allCases.map { p in
            guard let start = p.start(endingAt: end, zone: zone) else {
                return PresetButton(preset: p, window: c.settle(Window(c.lower, c.upper)), offered: true)
            }
            return PresetButton(preset: p, window: c.settle(scale.u(Window(start, end))), offered: scale.u(start) >= c.lower)
        }
    }

    /// The preset's raw window on this series (before the span and bounds
    /// rules): from its calendar start to the series' last x.
    /// - Throws: a located error for a preset other than `all` on an axis
    ///   that is not time.
    static func presetWindow(_ p: RangePreset, _ series: Series, _ c: WindowConstraints, zone: DisplayZone, _ path: String,
                             _ fail: (String, String) -> RangePipeError) throws -> Window {
        guard let end = series.x.last, let start = p.start(endingAt: end, zone: zone) else { return Window(c.lower, c.upper) }
        guard series.axis == .time else {
            // x of numbers 1000–2999 reads as years (whole, or decimal as R's
            // time() writes them): name the flag that makes them a time axis.
            let years = series.axis == .number && series.x.allSatisfy { (1000 ..< 3000).contains($0) }
            let flag = series.x.allSatisfy { $0 == $0.rounded() } ? "%Y" : "decimal-year"
            let hint = years ? "; x looks like years: ingest with --input-time-format \(flag) to make it a time axis" : ""
            throw fail(path + ".preset", "preset \"\(p.rawValue)\" needs a time axis, but series '\(series.name)' has a \(series.axis.rawValue) axis (only \"all\" applies)\(hint)")
        }
        return Window(start, end)
    }

    /// The offered preset whose settled window equals `w` exactly (as
    /// doubles), the first in button order; nil when none does.
    /// - Complexity: O(presets).
    public func preset(matching w: Window) -> RangePreset? {
        presetButtons.first { $0.offered && $0.window == w }?.preset
    }
}
