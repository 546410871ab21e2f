/// Which parts of a frame are written (`--tracks`).
public enum Track: String, Sendable, CaseIterable {
    case range, annotation, selector, values, points
    /// The preset button the window matches (`RangePreset`), or null.
    case preset
    /// The number of values ≤ 0 a log y-axis left out of the window's fit
    /// (`yOmitted`), on scripts with `y.scale: "log"`.
    case omitted
    /// The x box a box zoom draws on the main chart, while it is drawn.
    case box
    /// The data point nearest the pointer's x on the main chart (a
    /// snapping crosshair), while a pointer is over it.
    case crosshair

    public static let defaults: Set<Track> = [.range, .annotation, .selector, .values]

    /// The tracks written when `--tracks` is not given: `defaults`, plus
    /// `preset` when the script sets a window by preset, `omitted` when y
    /// is log, `box` when it zooms by box and `crosshair` when it hovers.
    /// - Complexity: O(events).
    public static func defaults(for script: Script) -> Set<Track> {
        var tracks = script.usesPresets ? defaults.union([.preset]) : defaults
        if script.y.scale == .log { tracks.insert(.omitted) }
        for e in script.events {
            switch e.kind {
            case .boxZoom: tracks.insert(.box)
            case .hover: tracks.insert(.crosshair)
            default: break
            }
        }
        return tracks
    }
}
