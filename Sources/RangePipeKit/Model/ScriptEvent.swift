/// One event of the script: a pointer gesture or an action, at `at` seconds.
public struct ScriptEvent: Sendable {
    /// When it starts (seconds).
    public var at: Double
    /// What it does.
    public var kind: Kind
    /// `events[3]`, for messages.
    public var path: String

    /// The gestures (SPEC 4.4) and actions (SPEC 4.8) a script can hold.
    public enum Kind: Sendable {
        case dragSelection(PointerPath, Release)
        case dragHandle(HandleSide, PointerPath)
        case pan(PointerPath, Release)
        case pinch(PinchPath)
        case doubleTapDrag(PointerPath, scale: Double)
        /// `x`: the pointer's x in px.
        case wheel(x: Double, WheelNotches)
        case setWindow(WindowSpec, WindowAnimation?)
        case reset
        case switchField(String, SpringSettings)
        /// A raw pointer press on the overview (`"input": "pointer"`): what it
        /// drags (a handle, the selection, or the selection after a jump) is
        /// hit-tested against the selector when it starts.
        case overviewPress(PointerPath, Release)
        /// Rows added to the played series (issue 18, live data).
        case append(AppendSpec)
        /// An x box drawn on the main chart from the path's first x to its
        /// x at each frame; the window becomes the box at the release.
        case boxZoom(PointerPath)
        /// A double click or double tap on the main chart: back to the
        /// initial window, as `reset`.
        case doubleClick
        /// A drag along the x axis' tick labels: the value under the press
        /// follows the pointer while the far end of the window stays.
        case dragAxis(PointerPath)
        /// A pointer over the main chart with no button down: it moves
        /// only the crosshair.
        case hover(PointerPath)
    }

    /// True for the pointer gestures, which may not overlap in time.
    public var isGesture: Bool {
        switch kind {
        case .dragSelection, .dragHandle, .pan, .pinch, .doubleTapDrag, .wheel, .overviewPress,
             .boxZoom, .doubleClick, .dragAxis, .hover: return true
        case .setWindow, .reset, .switchField, .append: return false
        }
    }

    /// When the event stops acting by itself (release time, animation end).
    public var end: Double {
        switch kind {
        case let .dragSelection(p, _), let .dragHandle(_, p), let .pan(p, _), let .doubleTapDrag(p, _), let .overviewPress(p, _),
             let .boxZoom(p), let .dragAxis(p), let .hover(p):
            return at + p.duration
        case let .pinch(p):
            return at + p.duration
        case let .wheel(_, notches):
            return at + notches.duration
        case let .setWindow(_, animation):
            return at + (animation?.duration ?? 0)
        case .reset, .switchField, .append, .doubleClick:
            return at
        }
    }
}
