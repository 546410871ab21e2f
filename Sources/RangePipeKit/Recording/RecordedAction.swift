/// One input of a recording, as the page saw it: client coordinates in CSS
/// px and a time in milliseconds on the recording's own clock.
public struct RecordedAction: Sendable, Equatable {
    /// Milliseconds on the recording's clock (never going back).
    public var milliseconds: Double
    /// What happened.
    public var kind: Kind
    /// Where in the recording it was written, for messages.
    public var location: String
    /// The shift key was held (as the recording says; false where it says nothing).
    public var shift: Bool

    /// What a recorded input does.
    public enum Kind: Sendable, Equatable {
        /// A pointer of kind `pointer` goes down (touches, or a button is pressed).
        case down(id: Int, x: Double, y: Double, pointer: RecordedPointerKind)
        /// A pointer moves. `pressed` says the recording claims it is down
        /// (so a move for a pointer that is not down is a bad recording);
        /// otherwise a move with no pointer down is a hover and is skipped.
        case move(id: Int, x: Double, y: Double, pressed: Bool)
        /// A pointer goes up (or is cancelled): at its last position when
        /// the recording gives none.
        case up(id: Int, x: Double?, y: Double?)
        /// A wheel turn by `deltaX`, `deltaY` px at a client point.
        case wheel(x: Double, y: Double, deltaX: Double, deltaY: Double)
    }

    /// An input at `milliseconds`, written at `location`.
    public init(milliseconds: Double, kind: Kind, location: String, shift: Bool = false) {
        self.milliseconds = milliseconds
        self.kind = kind
        self.location = location
        self.shift = shift
    }
}
