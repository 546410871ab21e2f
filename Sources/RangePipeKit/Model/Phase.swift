/// What moved the window or values on a frame (SPEC 4.1 step 4), in
/// priority order: the first that applies wins.
public enum Phase: Int, Sendable, Comparable, CaseIterable {
    case drag, pinch, zoom, momentum, elastic, animate, spring, idle

    /// The phase as frames write it.
    public var name: String { constantName.description }

    /// `name` as constant text, for writers that append bytes.
    public var constantName: StaticString {
        switch self {
        case .drag: return "drag"
        case .pinch: return "pinch"
        case .zoom: return "zoom"
        case .momentum: return "momentum"
        case .elastic: return "elastic"
        case .animate: return "animate"
        case .spring: return "spring"
        case .idle: return "idle"
        }
    }

    /// Priority order: `drag` wins over every later phase.
    public static func < (l: Phase, r: Phase) -> Bool { l.rawValue < r.rawValue }
}
