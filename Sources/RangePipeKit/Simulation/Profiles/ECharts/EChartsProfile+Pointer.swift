/// zrender's mouse events on the SPEC 4.11 page (zrender/src/dom/HandlerProxy.ts,
/// the version ECharts 6.1.0 bundles) and the RoamController's drag they
/// drive (component/helper/RoamController.ts).
extension EChartsProfile {
    /// The page's chart element around the grid (`InteractionProfile.echartsMargins`):
    /// the grid sits 70 px from its left and 20 from its top; the slider 50
    /// px below the grid.
    static let elementLeft = InteractionProfile.echartsMargins.left, elementTop = InteractionProfile.echartsMargins.top
    static let sliderGap = InteractionProfile.echartsMargins.overviewGap

    /// This chart's element.
    var element: (width: Double, height: Double) {
        InteractionProfile.echartsElement(main: ChartSize(width: chart.mainWidth, height: height),
                                          slider: ChartSize(width: chart.overviewWidth, height: sliderHeight))
    }

    /// Whether a point (grid px) is over the chart's element, where its
    /// local listeners hear the mouse (right and bottom edges out).
    func overElement(_ x: Double, _ y: Double) -> Bool {
        let cx = x + Self.elementLeft, cy = y + Self.elementTop, size = element
        return cx >= 0 && cx < size.width && cy >= 0 && cy < size.height
    }

    /// Whether a canvas point is on the chart's canvas (zrender's Handler.ts
    /// `isOutsideBoundary`: edges in).
    func onCanvas(_ x: Double, _ y: Double) -> Bool {
        let size = element
        return x >= 0 && x <= size.width && y >= 0 && y <= size.height
    }

    /// A mousemove where the mouse moved (none where it already is). zrender
    /// hears it over the element, or anywhere while capturing; over the
    /// element, a move away from the press starts capturing
    /// (HandlerProxy.ts `mousemove`, `__togglePointerCapture`, 614-627).
    /// Heard, it goes to zrender's `mousemove` listeners in the order they
    /// were added: the Draggable drifts what a press took hold of
    /// (Draggable.ts `_drag`), the slider's brush follows
    /// (SliderZoomView.ts:1048-1087), and the RoamController pans while
    /// dragging (RoamController.ts:308-349).
    mutating func mouseMove(_ p: (x: Double, y: Double), at now: Double, pinch: Bool = false) {
        if let m = mouse, m.x == p.x, m.y == p.y { return }
        mouse = p
        let local = overElement(p.x, p.y)
        if local, let down = capture.mayCapture, down != [p.x, p.y] {
            capture = Capture(mayCapture: nil, capturing: true)
        }
        guard local || capture.capturing else { return }
        let canvasX = p.x + Self.elementLeft, canvasY = p.y + Self.elementTop
        hover(canvasX, canvasY, onCanvas: onCanvas(canvasX, canvasY))
        if let held = dragging {
            dragging = (held.handle, held.build, canvasX)
            drift(held.handle, dx: canvasX - held.x, at: now)
            // The Draggable looks for a drop target under it, itself left out.
            let index: Int? = switch held.handle {
            case .start: 0
            case .end: 1
            case .all: nil
            }
            _ = findHover(canvasX, canvasY, exclude: held.build == shown.build ? index : nil)
        }
        if slider.brushing {
            slider.brush(to: canvasX - sliderOrigin.x, width: chart.overviewWidth)
        }
        guard roam.dragging, !pinch else { return }
        let oldX = roam.x
        roam.x = p.x
        roam.y = p.y
        dispatchIfChanged(panned(oldX: oldX, newX: p.x), at: now, phase: .drag)
    }

    /// A press over the element: zrender keeps its place
    /// (`__mayPointerCapture`) and the slider part under it (`_downEl`,
    /// Handler.ts:439-476). A handle or the move zone is taken hold of (a
    /// press on anything else leaves an earlier hold, Draggable.ts
    /// `_dragStart`); the click panel starts a brush
    /// (SliderZoomView.ts:345-346, 987-996); on the grid the RoamController
    /// starts its drag (RoamController.ts:280-306; it ignores a press on
    /// something draggable, and nothing on the grid is).
    mutating func press(_ p: (x: Double, y: Double), at now: Double) {
        pressedOnElement = overElement(p.x, p.y)
        guard pressedOnElement else { return }
        capture.mayCapture = [p.x, p.y]
        let cx = p.x + Self.elementLeft, cy = p.y + Self.elementTop
        let part = findHover(cx, cy)
        down = (part, shown.build, cx, cy)
        switch part {
        case .handle(let i):
            dragging = (i == 0 ? .start : .end, shown.build, cx)
        case .moveZone:
            dragging = (.all, shown.build, cx)
        case .panel:
            slider.brushing = true
            slider.brushStart = (cx - sliderOrigin.x, now)
        case nil:
            if inGrid(p.x, p.y) {
                roam = Roam(dragging: true, x: p.x, y: p.y)
            }
        }
    }

    /// A release zrender hears (over the element, or while capturing) ends
    /// capturing, the Draggable's hold (`_dragEnd`; the slider dispatches
    /// nothing then: `realtime`, SliderZoomView.ts:955-967), a brush
    /// (`_onBrushEnd`) and the RoamController's drag (RoamController.ts:351-364);
    /// then the browser's `click` reaches the click panel when the press and
    /// the release were on it, at most 4 px apart (Handler.ts:463-476). One
    /// zrender does not hear leaves all of them on; the next move it hears
    /// drifts, brushes or pans.
    mutating func release(_ p: (x: Double, y: Double), at now: Double) {
        guard overElement(p.x, p.y) || capture.capturing else { return }
        let cx = p.x + Self.elementLeft, cy = p.y + Self.elementTop
        let up = (part: onCanvas(cx, cy) ? findHover(cx, cy) : nil, build: shown.build)
        capture = Capture()
        dragging = nil
        if slider.brushing { brushEnd(at: now) }
        roam.dragging = false
        // The browser's click, where the press and the release were on the
        // element: zrender finds what is there, then dispatches it to that
        // when the press and the release found the same part, at most 4 px
        // apart.
        guard pressedOnElement, overElement(p.x, p.y) else { return }
        let target = findHover(cx, cy)
        guard let d = down else { return }
        let dx = cx - d.x, dy = cy - d.y
        guard d.part == up.part, d.build == up.build, (dx * dx + dy * dy).squareRoot() <= 4 else { return }
        down = nil
        if target == .panel { clickPanel(cx, cy, at: now) }
    }
}
