/// A pinch's samples `[dt, x1, x2]` (SPEC 4.3): at each time, the x of the
/// two fingers on the main chart in px, interpolated like a `PointerPath`.
public struct PinchPath: Sendable, Equatable {
    /// Sample times relative to the event's `at`, strictly increasing.
    public var times: [Double]
    /// The first finger's x per sample (px).
    public var firstFingerX: [Double]
    /// The second finger's x per sample (px).
    public var secondFingerX: [Double]

    /// A pinch from parallel sample arrays of equal, non-zero length.
    public init(times: [Double], firstFingerX: [Double], secondFingerX: [Double]) {
        self.times = times
        self.firstFingerX = firstFingerX
        self.secondFingerX = secondFingerX
    }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }

    /// Both fingers' interpolated x at relative time `dt`.
    /// - Complexity: O(log samples).
    public func fingers(at dt: Double) -> (first: Double, second: Double) {
        PointerPath.interpolate(times, firstFingerX, secondFingerX, at: dt)
    }
}
