/// A wheel gesture's samples `[dt, notches]` (SPEC 4.3): at each time the
/// wheel turns by that many notches (negative zooms in), and (horizontal
/// wheel, trackpad, shift+wheel) scrolls the window by that many px.
public struct WheelNotches: Sendable, Equatable {
    /// Sample times relative to the event's `at`, strictly increasing.
    public var times: [Double]
    /// Notches turned at each sample.
    public var notches: [Double]
    /// px scrolled sideways at each sample (positive shows later x), or
    /// empty when the wheel only zooms.
    public var pixels: [Double]

    /// Notch samples from parallel arrays of equal, non-zero length;
    /// `pixels` is empty or as long as `times`.
    public init(times: [Double], notches: [Double], pixels: [Double] = []) {
        self.times = times
        self.notches = notches
        self.pixels = pixels
    }

    /// The sideways scroll at sample k (px).
    public func pixels(at k: Int) -> Double { pixels.isEmpty ? 0 : pixels[k] }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }
}
