/// The value annotation of one frame (SPEC 4.9): the annotated point and
/// whether it shows. Its label is the script's `annotation.format` applied
/// to `y`, written by Export.
public struct Annotation: Sendable, Equatable {
    /// The annotated x (axis units).
    public var x: Double
    /// Index of the annotated point, or nil for `edge`.
    public var pointIndex: Int?
    /// The annotated (shown) value.
    public var y: Double
    /// Whether the point is inside the window (always true for `edge`).
    public var visible: Bool

    /// An annotation at (x, y).
    public init(x: Double, pointIndex: Int?, y: Double, visible: Bool) {
        self.x = x
        self.pointIndex = pointIndex
        self.y = y
        self.visible = visible
    }
}
