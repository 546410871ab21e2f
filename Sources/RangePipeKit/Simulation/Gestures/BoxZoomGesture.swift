/// box-zoom (main chart; SciChart's RubberBandXyZoomModifier along x, the
/// zoom box of Plotly's and Bokeh's zoom drag): the pointer draws an x box
/// from where it went down; at the release the window becomes the box,
/// unless it is narrower than `minWidth` px (a click), then the span rule
/// and the bounds rule. The window does not move while the box is drawn.
struct BoxZoomGesture: WindowGesture {
    let path: PointerPath
    /// Boxes narrower than this (px) zoom nothing: the tap slop, so a press
    /// that raw input would call a tap never zooms.
    static let minWidth = PointerRecognizer.tapSlop
    /// The box's moving edge last drawn (px, within the chart).
    private var lastX: Double

    init(path: PointerPath) {
        self.path = path
        lastX = path.xs[0]
    }

    var phase: Phase { .zoom }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let x = min(max(path.position(at: context.elapsed(upTo: t)).x, 0), context.mainWidth)
        defer { lastX = x }
        return x != lastX
    }

    /// The box's edges (px from the main chart's left, within it) at
    /// `elapsed` s into the gesture.
    func boxPixels(atElapsed elapsed: Double, width: Double) -> (Double, Double)? {
        let a = min(max(path.xs[0], 0), width), b = min(max(path.position(at: elapsed).x, 0), width)
        return (min(a, b), max(a, b))
    }

    func pointerPixel(atElapsed elapsed: Double) -> Double? { path.position(at: elapsed).x }

    mutating func finish(_ context: inout GestureContext) {
        let main = context.mainWidth
        guard let (a, b) = boxPixels(atElapsed: context.release - context.start, width: main), b - a >= Self.minWidth else { return }
        let w = context.window
        let box = Window(w.lower + a / main * w.span, w.lower + b / main * w.span)
        context.window = context.constraints.settle(box, keepCentre: true)
        context.raw = context.window
    }
}
