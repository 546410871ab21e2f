/// pinch (main chart): the value under the fingers' previous midpoint moves
/// to their current midpoint and the span divides by the ratio of the
/// fingers' distances.
struct PinchGesture: WindowGesture {
    let path: PinchPath
    /// The two fingers' x last applied (px).
    var lastFingers: (first: Double, second: Double)

    init(path: PinchPath) {
        self.path = path
        lastFingers = (path.firstFingerX[0], path.secondFingerX[0])
    }

    var phase: Phase { .pinch }
    var duration: Double { path.duration }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let previous = lastFingers, current = path.fingers(at: context.elapsed(upTo: t))
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
    static func pinched(_ w: Window, previous: (first: Double, second: Double), current: (first: Double, second: Double), width: Double) -> Window {
        let d0 = abs(previous.second - previous.first), d1 = abs(current.second - current.first)
        guard d0 > 0, d1 > 0 else { return w }
        let f0 = (previous.first + previous.second) / 2, f1 = (current.first + current.second) / 2
        let u = w.lower + f0 / width * w.span
        let span = w.span / (d1 / d0)
        let a = u - f1 / width * span
        return Window(a, a + span)
    }
}
