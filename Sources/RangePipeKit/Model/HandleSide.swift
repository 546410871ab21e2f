/// Which end of the window a drag-handle moves.
public enum HandleSide: String, Sendable {
    case min, max
}
