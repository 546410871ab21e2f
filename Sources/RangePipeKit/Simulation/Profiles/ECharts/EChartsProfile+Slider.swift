/// The slider dataZoom's view (src/component/dataZoom/SliderZoomView.ts at
/// ECharts 6.1.0, brushSelect on, realtime on, zoomLock off): its handle
/// drags, move-zone drags, brush and click, each a `dataZoom` action
/// through its own 20 ms fixed-rate throttle.
extension EChartsProfile {
    /// What the slider view keeps between events, in its own px (0 at the
    /// body's left, `overview.width` at its right).
    struct Slider: Sendable, Equatable {
        /// `_handleEnds`: the handles' x, in the handles' order, not sorted
        /// (a handle dragged past the other, or a brush drawn leftwards,
        /// swaps which end each one is).
        var handleEnds: [Double]
        /// `_range`: the percent window the slider dispatches, ascending.
        var range: [Double]
        /// `_brushing`, `_brushStart` (its x) and `_brushStartTime` (ms).
        var brushing = false
        var brushStart = (x: 0.0, t: 0.0)
        /// The brush rectangle's x and width (`brushRect.shape`): nil until
        /// a move while brushing after a build; kept after a brush ends.
        var brushShape: (x: Double, width: Double)?
        /// The view's throttle (`_dispatchZoomAction`, lines 160-165).
        var clock = Throttle()

        static func == (a: Slider, b: Slider) -> Bool {
            a.handleEnds == b.handleEnds && a.range == b.range && a.brushing == b.brushing
                && a.brushStart == b.brushStart && a.brushShape?.x == b.brushShape?.x
                && a.brushShape?.width == b.brushShape?.width && a.clock == b.clock
        }

        /// `_buildView` (lines 203-223): a render for an action not the
        /// slider's own builds the view again: no brush, no brush rectangle,
        /// the range and the handles from the model's percents
        /// (`_resetInterval`, lines 723-731).
        mutating func build(percent: [Double], width: Double) {
            brushing = false
            brushShape = nil
            range = percent
            handleEnds = percent.map { EChartsProfile.linearMap($0, (0, 100), (0, width), clamp: true) }
        }

        /// `_updateBrushRect` (lines 1057-1087): from the press's x to the
        /// pointer's, held to the body (called while `brushing`, as `_onBrush` does).
        mutating func brush(to x: Double, width: Double) {
            let end = max(min(width, x), 0)
            brushShape = (brushStart.x, end - brushStart.x)
        }
    }

    /// The span limits in slider px (`getMinMaxSpan` percents mapped onto
    /// the view's extent, lines 739-748, 1028-1036).
    var sliderSpans: (min: Double?, max: Double?) {
        let w = chart.overviewWidth
        return (spans.minPercent.map { Self.linearMap($0, (0, 100), (0, w), clamp: true) },
                spans.maxPercent.map { Self.linearMap($0, (0, 100), (0, w), clamp: true) })
    }

    /// `_updateInterval` (lines 733-758): `sliderMove` on the handles in px,
    /// then the range from them; true when the range changed.
    mutating func updateInterval(_ handle: Handle, _ delta: Double) -> Bool {
        let spans = sliderSpans, w = chart.overviewWidth
        Self.sliderMove(delta, &slider.handleEnds, extent: (0, w), handle, minSpan: spans.min, maxSpan: spans.max)
        let last = slider.range
        slider.range = slider.handleEnds.map { Self.linearMap($0, (0, w), (0, 100), clamp: true) }.sorted()
        return last != slider.range
    }

    /// `_onDragMove` (lines 934-953): a handle's or the move zone's drift by
    /// dx canvas px (the group's x is not flipped, so dx in the slider too);
    /// a change goes out at once (`realtime`).
    mutating func drift(_ handle: Handle, dx: Double, at now: Double) {
        let changed = updateInterval(handle, dx)
        viewUpdated()
        if changed { sliderDispatch(at: now, phase: .drag) }
    }

    /// `_onBrushEnd` (lines 998-1046): a brush under 200 ms and 5 px is a
    /// click (the panel's `click` handles it); else the handles become its
    /// ends, held to the span limits by `sliderMove` on the first, and the
    /// range goes out, changed or not.
    mutating func brushEnd(at now: Double) {
        slider.brushing = false
        guard let shape = slider.brushShape else { return }
        if now - slider.brushStart.t < 200, abs(shape.width) < 5 { return }
        slider.handleEnds = [shape.x, shape.x + shape.width]
        _ = updateInterval(.start, 0)
        viewUpdated()
        sliderDispatch(at: now, phase: .zoom)
    }

    /// `_onClickPanel` (lines 969-985): a click on the body moves the
    /// handles' middle to it (a click off the body, in the slider's own
    /// px, does nothing).
    mutating func clickPanel(_ x: Double, _ y: Double, at now: Double) {
        let origin = sliderOrigin
        let lx = x - origin.x, ly = origin.y - y
        guard lx >= 0, lx <= chart.overviewWidth, ly >= 0, ly <= sliderHeight else { return }
        let center = (slider.handleEnds[0] + slider.handleEnds[1]) / 2
        let changed = updateInterval(.all, lx - center)
        viewUpdated()
        if changed { sliderDispatch(at: now, phase: .drag) }
    }

    /// The throttled `_dispatchZoomAction` (lines 1089-1101): it dispatches
    /// the slider's range as it is when it runs.
    mutating func sliderDispatch(at now: Double, phase: Phase) {
        if Self.throttled(&slider.clock, 0, 0, phase, at: now, timersSet: &timersSet) {
            sliderExec(at: now, phase: phase)
        }
    }

    /// The slider's action, processed: the model's window from its range;
    /// the inside view takes the model's percents (InsideZoomView.ts:55);
    /// the slider, rendered for its own action, is not built again
    /// (SliderZoomView.ts:180-185): its handles and range stay.
    mutating func sliderExec(at t: Double, phase: Phase) {
        slider.clock.lastExec = t
        current = window(percent: slider.range[0], slider.range[1])
        range = current.percent
        viewUpdated()
        self.phase = phase
    }
}
