/// Where the pointer is on the main chart, for the crosshair and the zoom
/// box: the active gesture's pointer, or under a library profile the last
/// main-chart pointer down.
extension ViewSimulator {
    /// The pointer's x on the main chart at frame time t (px), while a
    /// gesture on it is active; nil otherwise.
    public func pointerPixel(at t: Double) -> Double? {
        if let profile { return profile.mainPointer }
        switch state {
        case let .gesture(g, _): return g.gesture.pointerPixel(atElapsed: min(t, g.release) - g.start)
        case .idle, .moving: return nil
        }
    }

    /// The zoom box's edges at frame time t, in the view units the window
    /// is in (through the current window), while a box zoom draws one.
    public func box(at t: Double) -> Window? {
        switch state {
        case let .gesture(g, _):
            let main = plan.script.main.width
            guard let (a, b) = g.gesture.boxPixels(atElapsed: min(t, g.release) - g.start, width: main) else { return nil }
            return Window(window.lower + a / main * window.span, window.lower + b / main * window.span)
        case .idle, .moving:
            return nil
        }
    }
}
