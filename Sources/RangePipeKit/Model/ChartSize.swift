/// A chart's size in px.
public struct ChartSize: Sendable, Equatable {
    /// Width in px.
    public var width: Double
    /// Height in px.
    public var height: Double
}
