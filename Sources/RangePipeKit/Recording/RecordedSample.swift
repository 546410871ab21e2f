/// One sample of a raw pointer event, in the terms of the script's
/// `"input": "pointer"` samples: coordinates relative to the area's
/// left/top edge, time in ms on the recording's clock.
public struct RecordedSample: Sendable, Equatable {
    /// Milliseconds on the recording's clock.
    public var milliseconds: Double
    /// What the sample is.
    public var kind: Kind
    /// x in px from the area's left edge.
    public var x: Double
    /// y in px from the area's top edge.
    public var y: Double
    /// The area: the pointer's down area, or the wheel's.
    public var area: ChartArea
    /// The shift key was held (`"shift": true`).
    public var shift: Bool

    /// The sample types of a raw pointer event.
    public enum Kind: Sendable, Equatable {
        /// Pointer `id`, of kind `pointer`, goes down.
        case down(id: Int, pointer: RecordedPointerKind)
        /// Pointer `id` moves while down.
        case move(id: Int)
        /// Pointer `id` goes up.
        case up(id: Int)
        /// A wheel turn of `deltaX`, `deltaY` px.
        case wheel(deltaX: Double, deltaY: Double)
    }

    /// A sample of `kind` at an area point.
    public init(milliseconds: Double, kind: Kind, x: Double, y: Double, area: ChartArea, shift: Bool = false) {
        self.milliseconds = milliseconds
        self.kind = kind
        self.x = x
        self.y = y
        self.area = area
        self.shift = shift
    }
}
