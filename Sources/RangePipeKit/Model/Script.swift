/// A play script (SPEC 3), decoded and validated but not yet resolved
/// against a series: spans in points or fractions, times as text, and the
/// field name are resolved per series by `PlaySetup`.
public struct Script: Sendable {
    public var series: String?
    public var fps: Double = 60
    public var duration: Double?
    public var field: String?
    public var overview = ChartSize(width: 800, height: 120)
    public var main = ChartSize(width: 800, height: 400)
    public var window = WindowSettings()
    public var momentum = MomentumSettings()
    public var y = YSettings()
    public var annotation = AnnotationSettings()
    public var events: [ScriptEvent] = []
    /// The script's file name, for messages.
    public var source = "script"

    public init() {}
}

public struct ChartSize: Sendable, Equatable {
    public var width: Double
    public var height: Double
}

/// An x position as the script wrote it: a number, or text (an ISO time on
/// time axes, a label on category axes).
public enum XSpec: Sendable, Equatable {
    case number(Double)
    case text(String)
}

/// A span as the script wrote it (SPEC 3).
public enum SpanSpec: Sendable, Equatable {
    /// Axis units.
    case units(Double)
    /// A duration (`90s`, `4d`, `P1W`): seconds, for time axes only.
    case seconds(Double, text: String)
    /// The window holds at least (minSpan) or at most (maxSpan) k points.
    case points(Int)
    /// A fraction of the bounds' extent.
    case fraction(Double)
}

/// A window as the script wrote it.
public enum WindowSpec: Sendable, Equatable {
    case fraction(Double, Double)
    case range(XSpec, XSpec)
    case last(SpanSpec)
    case first(SpanSpec)
    case all
    /// The seed's default: point ⌊0.6·n⌋ to point ⌊0.8·n⌋.
    case seedDefault
}

public enum BoundsSpec: Sendable, Equatable {
    case data
    case range(XSpec, XSpec)
}

public struct WindowSettings: Sendable {
    public var initial: WindowSpec = .seedDefault
    public var minSpan: SpanSpec?
    public var maxSpan: SpanSpec?
    public var bounds: BoundsSpec = .data
    public var elastic = false
}

public enum MomentumModel: String, Sendable, CaseIterable {
    case decay
    case easeOut = "ease-out"
}

public struct MomentumSettings: Sendable {
    public var model: MomentumModel = .decay
    /// Velocity factor per millisecond (`decay`).
    public var deceleration = 0.998
    /// Seconds (`ease-out`).
    public var duration = 1.0
}

public enum YFit: String, Sendable, CaseIterable {
    case edges, points, neighbours, none
}

public struct YSettings: Sendable {
    public var fit: YFit = .edges
    public var padding = 0.0
    public var includeZero = false
}

public enum AnnotationSource: String, Sendable, CaseIterable {
    case lastVisible = "last-visible"
    case last
    case edge
}

public struct AnnotationSettings: Sendable {
    public var source: AnnotationSource = .lastVisible
    public var format = LabelFormat.default
}

public enum Release: String, Sendable {
    case stop, fling
}

public enum HandleSide: String, Sendable {
    case min, max
}

/// Pop's spring settings for `switch-field` (SPEC 4.8).
public struct SpringSettings: Sendable, Equatable {
    public var bounciness = 4.0
    public var speed = 12.0
    public var threshold = 0.01
    public var clampMin: Double?
}

/// A window animation: a CSS cubic-bezier curve over `duration` seconds.
public struct WindowAnimation: Sendable, Equatable {
    public var curve: CubicBezier
    public var duration: Double
}

public struct ScriptEvent: Sendable {
    public var at: Double
    public var kind: Kind
    /// `events[3]`, for messages.
    public var path: String

    public enum Kind: Sendable {
        case dragSelection(PointerPath, Release)
        case dragHandle(HandleSide, PointerPath)
        case pan(PointerPath, Release)
        /// Samples carry x1 in `x` and x2 in `y`.
        case pinch(PointerPath)
        case doubleTapDrag(PointerPath, scale: Double)
        /// `x` px; samples carry notches in `x`.
        case wheel(x: Double, PointerPath)
        case setWindow(WindowSpec, WindowAnimation?)
        case reset
        case switchField(String, SpringSettings)
    }

    /// True for the pointer gestures, which may not overlap in time.
    public var isGesture: Bool {
        switch kind {
        case .dragSelection, .dragHandle, .pan, .pinch, .doubleTapDrag, .wheel: return true
        case .setWindow, .reset, .switchField: return false
        }
    }

    /// When the event stops acting by itself (release time, animation end).
    public var end: Double {
        switch kind {
        case let .dragSelection(p, _), let .dragHandle(_, p), let .pan(p, _), let .pinch(p),
             let .doubleTapDrag(p, _), let .wheel(_, p):
            return at + p.duration
        case let .setWindow(_, animation):
            return at + (animation?.duration ?? 0)
        case .reset, .switchField:
            return at
        }
    }
}
