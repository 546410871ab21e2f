/// The main chart's visible x-window [lower, upper] in axis units.
public struct Window: Sendable, Equatable {
    public var lower: Double
    public var upper: Double

    public init(_ lower: Double, _ upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    public var span: Double { upper - lower }
    public var centre: Double { lower + (upper - lower) / 2 }
}
