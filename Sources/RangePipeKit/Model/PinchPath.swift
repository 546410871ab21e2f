/// A pinch's samples `[dt, x1, x2]` or `[dt, x1, y1, x2, y2]` (SPEC 4.3): at
/// each time, the two fingers on the main chart in px, interpolated like a
/// `PointerPath` (y is 0 when the script gave only x).
public struct PinchPath: Sendable, Equatable {
    /// Sample times relative to the event's `at`, strictly increasing.
    public var times: [Double]
    /// The first finger's x per sample (px).
    public var firstFingerX: [Double]
    /// The second finger's x per sample (px).
    public var secondFingerX: [Double]
    /// The first finger's y per sample (px, down the chart).
    public var firstFingerY: [Double]
    /// The second finger's y per sample (px, down the chart).
    public var secondFingerY: [Double]

    /// A pinch from parallel sample arrays of equal, non-zero length; the
    /// fingers' y default to 0.
    public init(times: [Double], firstFingerX: [Double], secondFingerX: [Double],
                firstFingerY: [Double]? = nil, secondFingerY: [Double]? = nil) {
        self.times = times
        self.firstFingerX = firstFingerX
        self.secondFingerX = secondFingerX
        self.firstFingerY = firstFingerY ?? Array(repeating: 0, count: times.count)
        self.secondFingerY = secondFingerY ?? Array(repeating: 0, count: times.count)
    }

    /// The release time relative to `at`: the last sample's dt.
    public var duration: Double { times.last ?? 0 }

    /// Both fingers' interpolated x at relative time `dt`.
    /// - Complexity: O(log samples).
    public func fingers(at dt: Double) -> (first: Double, second: Double) {
        PointerPath.interpolate(times, firstFingerX, secondFingerX, at: dt)
    }

    /// Both fingers' interpolated y at relative time `dt`.
    /// - Complexity: O(log samples).
    public func fingersY(at dt: Double) -> (first: Double, second: Double) {
        PointerPath.interpolate(times, firstFingerY, secondFingerY, at: dt)
    }
}
