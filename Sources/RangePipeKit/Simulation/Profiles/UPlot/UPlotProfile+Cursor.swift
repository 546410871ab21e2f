/// The cursor: mouse moves, the overlay's edge, and the selection a drag
/// draws (uPlot 1.6.18, src/uPlot.js).
extension UPlotProfile {
    /// Whether (x, y) hits the overlay: [0, width) × [0, height) (its
    /// children — cursor, points, selection — take no pointer events, uPlot.min.css).
    func isOver(_ x: Double, _ y: Double) -> Bool {
        x >= 0 && x < width && y >= 0 && y < height
    }

    /// uPlot's snap of a cursor x within 1 px of an edge onto the edge:
    /// `if (_l <= 1 || _l >= plotWidCss - 1) _l = incrRound(_l, plotWidCss)`
    /// (cacheMouse, src/uPlot.js:2730–2731; incrRound = round(num/incr)*incr,
    /// src/utils.js:276, with JavaScript's Math.round: halves up).
    func snapped(_ x: Double) -> Double {
        guard x <= 1 || x >= width - 1 else { return x }
        return (x / width + 0.5).rounded(.down) * width
    }

    /// The mouse moves to (x, y): nothing if it is there; else the browser's
    /// mouseleave when it leaves the overlay, or mousemove (after mouseenter)
    /// on it.
    mutating func moveMouse(to x: Double, _ y: Double) {
        if let m = mouse, m.x == x, m.y == y { return }
        let wasOver = mouse.map { isOver($0.x, $0.y) } ?? false
        mouse = (x, y)
        switch (wasOver, isOver(x, y)) {
        case (_, true):
            cursorX = snapped(x)  // mouseMove → cacheMouse with snap (src/uPlot.js:2669–2678)
            updateCursor()
        case (true, false):
            leave()
        case (false, false):
            break  // the document's mousemove: uPlot listens on the overlay only
        }
    }

    /// updateCursor's selection while dragging (src/uPlot.js:2555–2620):
    /// `dragX = drag.x && rawDX >= drag.dist` with `drag.dist` 0 (src/opts.js:444)
    /// holds for every update, so any update selects [min(x0, x1), |x1 − x0|]
    /// with the plot's full height (`drag.y` false: `setSelY(0, yDim)`).
    mutating func updateCursor() {
        switch button {
        case var .dragging(d):
            d.dragX = true
            d.select = Select(left: min(d.x0, cursorX), width: abs(cursorX - d.x0))
            button = .dragging(d)
        case .up, .elsewhere:
            break
        }
    }

    /// mouseLeave (src/uPlot.js:2832–2879): while dragging with `dragX`, the
    /// cursor jumps to the edge on the side it left from relative to the
    /// press (`mouseLeft1 < mouseLeft0 ? 0 : plotWidCss`, line 2860) and the
    /// selection follows; then the cursor is parked at −10.
    mutating func leave() {
        switch button {
        case let .dragging(d):
            if d.dragX { cursorX = cursorX < d.x0 ? 0 : width }
            updateCursor()
        case .up, .elsewhere:
            break
        }
        cursorX = -10
    }
}
