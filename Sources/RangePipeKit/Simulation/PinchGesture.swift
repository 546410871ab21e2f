/// pinch (main chart): the value under the fingers' previous midpoint moves
/// to their current midpoint and the span divides by the ratio of the
/// fingers' distances.
struct PinchGesture: WindowGesture {
    let path: PointerPath
    /// The two fingers' x last applied (px).
    var lastFingers: (Double, Double)

    init(path: PointerPath) {
        self.path = path
        lastFingers = (path.xs[0], path.ys[0])
    }

    var phase: Phase { .pinch }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let p = path.position(at: context.elapsed(upTo: t))
        let previous = lastFingers, current = (p.x, p.y)
        let main = context.mainWidth
        let ppu = main / context.window.span
        context.move(zoom: true, chartWidth: main, pixelsPerUnit: ppu) {
            Self.pinched($0, previous: previous, current: current, width: main)
        }
        lastFingers = current
        return true
    }

    /// The window after the fingers moved from `previous` to `current` (px
    /// on a chart `width` px wide).
    static func pinched(_ w: Window, previous: (Double, Double), current: (Double, Double), width: Double) -> Window {
        let d0 = abs(previous.1 - previous.0), d1 = abs(current.1 - current.0)
        guard d0 > 0, d1 > 0 else { return w }
        let f0 = (previous.0 + previous.1) / 2, f1 = (current.0 + current.1) / 2
        let u = w.lower + f0 / width * w.span
        let span = w.span / (d1 / d0)
        let a = u - f1 / width * span
        return Window(a, a + span)
    }
}
