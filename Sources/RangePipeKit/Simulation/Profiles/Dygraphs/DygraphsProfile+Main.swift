extension DygraphsProfile {
    /// A pointer's place in canvas px (`dragGetX_`/`dragGetY_`,
    /// dygraph-utils.js:233,244): the plot area sits `areaX` px right of the
    /// canvas's left edge and at its top (`area.y` 0).
    func canvasPoint(_ e: RawPointerEvent) -> (x: Double, y: Double) {
        (e.x + Self.areaX, e.y)
    }

    /// `toDataXCoord` (dygraph.js:660) at canvas px x, on the current range.
    func toDataX(_ x: Double) -> Double {
        let r = xRange
        return r.lower + (x - Self.areaX) / width * (r.upper - r.lower)
    }

    /// `toDomXCoord` (dygraph.js:616): data x to canvas px on the current range.
    func toDomX(_ x: Double) -> Double {
        let r = xRange
        return Self.areaX + (x - r.lower) / (r.upper - r.lower) * width
    }

    /// The mousedown handler (dygraph-interaction-model.js:643): the press's
    /// place is the drag's start and clears `cancelNextDblclick`
    /// (`initializeMouseDown`, dygraph.js:1173-1187); shift starts a pan, else a zoom.
    mutating func press(_ e: RawPointerEvent) {
        clicks.press(e)
        switch gesture {
        case .idle:
            break
        case .zooming, .panning, .selector, .elsewhere:
            // One mouse: a second press while one is down is not a new gesture.
            return
        }
        switch e.area {
        case .main:
            let p = canvasPoint(e)
            context.dragStartX = p.x
            context.dragStartY = p.y
            context.cancelNextDblclick = false
            gesture = e.shift ? .panning(pointer: e.id, startPan()) : .zooming(pointer: e.id)
        case .overview:
            gesture = .selector(pointer: e.id, pressSelector(x: e.x + Self.areaX, y: e.y))
        case .xAxis:
            gesture = .elsewhere(pointer: e.id)
        }
    }

    /// `startPan` (dygraph-interaction-model.js:69): the range at the press,
    /// `dateRange / (area.w - 1)` per px, and `boundedDates` from
    /// `panEdgeFraction` (lines 83-92): the data's ends on the canvas, moved
    /// out by `width_ * panEdgeFraction` px, as data.
    func startPan() -> Pan {
        let r = xRange
        let dateRange = r.upper - r.lower
        let margin = chartWidth * Self.panEdgeFraction
        let left = toDataX(toDomX(extent.lower) - margin)
        let right = toDataX(toDomX(extent.upper) + margin)
        return Pan(initialLeftmostDate: r.lower, dateRange: dateRange, xUnitsPerPixel: dateRange / (width - 1),
                   bounded: Window(left, right))
    }

    /// The document's mousemove while the button is down (dygraph-interaction-model.js:658).
    mutating func move(_ e: RawPointerEvent) {
        switch gesture {
        case .idle, .elsewhere:
            return
        case let .selector(pointer, drag):
            guard pointer == e.id else { return }
            gesture = .selector(pointer: pointer, moveSelector(drag, x: e.x + Self.areaX, y: e.y))
        case let .zooming(pointer):
            guard pointer == e.id else { return }
            let p = canvasPoint(e)
            if distanceFromChart(p) < Self.dragEdgeMargin {
                // moveZoom (line 271): the direction is vertical when x moved
                // less than half as far as y (line 280).
                context.dragEndX = p.x
                context.dragEndY = p.y
                let xDelta = abs(context.dragStartX - p.x), yDelta = abs(context.dragStartY - p.y)
                context.horizontal = !(xDelta < yDelta / 2)
            } else {
                context.dragEndX = nil
                context.dragEndY = nil
            }
        case let .panning(pointer, pan):
            guard pointer == e.id else { return }
            movePan(pan, to: canvasPoint(e))
        }
    }

    /// `movePan` (dygraph-interaction-model.js:159): the start's range moved
    /// by the drag, kept inside `boundedDates` left first, then right.
    mutating func movePan(_ pan: Pan, to p: (x: Double, y: Double)) {
        context.dragEndX = p.x
        context.dragEndY = p.y
        var minDate = pan.initialLeftmostDate - (p.x - context.dragStartX) * pan.xUnitsPerPixel
        minDate = max(minDate, pan.bounded.lower)
        var maxDate = minDate + pan.dateRange
        if maxDate > pan.bounded.upper {
            minDate -= maxDate - pan.bounded.upper
            maxDate = minDate + pan.dateRange
        }
        dateWindow = Window(minDate, maxDate)
        placeHandles()
        phase = .drag
    }

    /// `distanceFromChart` (dygraph-interaction-model.js:613): how far (px)
    /// a canvas point is outside the canvas, the larger of x and y.
    func distanceFromChart(_ p: (x: Double, y: Double)) -> Double {
        func outside(_ v: Double, _ lo: Double, _ hi: Double) -> Double { v < lo ? lo - v : (v > hi ? v - hi : 0) }
        return max(outside(p.x, 0, chartWidth), outside(p.y, 0, height + Self.bottomSpace))
    }

    /// The document's mouseup (dygraph-interaction-model.js:675), then the
    /// dblclick a second click sends.
    mutating func release(_ e: RawPointerEvent) {
        let count = clicks.release(e)
        switch gesture {
        case .idle:
            return
        case let .elsewhere(pointer), let .selector(pointer, _):
            // onZoomEnd / onPanEnd (range-selector.js:328-341, 418-429) change nothing.
            guard pointer == e.id else { return }
        case let .zooming(pointer):
            guard pointer == e.id else { return }
            if context.dragEndX != nil { endZoom(at: canvasPoint(e)) } else { treatAsClick(at: canvasPoint(e)) }
        case let .panning(pointer, _):
            guard pointer == e.id else { return }
            // endPan is maybeTreatMouseOpAsClick (line 236).
            treatAsClick(at: canvasPoint(e))
        }
        gesture = .idle
        if count == 2, e.area == .main, e.x >= 0, e.x < width, e.y >= 0, e.y < height { doubleClick(shift: e.shift) }
    }

    /// `maybeTreatMouseOpAsClick` (dygraph-interaction-model.js:40): only
    /// the drag's end is kept (a click calls callbacks, not the range).
    mutating func treatAsClick(at p: (x: Double, y: Double)) {
        context.dragEndX = p.x
        context.dragEndY = p.y
    }

    /// `endZoom` (dygraph-interaction-model.js:378): a box at least 10 px
    /// wide whose last move was horizontal zooms x to it, clipped to the
    /// plot area (`doZoomX_`, dygraph.js:1312; one animation step, so the
    /// new window exactly, dygraph.js:1382,1451-1464); as tall and vertical, y (x
    /// stays). Either eats the next dblclick.
    mutating func endZoom(at p: (x: Double, y: Double)) {
        treatAsClick(at: p)
        let regionWidth = abs(p.x - context.dragStartX)
        let regionHeight = abs(p.y - context.dragStartY)
        switch context.horizontal {
        case true? where regionWidth >= Self.minZoomBox:
            let left = max(min(context.dragStartX, p.x), Self.areaX)
            let right = min(max(context.dragStartX, p.x), Self.areaX + width)
            if left < right {
                dateWindow = Window(toDataX(left), toDataX(right))
                placeHandles()
                phase = .zoom
            }
            context.cancelNextDblclick = true
        case false? where regionHeight >= Self.minZoomBox:
            placeHandles()
            context.cancelNextDblclick = true
        case true?, false?, nil:
            break
        }
    }

    /// The dblclick handler (dygraph-interaction-model.js:707): eaten after
    /// a zoom, ignored with shift, else `resetZoom` (dygraph.js:1391): with
    /// `animatedZooms` off the date window is dropped and the data shown.
    mutating func doubleClick(shift: Bool) {
        if context.cancelNextDblclick {
            context.cancelNextDblclick = false
            return
        }
        guard !shift else { return }
        if dateWindow != nil {
            dateWindow = nil
            placeHandles()
            phase = .zoom
        }
    }
}
