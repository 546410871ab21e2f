/// double-tap-drag (SciChart's one-finger zoom, main chart): each vertical
/// step Δy zooms by f = max(−Δy/scale, −0.9) about the first touch's x.
struct DoubleTapDragGesture: WindowGesture {
    let path: PointerPath
    /// Pixels of vertical drag per doubling of the span.
    let scale: Double
    /// The pointer's y last applied (px).
    var lastY: Double

    init(path: PointerPath, scale: Double) {
        self.path = path
        self.scale = scale
        lastY = path.ys[0]
    }

    var phase: Phase { .zoom }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let y = path.position(at: context.elapsed(upTo: t)).y
        let dy = y - lastY
        let main = context.mainWidth, anchor = path.xs[0], scale = scale
        let ppu = main / context.window.span
        context.move(zoom: true, chartWidth: main, pixelsPerUnit: ppu) {
            Self.zoomed($0, anchor: anchor, dy: dy, scale: scale, width: main)
        }
        lastY = y
        return true
    }

    func pointerPixel(atElapsed elapsed: Double) -> Double? { path.position(at: elapsed).x }

    /// The window zoomed for a vertical step `dy`; the value under the
    /// anchor x0 (px on a chart `width` px wide) stays put.
    static func zoomed(_ w: Window, anchor x0: Double, dy: Double, scale: Double, width: Double) -> Window {
        let f = max(-dy / scale, -0.9)
        let r = x0 / width
        return Window(w.lower - r * f * w.span, w.upper + (1 - r) * f * w.span)
    }
}
