/// The script's `x` object: how the x axis is read. Its zone, the wall
/// clock the calendar presets (and ordinal durations) count days on, and
/// its scale.
public struct XSettings: Sendable {
    /// `"zone"`: `UTC` (the default), `±HH:MM` or `Area/City` (tzdata).
    public var zone: DisplayZone = .utc
    /// `"scale"`: `linear` (the default), `log` or `ordinal`.
    public var scale: XScaleKind = .linear

    /// UTC, linear: the defaults.
    public init() {}
}
