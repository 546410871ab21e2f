/// drag-axis (the x axis' tick labels; SciChart's XAxisDragModifier in
/// scaling mode): the value under the press follows the pointer while the
/// window's far end stays put. A press on the right half keeps the lower
/// end, on the left half the upper end (SciChart scales "in a different
/// direction depending on which half of the axis" the drag starts in).
/// Then the span rule and the bounds rule.
struct DragAxisGesture: WindowGesture {
    let path: PointerPath
    /// The window at the press.
    private var start = Window(0, 1)
    /// The pointer comes no nearer than this (px) to the kept end.
    static let nearest = 1.0

    init(path: PointerPath) { self.path = path }

    var phase: Phase { .zoom }
    var duration: Double { path.duration }

    mutating func begin(window: Window) { start = window }

    mutating func move(_ context: inout GestureContext, upTo t: Double) -> Bool {
        let main = context.mainWidth, x0 = path.xs[0]
        // Which end stays follows from the press alone.
        let keepsLower = x0 >= main / 2
        let x = path.position(at: context.elapsed(upTo: t)).x
        let grabbed = start.lower + x0 / main * start.span
        let target: Window
        if keepsLower {
            let p = max(x, Self.nearest)
            target = Window(start.lower, start.lower + (grabbed - start.lower) * main / p)
        } else {
            let q = max(main - x, Self.nearest)
            target = Window(start.upper - (start.upper - grabbed) * main / q, start.upper)
        }
        context.move(zoom: true, chartWidth: main, pixelsPerUnit: main / context.window.span) { _ in target }
        return true
    }
}
