/// The hand-zoomed y-window (`y.fit: "manual"`) and what moves it: a state
/// machine beside the x-window's, with one `switch` per transition. A pan
/// or pinch on the main chart drives it (the axes `y.lock` leaves free);
/// it stops at the release (no momentum on y) and never springs (a y-window
/// past its limits is settled at once, elastic or not).
struct YZoom: Sendable {
    /// The y-window's rules.
    let settings: YZoomSettings
    /// The main chart's height in px.
    let height: Double
    /// The y-window shown.
    private(set) var window: Window
    /// What moves the y-window.
    private(set) var state = State.idle

    /// What moves the y-window.
    enum State: Sendable {
        /// Nothing.
        case idle
        /// A pan: the pointer's path (y px), its start, and the y last applied.
        case pan(PointerPath, start: Double, lastY: Double)
        /// A pinch: the fingers' path, its start, and their y last applied.
        case pinch(PinchPath, start: Double, last: (first: Double, second: Double))
    }

    /// The y-window at its settled initial value, idle.
    init(settings: YZoomSettings, height: Double) {
        self.settings = settings
        self.height = height
        window = Self.settle(settings.initial, settings)
    }

    /// Starts following a pan's y (the path as the lock leaves it).
    mutating func beginPan(_ path: PointerPath, at start: Double) {
        switch state {
        case .idle, .pan, .pinch: state = .pan(path, start: start, lastY: path.ys[0])
        }
    }

    /// Starts following a pinch's fingers' y.
    mutating func beginPinch(_ path: PinchPath, at start: Double) {
        switch state {
        case .idle, .pan, .pinch: state = .pinch(path, start: start, last: (path.firstFingerY[0], path.secondFingerY[0]))
        }
    }

    /// Stops following the pointer (another gesture started).
    mutating func cancel() {
        switch state {
        case .idle, .pan, .pinch: state = .idle
        }
    }

    /// Puts the y-window back at its initial value (`reset`); a gesture
    /// still down keeps moving it from there.
    mutating func reset() {
        window = Self.settle(settings.initial, settings)
    }

    /// Moves the y-window for the pointer's movement up to frame time t
    /// (held at the release), going idle at the release. True when a
    /// gesture moved it.
    mutating func move(upTo t: Double) -> Bool {
        switch state {
        case .idle:
            return false
        case let .pan(path, start, lastY):
            let y = path.position(at: min(t, start + path.duration) - start).y
            window = Self.settle(Self.panned(window, dy: y - lastY, height: height), settings)
            state = t >= start + path.duration ? .idle : .pan(path, start: start, lastY: y)
            return true
        case let .pinch(path, start, last):
            let current = path.fingersY(at: min(t, start + path.duration) - start)
            window = Self.settle(Self.pinched(window, previous: last, current: current, height: height), settings)
            state = t >= start + path.duration ? .idle : .pinch(path, start: start, last: current)
            return true
        }
    }

    /// The y-window after the pointer moved `dy` px down a chart `height`
    /// px tall: the value under the pointer stays under it, so a drag down
    /// shows higher values (+dy · span / height).
    static func panned(_ w: Window, dy: Double, height: Double) -> Window {
        let du = dy * w.span / height
        return Window(w.lower + du, w.upper + du)
    }

    /// The y-window after the fingers moved from `previous` to `current`
    /// (y px from the chart's top): the value under their previous mid y
    /// moves to their current mid y and the span divides by the ratio of
    /// their vertical distances (no change while either distance is 0).
    static func pinched(_ w: Window, previous: (first: Double, second: Double), current: (first: Double, second: Double),
                        height: Double) -> Window {
        let d0 = abs(previous.second - previous.first), d1 = abs(current.second - current.first)
        guard d0 > 0, d1 > 0 else { return w }
        let f0 = (previous.first + previous.second) / 2, f1 = (current.first + current.second) / 2
        let u = w.upper - f0 / height * w.span
        let span = w.span / (d1 / d0)
        let upper = u + f1 / height * span
        return Window(upper - span, upper)
    }

    /// The nearest allowed y-window: the span held within minSpan, maxSpan
    /// and the bounds' span about the window's centre, then shifted inside
    /// the bounds.
    /// - Complexity: O(1).
    static func settle(_ w: Window, _ s: YZoomSettings) -> Window {
        var span = w.span
        if let lo = s.minSpan { span = max(span, lo) }
        if let hi = s.maxSpan { span = min(span, hi) }
        if let b = s.bounds { span = min(span, b.span) }
        // A kept span keeps its exact edges (no rounding through the centre).
        var lower = span == w.span ? w.lower : w.centre - span / 2
        if let b = s.bounds { lower = min(max(lower, b.lower), b.upper - span) }
        return span == w.span && lower == w.lower ? w : Window(lower, lower + span)
    }
}
