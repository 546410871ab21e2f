/// The script's `y` object.
public struct YSettings: Sendable {
    /// Which points the range covers.
    public var fit: YFit = .edges
    /// Extra room above and below, as a fraction of the range (of its
    /// decades when `scale` is log).
    public var padding = 0.0
    /// Whether the range always reaches 0.
    public var includeZero = false
    /// Linear or logarithmic height.
    public var scale: YScale = .linear
    /// The hand-zoomed y-window's rules; set exactly when `fit` is manual.
    public var zoom: YZoomSettings?
}
