/// The main chart: wheel zoom, pan, box zoom and double-clicks
/// (plotly.js src/plots/cartesian/dragbox.js, src/components/dragelement/index.js).
extension PlotlyProfile {
    /// `zoomWheel`: one wheel event zooms the live range by
    /// e^(clamp(deltaY, ±20) / 200) about the pointer's x; `deltaX` and
    /// shift play no part. Plotly relayouts 50 ms after the last one.
    mutating func wheel(_ e: RawPointerEvent, at now: Double) {
        switch e.area {
        case .main: break
        case .overview, .xAxis: return
        }
        // Plotly logs a wheel event without a finite delta and does nothing.
        guard e.deltaY.isFinite else { return }
        let z = Self.jsExp(min(max(e.deltaY, -Self.wheelClamp), Self.wheelClamp) / Self.wheelScale)
        let f = e.x / width
        let r = axis.range
        let v0 = r.lower + (r.upper - r.lower) * f
        axis.range = stored(v0 + (r.lower - v0) * z, v0 + (r.upper - v0) * z)
        axis.asGiven = false
        axis.updates = axis.range
        timers.removeAll { $0.kind == .wheelRedraw }
        schedule(.wheelRedraw, at: now + Self.redrawDelay)
        phase = .zoom
    }

    /// `Math.exp` as V8 computes it (fdlibm's `__ieee754_exp`) for
    /// |x| ≤ ln 2 / 2, which holds every wheel factor (|x| ≤ 0.1): the
    /// C library's `exp` differs from it in the last bit for some x (e.g.
    /// 12.5 / 200), which a number axis would show.
    static func jsExp(_ x: Double) -> Double {
        precondition(abs(x) <= 0.34657359027997264, "jsExp covers |x| ≤ ln 2 / 2")
        if abs(x) < 0x1p-28 { return 1 + x }
        let p1 = 1.66666666666666019037e-01, p2 = -2.77777777770155933842e-03, p3 = 6.61375632143793436117e-05
        let p4 = -1.65339022054652515390e-06, p5 = 4.13813679705723846039e-08
        let t = x * x
        let c = x - t * (p1 + t * (p2 + t * (p3 + t * (p4 + t * p5))))
        return 1 - ((x * c) / (c - 2) - x)
    }

    /// A press on the main chart: counted towards a double-click
    /// (presses under 500 ms after the series' first), its mode chosen
    /// (`main.drag`, swapped by shift). A second finger restarts the press
    /// from its own position.
    mutating func pressMain(_ e: RawPointerEvent, at now: Double) {
        switch gesture {
        case .idle, .main:
            if now - clicks.downTime < Self.doubleClickDelay {
                clicks.count += 1
            } else {
                clicks = Clicks(downTime: now, count: 1)
            }
            let mode: MainDrag
            switch (chart.drag, e.shift) {
            case (.pan, false), (.zoom, true): mode = .pan
            case (.zoom, false), (.pan, true): mode = .zoom
            }
            var press = MainPress(x0: e.x, y0: e.y, mode: mode)
            if case let .main(earlier) = gesture {
                // `gd._dragdata` lives until a release: a relayout now re-applies the earlier movement.
                press.dragData = earlier.dragData
            }
            gesture = .main(press)
        case .slider:
            // A finger on the main chart while another drags the rangeslider: not modelled.
            return
        }
    }

    /// A move of a pointer on the main chart, measured from the press:
    /// each axis' movement under the dead zone (8 px panning, 1 px zooming)
    /// counts as 0; once either is not 0 the press is a drag.
    mutating func moveMain(_ press: inout MainPress, to p: Pointer) {
        let dead = press.mode == .zoom ? Self.zoomMinDrag : Self.minDrag
        var dx = p.x - press.x0, dy = p.y - press.y0
        if abs(dx) < dead { dx = 0 }
        if abs(dy) < dead { dy = 0 }
        if dx != 0 || dy != 0 { press.dragged = true }
        guard press.dragged else { return }
        press.dragData = Window(dx, dy)
        drag(&press, dx: dx)
        if press.mode == .pan { phase = .drag }
    }

    /// The drag's move function for a movement of dx px from the press
    /// (after the dead zone): a pan shifts the drawn range by dx at the live
    /// scale; a zoom draws an x box over the full height, clipped to the
    /// plot, accepted from 8 px wide.
    mutating func drag(_ press: inout MainPress, dx: Double) {
        switch press.mode {
        case .pan:
            let m = width / (axis.range.upper - axis.range.lower)
            let d = dx / m
            axis.range = stored(axis.drawn.lower - d, axis.drawn.upper - d)
            axis.asGiven = false
            axis.updates = axis.range
        case .zoom:
            let x1 = max(0, min(width, press.x0 + dx))
            if abs(x1 - press.x0) < Self.minDrag {
                press.box = nil
            } else {
                press.box = Window(min(press.x0, x1), max(press.x0, x1))
                press.boxed = true
            }
            press.dragged = press.boxed
            axis.updates = press.box.map(boxRange)
        }
    }

    /// `_redrag`: after any relayout during a main drag Plotly applies the
    /// drag's last movement again, from the axis as now drawn.
    mutating func redrag() {
        switch gesture {
        case var .main(press):
            guard let d = press.dragData else { return }
            drag(&press, dx: d.lower)
            gesture = .main(press)
        case .idle, .slider:
            return
        }
    }

    /// `zoomAxRanges`: the drawn range's part under the box (px).
    func boxRange(_ box: Window) -> Window {
        let c = axis.drawn.lower, f = axis.drawn.upper - c
        return Window(q(c + f * (box.lower / width)), q(c + f * (box.upper / width)))
    }

    /// The end of a main press (its first pointer up). A drag relayouts
    /// (pan: the last move's range; zoom: the last box, or nothing when it
    /// is under 8 px); anything else is a click, and the second click of a
    /// series is a double-click.
    mutating func releaseMain(_ press: MainPress, at now: Double) {
        if now - clicks.downTime > Self.doubleClickDelay {
            clicks.count = max(clicks.count - 1, 1)
        }
        if press.dragged {
            switch press.mode {
            case .pan:
                relayout(axis.updates)
            case .zoom:
                axis.updates = press.box.map(boxRange)
                relayout(axis.updates)
                if press.box != nil { phase = .zoom }
            }
        } else if clicks.count == 2 {
            doubleClick()
            phase = .zoom
        }
    }

    /// `reset+autosize`: at the initial range the axis autoranges to the
    /// data extent, anywhere else it goes back to the initial range. Plotly
    /// compares the range as it holds it with `_rangeInitial` (`!==`,
    /// src/plots/cartesian/dragbox.js): a number axis by value; a date axis
    /// by string, so the range is at the initial one while it still holds
    /// the figure's strings, or when a gesture wrote strings that spell
    /// them (a wheel event with no `deltaY` rewrites the range unchanged).
    mutating func doubleClick() {
        let atInitial = isDate
            ? axis.asGiven || (Self.spelledAsGiven(axis.range.lower, given: initial.lower)
                && Self.spelledAsGiven(axis.range.upper, given: initial.upper))
            : axis.range == initial
        if atInitial {
            relayout(extent)
        } else {
            relayout(initial, asGiven: true)
        }
    }
}
