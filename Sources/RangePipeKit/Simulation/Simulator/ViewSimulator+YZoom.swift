/// The hand-zoomed y-window's part of the simulator (`y.fit: "manual"`):
/// a pan or pinch is split by `y.lock` into the path the x gesture follows
/// and the path `YZoom` follows; other gestures leave y alone.
extension ViewSimulator {
    /// The y-window a manual fit shows; nil for the fitted axes.
    public var yWindow: Window? { yZoom?.window }

    /// Starts a pan's y part; returns the path the x-window follows.
    mutating func startYPan(_ path: PointerPath, at: Double) -> PointerPath {
        guard var zoom = yZoom, let settings = plan.script.y.zoom else { return path }
        let decision = LockDecision.decide(settings.lock, pan: path)
        zoom.beginPan(decision.yPath(path), at: at)
        yZoom = zoom
        return decision.xPath(path)
    }

    /// Starts a pinch's y part; returns the path the x-window follows.
    mutating func startYPinch(_ path: PinchPath, at: Double) -> PinchPath {
        guard var zoom = yZoom, let settings = plan.script.y.zoom else { return path }
        let decision = LockDecision.decide(settings.lock, pinch: path)
        zoom.beginPinch(decision.yPinch(path), at: at)
        yZoom = zoom
        return decision.xPinch(path)
    }

    /// Another gesture went down: the y-window stops following the last one.
    mutating func cancelY() {
        yZoom?.cancel()
    }

    /// `reset`: the y-window back at its initial value.
    mutating func resetY() {
        yZoom?.reset()
    }

    /// Moves the y-window with the pointer up to t; the phase of the
    /// gesture moving it (pan or pinch), idle when none does.
    mutating func moveY(upTo t: Double) -> Phase {
        guard var zoom = yZoom else { return .idle }
        let phase: Phase
        switch zoom.state {
        case .idle: phase = .idle
        case .pan: phase = .drag
        case .pinch: phase = .pinch
        }
        let moved = zoom.move(upTo: t)
        yZoom = zoom
        return moved ? phase : .idle
    }
}
