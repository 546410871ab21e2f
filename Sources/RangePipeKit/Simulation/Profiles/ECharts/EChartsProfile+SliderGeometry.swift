/// Where ECharts 6.1.0 draws the slider dataZoom's parts and which one a
/// point hits (src/component/dataZoom/SliderZoomView.ts; zrender's hit test,
/// zrender/src/Handler.ts `findHover` and `isHover`), in the chart's canvas
/// px: the element's corner is (0, 0), the grid at (`elementLeft`,
/// `elementTop`).
extension EChartsProfile {
    /// A part of the slider a press can hit, topmost first.
    enum SliderPart: Sendable, Equatable {
        /// A handle (`handles[i]`, the end `handleEnds[i]`).
        case handle(Int)
        /// The move zone over the move-handle bar above the body.
        case moveZone
        /// The click panel: the body, where a press brushes.
        case panel
    }

    /// `DEFAULT_MOVE_HANDLE_SIZE` (SliderZoomView.ts:57), the default
    /// `moveHandleSize` (SliderZoomModel.ts:204): the bar above the body.
    static let moveHandleSize = 7.0
    /// The move-handle icon's half width at the slider's build: it is made
    /// `moveHandleSize · 0.8` px square about (0, 0) (SliderZoomView.ts:677-681)
    /// and placed only in `_updateView`, so the group's bounding box starts
    /// at its left, stored by zrender's PathProxy as a float32: −2.8 as a
    /// float32 is −2.7999999523162842 (the recorder reads it from the page).
    static let groupInsetX = Double(Float(moveHandleSize * 0.8 / 2))
    /// The handle icon's box in its own units: `handleIcon` (8 × 40 in its
    /// path) fitted to a 2 × 2 box keeping its aspect (SliderZoomView.ts:608-612),
    /// x ±0.2, y 0…2, as float32s (the recorder reads them from the page).
    static let handleIcon = (x: -0.20000001788139343, y: 0.0, width: 0.40000003576278687, height: 2.0)

    /// A handle's hit box (`rectHover`, SliderZoomView.ts:631: zrender's
    /// `Path.getBoundingRect`, zrender/src/graphic/Path.ts:337-386) in its own
    /// units: the icon widened by its 1 px stroke (`strokeNoScale`) divided by
    /// the handle's scale when the box was made: 1 at the slider's build
    /// (line 623, before the handle is placed: 0.7 × the slider's height
    /// wide), the handle's scale once zrender makes the box again (0.2 × +
    /// 1 px wide): zrender keeps a box until the handle is moved or
    /// restyled and then tested.
    static func handleBox(lineScale: Double) -> (x: Double, y: Double, width: Double, height: Double) {
        let w = 1 / lineScale, icon = handleIcon
        return (icon.x - w / 2, icon.y - w / 2, icon.width + w, icon.height + w)
    }

    /// The slider group's origin in canvas px (`_positionGroup`,
    /// SliderZoomView.ts:266-299): the box's corner (`_location`, the page's
    /// `left`/`top`) less the group's bounding box corner; the group is
    /// flipped in y (`scaleY` −1), so its box starts at the move-handle bar's
    /// far edge, `size[1] − 0.5 + moveHandleSize` (lines 668-676).
    var sliderOrigin: (x: Double, y: Double) {
        let left = Self.elementLeft, top = Self.elementTop + height + Self.sliderGap
        return (left - -Self.groupInsetX, top - -(sliderHeight - 0.5 + Self.moveHandleSize))
    }

    /// The slider part zrender's hit test finds at a canvas point (Handler.ts
    /// `findHover`): the handles first (z2 5, the second drawn over the first;
    /// `exclude` is the one a Draggable holds), then the move zone (added after
    /// the panel), then the click panel; the filler, frame, data shadow and
    /// labels are silent (SliderZoomView.ts:320-352, 555-720). It tests what
    /// zrender's display list holds (`shown`): a handle where it was last
    /// drawn, with the box it keeps, which a test can make again.
    mutating func findHover(_ x: Double, _ y: Double, exclude: Int? = nil) -> SliderPart? {
        for i in [1, 0] where i != exclude && handleContains(i, x, y) { return .handle(i) }
        let origin = sliderOrigin
        // The group's inverse transform (zrender core/matrix.ts `invert`) of
        // [1, 0, −0, −1, gx, gy]: x − gx, gy − y.
        let lx = x - origin.x, ly = origin.y - y
        let ends = shown.zone, size = (chart.overviewWidth, sliderHeight)
        // The move zone (lines 691-698, 788-799): the handles' span, from
        // `expand` px inside the body's top through the move-handle bar, in
        // float32 like every path zrender builds.
        let expand = min(size.1 / 2, max(Self.moveHandleSize, 10))
        let lo = Double(Float(min(ends[0], ends[1]))), width = Double(Float(abs(ends[1] - ends[0])))
        if lx >= lo, lx <= lo + width, ly >= size.1 - expand, ly <= size.1 + Self.moveHandleSize {
            return .moveZone
        }
        if lx >= 0, lx <= size.0, ly >= 0, ly <= size.1 { return .panel }
        return nil
    }

    /// Whether handle `i`'s box holds a canvas point (`rectHover`,
    /// SliderZoomView.ts:631): the handle as drawn, scaled by
    /// `handleHeight / 2` (`handleSize` 100 %: the slider's height) and placed
    /// at `handleEnds[i] ± 1` (lines 766-778); the point goes through the
    /// inverse of its transform, term by term as zrender computes it. A box
    /// cleared or a handle moved since it was drawn makes the box again first.
    mutating func handleContains(_ i: Int, _ x: Double, _ y: Double) -> Bool {
        let origin = sliderOrigin, s = sliderHeight / 2
        // A handle in the list has been drawn: its box is made again at its scale.
        if shown.handles[i].dirty || shown.handles[i].stale {
            shown.handles[i].lineScale = s
            shown.handles[i].stale = false
        }
        // The handle's transform: the group's [1, 0, −0, −1, gx, gy] times
        // its own [s, 0, 0, s, end ± 1, 0].
        let tx = (shown.handles[i].end + (i == 0 ? 1 : -1)) + origin.x, ty = origin.y
        let det = 1.0 / (s * -s)
        let lx = (-s * det) * x + (s * tx) * det
        let ly = (s * det) * y + (-(s * ty)) * det
        let box = Self.handleBox(lineScale: shown.handles[i].lineScale)
        return lx >= box.x && lx <= box.x + box.width && ly >= box.y && ly <= box.y + box.height
    }
}
