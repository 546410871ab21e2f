/// The main chart's visible x-window [lower, upper] in axis units.
public struct Window: Sendable, Equatable {
    /// The left edge (axis units).
    public var lower: Double
    /// The right edge (axis units).
    public var upper: Double

    /// The window [lower, upper].
    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// upper − lower.
    public var span: Double { upper - lower }
    /// The midpoint, computed without overflow.
    public var centre: Double { lower + (upper - lower) / 2 }
}
