/// Press, release, the zoom to a selection and the double-click reset
/// (uPlot 1.6.18, src/uPlot.js), and the click count the browser gives a press.
extension UPlotProfile {
    /// Chromium's repeated-click rule (ui::MouseEvent::IsRepeatedClickEvent):
    /// a press within 500 ms of the last and at most 2 px from it in x and y
    /// (kDoubleClickWidth/Height 4, half each side) counts one more, up to 3.
    /// The conformance driver gives presses this count (CLICK_RULE in
    /// Tests/Conformance/uplot/library.py).
    static let doubleClickTime = 0.5
    static let doubleClickDistance = 2.0

    /// The click count of a press at t, (x, y).
    func clickCount(_ t: Double, _ x: Double, _ y: Double) -> Int {
        guard let p = lastPress, t != p.t, t - p.t <= Self.doubleClickTime + 1e-9,
              abs(x - p.x) <= Self.doubleClickDistance, abs(y - p.y) <= Self.doubleClickDistance else { return 1 }
        return min(p.count + 1, 3)
    }

    /// mouseDown (src/uPlot.js:2756–2766): a press on the overlay starts a
    /// drag at its unsnapped x; the cursor and selection stay as they were.
    mutating func press(_ e: RawPointerEvent) {
        lastPress = Press(t: e.t, x: e.x, y: e.y, count: clickCount(e.t, e.x, e.y))
        switch button {
        case .up:
            button = isOver(e.x, e.y) ? .dragging(Drag(x0: e.x)) : .elsewhere
        case .dragging, .elsewhere:
            break  // one mouse, one button: the decoder keeps presses paired
        }
    }

    /// mouseUp (src/uPlot.js:2768–2826): the cursor takes the release's
    /// snapped x (no cursor update); a selection with a width or height
    /// (`hasSelect`, line 2775) zooms x to [posToVal(left), posToVal(left + width)]
    /// when `dragX` (lines 2797–2801) and is hidden. Then, on the overlay,
    /// the second click of a double-click is the browser's dblclick.
    mutating func release(_ e: RawPointerEvent) {
        switch button {
        case let .dragging(d):
            cursorX = snapped(e.x)
            if d.dragX, let s = d.select {
                setScale(posToVal(s.left), posToVal(s.left + s.width))
            }
            button = .up
            if lastPress?.count == 2, isOver(e.x, e.y) { doubleClick() }
        case .elsewhere:
            button = .up
        case .up:
            break
        }
    }

    /// posToVal (src/uPlot.js:2204–2228) on the linear x scale:
    /// `_min + (_max - _min) * (pos / dim)`.
    func posToVal(_ pos: Double) -> Double {
        window.lower + (window.upper - window.lower) * (pos / width)
    }

    /// setScale (src/uPlot.js:1988–2022): ends in order, and a range narrower
    /// than 1e-16 is ignored (line 2004); the x range function is the
    /// identity (snapNumX / snapTimeX, lines 228–232).
    mutating func setScale(_ a: Double, _ b: Double) {
        let (lo, hi) = a > b ? (b, a) : (a, b)
        guard !(hi - lo < 1e-16) else { return }
        window = Window(lo, hi)
    }

    /// dblClick (src/uPlot.js:2881–2887): autoScaleX, the first and last
    /// x of the data (lines 1106–1140), and the selection hidden.
    mutating func doubleClick() {
        setScale(extent.lower, extent.upper)
    }
}
