/// The script's `y` object.
public struct YSettings: Sendable {
    /// Which points the range covers.
    public var fit: YFit = .edges
    /// Extra room above and below, as a fraction of the range.
    public var padding = 0.0
    /// Whether the range always reaches 0.
    public var includeZero = false
}
