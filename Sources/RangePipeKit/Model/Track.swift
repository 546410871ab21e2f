/// Which parts of a frame are written (`--tracks`).
public enum Track: String, Sendable, CaseIterable {
    case range, annotation, selector, values, points
    /// The preset button the window matches (`RangePreset`), or null.
    case preset

    public static let defaults: Set<Track> = [.range, .annotation, .selector, .values]

    /// The tracks written when `--tracks` is not given: `defaults`, plus
    /// `preset` when the script sets a window by preset.
    /// - Complexity: O(events).
    public static func defaults(for script: Script) -> Set<Track> {
        script.usesPresets ? defaults.union([.preset]) : defaults
    }
}
