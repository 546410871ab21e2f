extension BokehProfile {
    /// The main canvas's gestures, routed as `UIEventBus.__trigger`
    /// (core/ui_events.ts) routes them: pans to the active drag tool (xpan
    /// or xbox_zoom), pinches to the active scroll tool (xwheel_zoom, no
    /// pinch tool), double taps to xbox_zoom when it is the active drag
    /// (its `event_type` is pan and doubletap); taps and presses reach no tool.
    mutating func mainGesture(_ output: Gestures.Output) {
        switch output {
        case let .panStart(p):
            switch chart.drag {
            case .pan:
                // PanTool._interactive_dims: an axis first (x: "width"; the
                // y-axis: none for xpan), else the frame ("both"), else nothing.
                if inXAxis(p.area, p.x0, p.y0) || (!inYAxis(p.area, p.x0, p.y0) && inFrame(p.area, p.x0, p.y0)) {
                    mainTool = .pan(lastDx: 0, info: nil)
                    paint.interactiveStart(at: now)
                }
            case .zoom:
                if inFrame(p.area, p.x0, p.y0) { mainTool = .box(base: frameLeft + p.x0, shown: nil) }
            }
        case let .pan(x, _, dx, _):
            switch mainTool {
            case .idle:
                break
            case let .pan(lastDx, _):
                // PanToolView._update: the frame's edges shifted by the new movement, inverted.
                let nd = dx - lastDx
                let s = scale
                var info = RangeUpdate.Interval(start: s.invert(frameLeft - nd), end: s.invert(frameRight - nd))
                if range.update(&info, .pan) { rangeChanged() }
                mainTool = .pan(lastDx: dx, info: info)
                paint.interactiveStart(at: now)
                eventPhase = .drag
            case let .box(base, _):
                mainTool = .box(base: base, shown: boxLimits(base, frameLeft + x))
                eventPhase = .zoom
            }
        case let .panEnd(x, _):
            switch mainTool {
            case .idle:
                break
            case let .pan(_, info):
                // No range change at the end: the up's position is not used.
                if let info { history.push(.pan, info) }
                eventPhase = .drag
            case let .box(base, _):
                boxZoom(boxLimits(base, frameLeft + x))
                eventPhase = .zoom
            }
            mainTool = .idle
        case .pinchStart, .pinchEnd, .tap, .press, .pressUp:
            break
        case let .pinch(p0, p1, scale):
            // WheelZoomToolView._pinch at the fingers' midpoint.
            let delta = scale >= 1 ? (scale - 1) * 20.0 : -20.0 / scale
            let sx = ((frameLeft + p0.x) + (frameLeft + p1.x)) / 2
            let y = (p0.y + p1.y) / 2
            zoom(area: p0.area, x: sx - frameLeft, y: y, sx: sx, delta: delta)
        case let .doubleTap(p):
            // BoxZoomToolView._doubletap (zoom mode only), in the frame.
            guard chart.drag == .zoom, inFrame(p.area, p.x, p.y), history.newest == .boxZoom else { break }
            undo()
            eventPhase = .zoom
        }
    }

    /// A wheel event on the main canvas: `delta = −deltaY` (deltaMode 0; deltaX
    /// and shift are never read).
    mutating func wheel(area: RawPointerEvent.Area, x: Double, y: Double, deltaY: Double) {
        zoom(area: area, x: x, y: y, sx: frameLeft + x, delta: -deltaY)
    }

    /// `WheelZoomToolView.zoom(sx, sy, delta)`: on the x-axis or in the frame,
    /// the frame's px span scaled by 1 − f about sx and inverted; on the
    /// y-axis no x range (but a history entry); elsewhere nothing.
    mutating func zoom(area: RawPointerEvent.Area, x: Double, y: Double, sx: Double, delta: Double) {
        let onXAxis = inXAxis(area, x, y)
        if !onXAxis && inYAxis(area, x, y) {
            history.push(.wheelZoom, nil)
            paint.interactiveStart(at: now)
            eventPhase = .zoom
            return
        }
        guard onXAxis || inFrame(area, x, y) else { return }
        let f = JS.clamp(Self.wheelSpeed * delta, -Self.maxWheelFactor, Self.maxWheelFactor)
        // core/util/zoom.ts scale_interval over the frame [L, R], centre sx.
        let v0 = frameLeft - (frameLeft - sx) * f
        let v1 = frameRight - (frameRight - sx) * f
        let s = scale
        var info = RangeUpdate.Interval(start: s.invert(v0), end: s.invert(v1))
        history.push(.wheelZoom, info)
        if range.update(&info, .wheel) { rangeChanged() }
        history.newestRange = info
        paint.interactiveStart(at: now)
        eventPhase = .zoom
    }

    /// `_get_dim_limits` for x: the box between the base and the pointer, clipped to the frame.
    func boxLimits(_ base: Double, _ sx: Double) -> RangeTool.Span {
        RangeTool.Span(left: JS.max(JS.min(base, sx), frameLeft), right: JS.min(JS.max(base, sx), frameRight))
    }

    /// `BoxZoomToolView._update`: a box wider than 5 px becomes the range
    /// (through the interval weight and the bounds, each end on its own).
    mutating func boxZoom(_ box: RangeTool.Span) {
        guard !(abs(box.right - box.left) <= Self.minBoxWidth) else { return }
        let s = scale
        var info = RangeUpdate.Interval(start: s.invert(box.left), end: s.invert(box.right))
        history.push(.boxZoom, info)
        if range.update(&info, .none) { rangeChanged() }
        history.newestRange = info
    }

    /// `StateManager.undo`: back one entry and apply its range (no flags).
    mutating func undo() {
        guard history.stepBack(), var info = history.restored else { return }
        if range.update(&info, .none) { rangeChanged() }
        history.restored = info
    }

    /// The main scale now: the x range onto the frame.
    var scale: Scale { Scale(start: range.start, end: range.end, left: frameLeft, right: frameRight) }

    // MARK: Where a main-canvas point is (BBox.contains: edges inclusive)

    /// In the frame: x in [0, W] and, for the main area, y in [0, H] (H
    /// unknown: any y ≥ 0); the x-axis strip meets the frame at its top (y ≤ 0).
    func inFrame(_ area: RawPointerEvent.Area, _ x: Double, _ y: Double) -> Bool {
        guard 0 <= x, x <= chart.mainWidth else { return false }
        switch area {
        case .main: return 0 <= y && y <= (layout.mainHeight ?? .infinity)
        case .xAxis: return y <= 0
        case .overview: return false
        }
    }

    /// On the x-axis: the strip below the frame, as wide as it (its top edge
    /// is the frame's bottom edge, which both contain).
    func inXAxis(_ area: RawPointerEvent.Area, _ x: Double, _ y: Double) -> Bool {
        guard 0 <= x, x <= chart.mainWidth else { return false }
        switch area {
        case .main: return layout.mainHeight.map { y >= $0 } ?? false
        case .xAxis: return y >= 0
        case .overview: return false
        }
    }

    /// On the y-axis: left of the frame (its right edge is the frame's left
    /// edge, x = 0, which both contain), beside the frame's height.
    func inYAxis(_ area: RawPointerEvent.Area, _ x: Double, _ y: Double) -> Bool {
        guard x <= 0 else { return false }
        switch area {
        case .main: return 0 <= y && y <= (layout.mainHeight ?? .infinity)
        case .xAxis: return y <= 0
        case .overview: return false
        }
    }
}
