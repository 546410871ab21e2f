/// What a drag or pan does when the pointer lifts: stop, or coast with momentum.
public enum Release: String, Sendable {
    case stop, fling
}
