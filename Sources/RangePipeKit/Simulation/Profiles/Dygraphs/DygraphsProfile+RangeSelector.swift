/// dygraphs 2.2.1's range selector (src/plugins/range-selector.js) on the
/// `overview` area: its two zoom handles, 9 × 16 px images, dragged one at
/// a time, and a pan of both from between them. Its window is read back
/// from the handles' CSS `left` strings, which Chromium keeps to six
/// significant digits. Overview px: the range selector's canvas
/// (`canvasRect_`: the plot area's x and width, 40 px high) starts at 0.
extension DygraphsProfile {
    /// The handle image's size (`createZoomHandles_`, range-selector.js:228-229).
    static let handleWidth = 9.0, handleHeight = 16.0
    /// `rangeSelectorHeight` (dygraph-default-attrs.js; range-selector.js:189).
    static let selectorHeight = InteractionProfile.dygraphsSelectorHeight
    /// The handles' top in the canvas (`placeZoomHandles_`, line 733).
    static var handleTop: Double { max(0, (selectorHeight - handleHeight) / 2) }
    /// Chromium's drag threshold: an image's `dragstart` comes once the
    /// pointer is this far (px, in x or in y) from the press (seen in
    /// Chromium 156: a move of 4 px in x or in y, not 3).
    static let dragThreshold = 4.0
    /// Moves under this (px in x) since the last one used are ignored (lines 301, 391).
    static let minMove = 4.0

    /// A drag the range selector is in.
    enum SelectorDrag: Sendable, Equatable {
        /// Pressed on a handle (0 left, 1 right): its image's drag starts
        /// past the threshold (graph-div px of the press).
        case pressed(handle: Int, x: Double, y: Double)
        /// `onZoom` on a handle: `clientXLast` (graph-div px).
        case zooming(handle: Int, lastX: Double)
        /// `onPan`: `clientXLast`.
        case panning(lastX: Double)
        /// A press that started nothing.
        case none
    }

    /// `placeZoomHandles_` (range-selector.js:725-744): the handles where
    /// the x range puts them on the canvas, as CSS strings; run after every
    /// chart draw the range selector did not cause (`renderInteractiveLayer_`, 132-138).
    mutating func placeHandles() {
        let ext = extent, win = xRange
        let span = ext.upper - ext.lower
        let leftPercent = max(0, (win.lower - ext.lower) / span)
        let rightPercent = max(0, (ext.upper - win.upper) / span)
        let leftCoord = Self.areaX + width * leftPercent
        let rightCoord = Self.areaX + width * (1 - rightPercent)
        handleLefts = [JavaScriptNumber.cssLength(leftCoord - Self.handleWidth / 2), JavaScriptNumber.cssLength(rightCoord - Self.handleWidth / 2)]
    }

    /// `getZoomHandleStatus_` (lines 791-800): the handles' centres from
    /// their strings, and whether they are in from the canvas's ends.
    var handleStatus: (left: Double, right: Double, isZoomed: Bool) {
        let half = Self.handleWidth / 2
        let l = handleLefts[0] + half, r = handleLefts[1] + half
        return (l, r, l - 1 > Self.areaX || r + 1 < Self.areaX + width)
    }

    /// `toXDataWindow` (lines 272-278): the centres as data on the canvas.
    func dataWindow(left: Double, right: Double) -> Window {
        let ext = extent
        let fact = (ext.upper - ext.lower) / width
        return Window(ext.lower + (left - Self.areaX) * fact, ext.lower + (right - Self.areaX) * fact)
    }

    /// A handle image's left in layout: a CSS px length becomes a fixed
    /// point of 1/64 px, cut toward zero from a float (Blink's `LayoutUnit`).
    static func layoutLeft(_ v: Double) -> Double {
        (Double(Float(v) * 64)).rounded(.towardZero) / 64
    }

    /// Where Chromium hit-tests a handle's image: its layout box snapped to
    /// whole px (the left edge rounded, halves up; seen in Chromium 156: a
    /// press 0.22 px left of an image's layout box hits it).
    static func hitLeft(_ v: Double) -> Double {
        (layoutLeft(v) + 0.5).rounded(.down)
    }

    /// A press on the overview (graph-div px x, canvas px y): a handle's
    /// image (the right one over the left, both over the canvas), or the
    /// canvas between the handles' centres while zoomed (`onPanStart`,
    /// lines 368-381, `isMouseInPanZone` 360-366: the images' layout boxes).
    mutating func pressSelector(x: Double, y: Double) -> SelectorDrag {
        let top = Self.handleTop
        for side in [1, 0] {
            let left = Self.hitLeft(handleLefts[side])
            if x >= left, x < left + Self.handleWidth, y >= top, y < top + Self.handleHeight {
                return .pressed(handle: side, x: x, y: y)
            }
        }
        let onCanvas = x >= Self.areaX && x < Self.areaX + width && y >= 0 && y < Self.selectorHeight
        let lo = Self.layoutLeft(handleLefts[0]) + Self.handleWidth / 2, hi = Self.layoutLeft(handleLefts[1]) + Self.handleWidth / 2
        if onCanvas, x > lo, x < hi, handleStatus.isZoomed { return .panning(lastX: x) }
        return .none
    }

    /// The document's mousemove during a range-selector drag.
    mutating func moveSelector(_ drag: SelectorDrag, x: Double, y: Double) -> SelectorDrag {
        switch drag {
        case .none:
            return drag
        case let .pressed(handle, x0, y0):
            // The move past the threshold makes the `dragstart` (with the
            // press's x, `onZoomStart` lines 280-293); that move is not heard.
            if max(abs(x - x0), abs(y - y0)) >= Self.dragThreshold { return .zooming(handle: handle, lastX: x0) }
            return drag
        case let .zooming(handle, lastX):
            let delX = x - lastX
            guard abs(delX) >= Self.minMove else { return drag }
            zoomHandle(handle, by: delX)
            return .zooming(handle: handle, lastX: x)
        case let .panning(lastX):
            let delX = x - lastX
            guard abs(delX) >= Self.minMove else { return drag }
            panHandles(by: delX)
            return .panning(lastX: x)
        }
    }

    /// `onZoom` (lines 295-326): the handle moves by delX, kept 3 px past
    /// the other's width from it and on the canvas; then `doZoom`
    /// (343-357): the data again when the handles are at the ends, else
    /// the window between them (`doZoomXDates_`).
    mutating func zoomHandle(_ handle: Int, by delX: Double) {
        let status = handleStatus
        var newPos: Double
        if handle == 0 {
            newPos = min(status.left + delX, status.right - Self.handleWidth - 3)
            newPos = max(newPos, Self.areaX)
        } else {
            newPos = min(status.right + delX, Self.areaX + width)
            newPos = max(newPos, status.left + Self.handleWidth + 3)
        }
        handleLefts[handle] = JavaScriptNumber.cssLength(newPos - Self.handleWidth / 2)
        let now = handleStatus
        if !now.isZoomed {
            dateWindow = nil  // resetZoom (dygraph.js:1391), a no-op when not zoomed
        } else {
            dateWindow = dataWindow(left: now.left, right: now.right)
        }
        phase = .zoom
    }

    /// `onPan` (lines 383-416): both handles move by delX, the span kept,
    /// stopped at the canvas's ends; then `doPan` (431-440) sets the window
    /// between them.
    mutating func panHandles(by delX: Double) {
        let status = handleStatus
        var left = status.left, right = status.right
        let size = right - left
        if left + delX <= Self.areaX {
            left = Self.areaX
            right = left + size
        } else if right + delX >= Self.areaX + width {
            right = Self.areaX + width
            left = right - size
        } else {
            left += delX
            right += delX
        }
        handleLefts = [JavaScriptNumber.cssLength(left - Self.handleWidth / 2), JavaScriptNumber.cssLength(right - Self.handleWidth / 2)]
        let now = handleStatus
        dateWindow = dataWindow(left: now.left, right: now.right)
        phase = .drag
    }
}
