/// A wheel gesture's samples `[dt, notches]` (SPEC 4.3): at each time the
/// wheel turns by that many notches (negative zooms in).
public struct WheelNotches: Sendable, Equatable {
    /// Sample times relative to the event's `at`, strictly increasing.
    public var times: [Double]
    /// Notches turned at each sample.
    public var notches: [Double]

    /// Notch samples from parallel arrays of equal, non-zero length.
    public init(times: [Double], notches: [Double]) {
        self.times = times
        self.notches = notches
    }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }
}
