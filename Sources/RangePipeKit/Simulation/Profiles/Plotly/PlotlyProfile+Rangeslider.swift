/// The rangeslider (the overview): what a press grabs and where a move
/// puts the range (plotly.js src/components/rangeslider/draw.js,
/// `setupDragElement`, `setDataRange`, `drawGrabbers`).
extension PlotlyProfile {
    /// Plotly's `grabAreaWidth` (px): the invisible rect over each handle.
    static let grabAreaWidth = 10.0
    /// Half of `handleWidth` (4 px): a grab area starts this far left of its end.
    static let handleHalf = 2.0

    /// `d2p`: a linear value's px on the rangeslider as it was last drawn.
    func sliderPx(_ v: Double) -> Double {
        let s = axis.slider
        return (v - s.lower) / (s.upper - s.lower) * sliderWidth
    }

    /// `p2d`: the linear value at slider px `p`.
    func sliderValue(_ p: Double) -> Double {
        let s = axis.slider
        return p / sliderWidth * (s.upper - s.lower) + s.lower
    }

    /// The drawn slidebox [c, e] (px): the drawn range clipped to the slider.
    var slidebox: Window {
        Window(min(max(sliderPx(axis.drawn.lower), 0), sliderWidth), min(max(sliderPx(axis.drawn.upper), 0), sliderWidth))
    }

    /// The left edges of the grab areas (px): min at round(c − 2) − 0.5,
    /// max at round(e − 2) + 0.5, each 10 px wide.
    var grabAreas: (min: Double, max: Double) {
        let box = slidebox, h = Self.handleHalf
        func edge(_ p: Double) -> Double { Self.jsRound(min(max(p - h, -h), sliderWidth + h)) }
        return (edge(box.lower) - 0.5, edge(box.upper) + 0.5)
    }

    /// Whether px x hits a rect spanning [left, right] px: Chromium hit-tests
    /// an SVG rect by its enclosing whole-pixel box, so at whole-px
    /// pointers [⌊left⌋, ⌈right⌉] (docs/profiles/plotly.md, "Hit zones").
    static func hits(_ x: Double, _ left: Double, _ right: Double) -> Bool {
        x >= left.rounded(.down) && x <= right.rounded(.up)
    }

    /// What a press at slider px x grabs, topmost first: the max grab area,
    /// the min grab area, the slidebox, anything else on the slider (a
    /// brush); nil off the slider.
    func sliderTarget(at x: Double) -> SliderTarget? {
        let grab = grabAreas, box = slidebox, w = Self.grabAreaWidth
        if Self.hits(x, grab.max, grab.max + w) { return .grabMax }
        if Self.hits(x, grab.min, grab.min + w) { return .grabMin }
        if Self.hits(x, box.lower, box.upper) { return .slidebox }
        if Self.hits(x, 0, sliderWidth) { return .brush }
        return nil
    }

    /// A press on the rangeslider: nothing moves yet; the target, the
    /// press's x and the drawn range's px are kept. A brush is measured
    /// from the slider group's left edge, which the min grab area pushes
    /// left of 0 when the range starts within 2.5 px of the slider's start.
    /// Plotly does not cancel its `touchstart`, so a finger's moves start
    /// only once it leaves Chromium's touch slop.
    mutating func pressSlider(_ e: RawPointerEvent) {
        switch gesture {
        case .idle:
            guard let press = sliderPress(pointer: e.id, x: e.x, y: e.y) else { return }
            gesture = .slider(press)
        case .main, .slider:
            // A second finger on the rangeslider: not modelled.
            return
        }
    }

    /// What Plotly's rangeslider `mousedown`/`touchstart` handler keeps for
    /// a press at (x, y); nil off the slider.
    func sliderPress(pointer: Int, x: Double, y: Double) -> SliderPress? {
        guard let target = sliderTarget(at: x) else { return nil }
        return SliderPress(pointer: pointer, target: target, xDown: x, pMin: sliderPx(axis.drawn.lower),
                           pMax: sliderPx(axis.drawn.upper), brushStart: x + max(0, -grabAreas.min), yDown: y, inSlop: touch)
    }

    /// The release of the rangeslider's pointer. A finger's `touchend`
    /// also removes the handlers an earlier tap left behind; a tap (a touch
    /// that never left the slop) is followed by Chromium's compatibility
    /// `mousedown`/`mouseup`, whose handler Plotly removes from the drag
    /// cover but not from the slider group: it stays and answers the next
    /// touch's moves too (`leaked`).
    mutating func releaseSlider(_ press: SliderPress) {
        gesture = .idle
        guard touch else { return }
        leaked = []
        if press.inSlop, let tap = sliderPress(pointer: press.pointer, x: press.xDown, y: press.yDown) {
            leaked = [tap]
        }
    }

    /// A move of the rangeslider's pointer by δ px from the press: the
    /// slidebox moves both ends, a grab area one, a brush spans
    /// [start, start + δ]; the ends are sorted, mapped back and clamped
    /// into the slider's range, and relayouted at the next animation frame.
    /// A slidebox or handle pushed wholly off the slider is ignored.
    mutating func moveSlider(_ press: SliderPress, to x: Double, at now: Double) {
        let d = x - press.xDown
        var lo: Double, hi: Double
        switch press.target {
        case .slidebox:
            guard press.pMin + d <= width, press.pMax + d >= 0 else { return }
            (lo, hi) = (press.pMin + d, press.pMax + d)
        case .grabMin:
            guard press.pMin + d <= width else { return }
            (lo, hi) = (press.pMin + d, press.pMax)
        case .grabMax:
            guard press.pMax + d >= 0 else { return }
            (lo, hi) = (press.pMin, press.pMax + d)
        case .brush:
            (lo, hi) = (press.brushStart, press.brushStart + d)
        }
        if hi < lo { (lo, hi) = (hi, lo) }
        let s = axis.slider
        func value(_ p: Double) -> Double { q(min(max(sliderValue(p), s.lower), s.upper)) }
        let frame = ScriptClock.nextFrame(after: now)
        schedule(.frame(Window(value(lo), value(hi))), at: frame)
        phase = .drag
    }
}
