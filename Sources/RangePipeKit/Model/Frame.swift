/// One frame's tracks, computed from the simulator's state.
public struct Frame: Sendable {
    public var frame: Int
    public var t: Double
    public var phase: Phase
    public var window: Window
    public var selector: (min: Double, max: Double)
    public var y: (min: Double, max: Double)?
    public var annotation: Annotation?
    /// (x, shown y) of the points inside the window, when the values track applies.
    public var values: [(x: Double, y: Double)]?
    /// M4 points, when asked for.
    public var points: [(x: Double, y: Double)]?
}
