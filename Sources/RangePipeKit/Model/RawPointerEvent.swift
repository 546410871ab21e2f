/// One raw input sample as a chart receives it (SPEC 4.10, docs/script-events.md
/// "Raw pointer input"): a pointer going down, moving or up, or a wheel
/// event, at an absolute script time, in px relative to the area it went
/// down in. Interaction profiles read these one at a time, in time order.
public struct RawPointerEvent: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable, CaseIterable {
        case down, move, up, wheel
    }

    /// The chart part the pointer is over (for `move` and `up`, the part
    /// its `down` was on: coordinates stay relative to it).
    public typealias Area = ChartArea

    /// Seconds from the start of the script.
    public var t: Double
    public var kind: Kind
    /// The pointer's id (0 for wheel events).
    public var id: Int
    public var area: Area
    /// px from the area's left edge.
    public var x: Double
    /// px from the area's top edge.
    public var y: Double
    /// Wheel deltas, px (`WheelEvent.deltaX`/`deltaY` with deltaMode 0); 0 otherwise.
    public var deltaX: Double
    public var deltaY: Double
    /// The shift key was held.
    public var shift: Bool
    /// What the pointer is (`PointerEvent.pointerType`), from its down.
    public var pointer: PointerKind

    /// `PointerEvent.pointerType`: a touch is a finger on a touchscreen.
    public enum PointerKind: String, Sendable, CaseIterable {
        case mouse, pen, touch
    }

    public init(t: Double, kind: Kind, id: Int = 0, area: Area, x: Double, y: Double = 0,
                deltaX: Double = 0, deltaY: Double = 0, shift: Bool = false, pointer: PointerKind = .mouse) {
        self.t = t
        self.kind = kind
        self.id = id
        self.area = area
        self.x = x
        self.y = y
        self.deltaX = deltaX
        self.deltaY = deltaY
        self.shift = shift
        self.pointer = pointer
    }
}
