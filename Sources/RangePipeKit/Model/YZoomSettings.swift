/// The hand-zoomed y-window's rules (`y.fit: "manual"`): where it starts,
/// its span limits and bounds in value units, and which axis gestures lock.
public struct YZoomSettings: Sendable, Equatable {
    /// The y-window on frame 0 (`y.initial`).
    public var initial: Window
    /// The narrowest y-window (value units); nil: no limit.
    public var minSpan: Double?
    /// The widest y-window (value units); nil: no limit.
    public var maxSpan: Double?
    /// Values the y-window stays inside; nil: unbounded.
    public var bounds: Window?
    /// Which axis a pan or pinch leaves alone.
    public var lock: AxisLock = .none

    /// Rules starting at `initial`, unlimited, nothing locked.
    public init(initial: Window) {
        self.initial = initial
    }
}
