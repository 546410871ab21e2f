/// uPlot 1.6.18's rules (docs/profiles.md, "uPlot"), as its default cursor
/// applies them on SPEC 4.11's page: `new uPlot` with one series, no legend,
/// the x scale `time` on a time axis, the initial window from `setScale`.
/// A drag on the plot overlay (`u.over`) selects an x interval and zooms to
/// it on release; a double-click (the browser's `dblclick`) returns to the
/// data; no wheel, pan or overview.
///
/// Fed raw mouse events one at a time, in time order, it gives
/// `u.scales.x` after each. The events the page gets are the driver's: a
/// press, release or wheel away from the mouse moves it there first, and
/// `mouseenter` / `mouseleave` fire as the mouse crosses the overlay's edge
/// (uPlot listens for mousedown, mousemove, mouseleave and dblclick on the
/// overlay, mouseup on the document while a press is on; src/uPlot.js:2909–2914, 2763).
/// Pure and synchronous: uPlot's scale commit lands before anything reads it.
///
/// Units: uPlot's own. Its time scale is in seconds (`ms` 1e-3, src/uPlot.js:356),
/// as rangepipe's windows are; px from the overlay's top-left corner.
struct UPlotProfile: Sendable {
    /// What the mouse's left button is doing.
    enum Button: Sendable, Equatable {
        case up
        /// Pressed on the overlay: uPlot's `dragging`, with what its press set.
        case dragging(Drag)
        /// Pressed off the overlay: uPlot never saw the press.
        case elsewhere
    }

    /// A press uPlot took (mouseDown, src/uPlot.js:2756–2766).
    struct Drag: Sendable, Equatable {
        /// `mouseLeft0`: the press's x, not snapped (cacheMouse with snap false, src/uPlot.js:2760).
        let x0: Double
        /// uPlot's `dragX`: reset by the press, set by every cursor update while dragging.
        var dragX = false
        /// The selection (`select.left`, `select.width`) and whether its height is set
        /// (`setSelY(0, yDim)` with every x selection, src/uPlot.js:2596).
        var select: Select?
    }

    /// `select.left` / `select.width` (px); its height is the plot's.
    struct Select: Sendable, Equatable {
        var left: Double
        var width: Double
    }

    /// The overlay's size (px).
    let width: Double
    let height: Double
    /// The data's x extent: where a double-click goes (`autoScaleX`).
    let extent: Window
    /// `u.scales.x` (min, max).
    var window: Window
    var button = Button.up
    /// The mouse (px from the overlay's corner); nil before the first event.
    var mouse: (x: Double, y: Double)?
    /// uPlot's `mouseLeft1`: the cursor's x as its last mousemove, mouseup
    /// or mouseleave left it (`cursor.left` −10 at the start, src/opts.js:454).
    var cursorX = -10.0
    /// The last press and its click count (Chromium's, see `clickCount`).
    var lastPress: Press?

    /// A press as Chromium counts clicks: when, where (px) and its count.
    struct Press: Sendable, Equatable {
        let t: Double
        let x: Double
        let y: Double
        let count: Int
    }

    init(chart: ProfileChart, height: Double) {
        width = chart.mainWidth
        self.height = height
        extent = chart.extent
        window = chart.initial
    }

    /// What the chart shows.
    var state: ProfileState {
        if case let .dragging(d) = button, let s = d.select {
            return ProfileState(window: window, overview: extent, box: Window(s.left, s.left + s.width), phase: .drag)
        }
        return ProfileState(window: window, overview: extent)
    }

    /// Applies one raw event (all on `main`: the profile has no other area).
    /// - Complexity: O(1).
    mutating func apply(_ e: RawPointerEvent) -> ProfileState {
        let before = window
        switch e.kind {
        case .down:
            moveMouse(to: e.x, e.y)
            press(e)
        case .move:
            moveMouse(to: e.x, e.y)
        case .up:
            moveMouse(to: e.x, e.y)
            release(e)
        case .wheel:
            moveMouse(to: e.x, e.y)  // uPlot has no wheel listener
        }
        var s = state
        if window != before { s.phase = .zoom }
        return s
    }
}
