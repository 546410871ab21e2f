import Foundation

extension DygraphsProfile {
    /// The zoom handles' images are 9 × 16 px (plugins/range-selector.js:228-229),
    /// centred 12 px down the 40 px selector (line 733).
    static let handleWidth = 9.0
    static let handleTop = 12.0, handleHeight = 16.0
    /// Moves closer than this (px) to the last used one are ignored (lines 301, 391).
    static let selectorDeadZone = 4.0
    /// Chromium starts an image drag (`dragstart`) once the pointer is this
    /// many px from the press in x or in y (the browser's rule, not dygraphs').
    static let imageDragStart = 4.0

    /// What a press on the range selector is doing.
    enum SelectorPress: Sendable, Equatable {
        /// On a handle, before Chromium's `dragstart`: the press (graph px).
        case handlePressed(left: Bool, x: Double, y: Double)
        /// Dragging a handle (`onZoom`); `last` the last used x (`clientXLast`).
        case handle(left: Bool, last: Double)
        /// Dragging the window between the handles (`onPan`).
        case pan(last: Double)
        /// Anywhere else: nothing.
        case none
    }

    /// A number as Chromium writes a CSS length: 6 significant digits.
    static func cssLength(_ v: Double) -> Double {
        Double(String(format: "%.6g", v)) ?? v
    }

    /// `placeZoomHandles_` (plugins/range-selector.js:725-741): the handles'
    /// `style.left` from the window, as Chromium keeps it.
    mutating func placeHandles() {
        let e = extent, r = xRange, span = e.upper - e.lower
        let leftPercent = max(0, (r.lower - e.lower) / span)
        let rightPercent = max(0, (e.upper - r.upper) / span)
        handleLeft = Self.cssLength(Self.areaX + width * leftPercent - Self.handleWidth / 2)
        handleRight = Self.cssLength(Self.areaX + width * (1 - rightPercent) - Self.handleWidth / 2)
    }

    /// `getZoomHandleStatus_` (lines 791-800): the handles' centres read back
    /// from `style.left`, and whether they are off the selector's ends by more than 1 px.
    var handleStatus: (left: Double, right: Double, isZoomed: Bool) {
        let l = handleLeft + Self.handleWidth / 2, r = handleRight + Self.handleWidth / 2
        return (l, r, l - 1 > Self.areaX || r + 1 < Self.areaX + width)
    }

    /// `toXDataWindow` (lines 271-277): the handles' centres as data.
    func selectorWindow() -> Window {
        let s = handleStatus, e = extent
        let fact = (e.upper - e.lower) / width
        return Window(e.lower + (s.left - Self.areaX) * fact, e.lower + (s.right - Self.areaX) * fact)
    }

    /// Where a handle's image is laid out: `left` snapped down to 1/64 px.
    static func laidOut(_ left: Double) -> Double { (left * 64).rounded(.down) / 64 }

    /// A press on the selector (graph px): a handle (z-index 10, above the
    /// canvas) or the pan zone between the handles' centres while zoomed (`onPanStart`, lines 369-382).
    func selectorPress(x: Double, y: Double) -> SelectorPress {
        for (left, l) in [(false, handleRight), (true, handleLeft)] {
            let a = Self.laidOut(l)
            // Chromium hits a box when the pointer's pixel [x, x + 1) overlaps it.
            if x + 1 > a, x < a + Self.handleWidth, y + 1 > Self.handleTop, y < Self.handleTop + Self.handleHeight {
                return .handlePressed(left: left, x: x, y: y)
            }
        }
        let s = handleStatus
        let lc = Self.laidOut(handleLeft) + Self.handleWidth / 2, rc = Self.laidOut(handleRight) + Self.handleWidth / 2
        return x > lc && x < rc && s.isZoomed ? .pan(last: x) : .none
    }

    /// A move of the pointer pressed on the selector (graph px).
    mutating func moveSelector(_ press: SelectorPress, x: Double, y: Double) -> SelectorPress {
        switch press {
        case .none:
            return press
        case let .handlePressed(left, x0, y0):
            // Chromium's dragstart: this move starts it and is not seen; the press is the reference.
            return max(abs(x - x0), abs(y - y0)) >= Self.imageDragStart ? .handle(left: left, last: x0) : press
        case let .handle(left, last):
            // onZoom (lines 294-327).
            let delX = x - last
            guard abs(delX) >= Self.selectorDeadZone else { return press }
            let s = handleStatus
            if left {
                let p = max(min(s.left + delX, s.right - Self.handleWidth - 3), Self.areaX)
                handleLeft = Self.cssLength(p - Self.handleWidth / 2)
            } else {
                let p = max(min(s.right + delX, Self.areaX + width), s.left + Self.handleWidth + 3)
                handleRight = Self.cssLength(p - Self.handleWidth / 2)
            }
            // doZoom (lines 346-358): handles stay (isChangingRange_).
            if handleStatus.isZoomed {
                dateWindow = selectorWindow()
            } else if dateWindow != nil {
                dateWindow = nil
            }
            phase = .drag
            return .handle(left: left, last: x)
        case let .pan(last):
            // onPan (lines 384-421), doPan (lines 437-445).
            let delX = x - last
            guard abs(delX) >= Self.selectorDeadZone else { return press }
            let s = handleStatus
            var l = s.left, r = s.right
            let size = r - l
            if l + delX <= Self.areaX {
                l = Self.areaX
                r = l + size
            } else if r + delX >= Self.areaX + width {
                r = Self.areaX + width
                l = r - size
            } else {
                l += delX
                r += delX
            }
            handleLeft = Self.cssLength(l - Self.handleWidth / 2)
            handleRight = Self.cssLength(r - Self.handleWidth / 2)
            dateWindow = selectorWindow()
            phase = .drag
            return .pan(last: x)
        }
    }
}
