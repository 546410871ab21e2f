extension BokehProfile {
    /// The overview canvas's gestures: a pan or pinch that starts on the
    /// RangeTool's overlay belongs to the overlay (`UIEventBus.__trigger`
    /// offers it to interactive renderers first); the overview has no tools
    /// (RangeTool's `start_gesture = "none"` has no gesture), so anything
    /// else does nothing.
    mutating func overviewGesture(_ output: Gestures.Output) {
        let left = layout.overviewFrameLeft
        switch output {
        case let .panStart(p):
            _ = overlay.panStart(sx: left + p.x0, y: p.y0, painted: paint.painted)
        case let .pan(_, _, dx, _):
            guard let (ns, ne) = overlay.pan(dx: dx) else { break }
            rangeToolUpdate(ns, ne)
            eventPhase = .drag
        case .panEnd:
            if overlay.state != .idle { eventPhase = .drag }
            overlay.panEnd()
        case let .pinchStart(p0, p1):
            let sx = ((left + p0.x0) + (left + p1.x0)) / 2
            _ = overlay.pinchStart(sx: sx, y: (p0.y0 + p1.y0) / 2, painted: paint.painted)
        case let .pinch(_, _, scale):
            guard let (ns, ne) = overlay.pinch(scale: scale) else { break }
            rangeToolUpdate(ns, ne)
            eventPhase = .drag
        case .pinchEnd:
            if overlay.state != .idle { eventPhase = .drag }
            overlay.panEnd()
        case .tap, .doubleTap, .press, .pressUp:
            break
        }
    }

    /// `RangeTool.update_ranges_from_overlay`: the main plot's
    /// `update_range` with panning and scrolling but no focus — no interval
    /// weight, bounds keep the span, never cancelled.
    mutating func rangeToolUpdate(_ start: Double, _ end: Double) {
        var info = RangeUpdate.Interval(start: start, end: end)
        if range.update(&info, .rangeTool) { rangeChanged() }
    }
}
