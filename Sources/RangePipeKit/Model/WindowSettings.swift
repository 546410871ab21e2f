/// The script's `window` object (SPEC 3).
public struct WindowSettings: Sendable {
    /// The window on frame 0.
    public var initial: WindowSpec = .seedDefault
    /// The narrowest window; nil is the smallest gap between points.
    public var minSpan: SpanSpec?
    /// The widest window; nil is the bounds.
    public var maxSpan: SpanSpec?
    /// Where the window may go.
    public var bounds: BoundsSpec = .data
    /// True when the script wrote `bounds` (under the `bokeh` profile an
    /// absent `bounds` means none, Bokeh's own default; SPEC 4.10).
    public var boundsGiven = false
    /// Whether overshoot shows rubber-banded and springs back (SPEC 4.7).
    public var elastic = false
}
