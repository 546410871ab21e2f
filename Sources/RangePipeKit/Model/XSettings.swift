/// The script's `x` object: how the x axis is read. Today its zone, the
/// wall clock the calendar presets count days, months and years on.
public struct XSettings: Sendable {
    /// `"zone"`: `UTC` (the default), `±HH:MM` or `Area/City` (tzdata).
    public var zone: DisplayZone = .utc

    /// UTC, the default.
    public init() {}
}
