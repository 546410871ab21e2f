/// zrender's mouse events on the SPEC 4.11 page (zrender/src/dom/HandlerProxy.ts,
/// the version ECharts 6.1.0 bundles) and the RoamController's drag they
/// drive (component/helper/RoamController.ts).
extension EChartsProfile {
    /// The conformance page's chart element around the grid (px;
    /// Tests/Conformance/echarts/library.py): the grid sits 70 px from its
    /// left and 20 from its top, 40 px from its right; below the grid 50 px
    /// to the slider, the slider, 30 px.
    static let elementLeft = 70.0, elementTop = 20.0, elementRight = 40.0
    static let sliderGap = 50.0, elementBottom = 30.0

    /// Whether a point (grid px) is over the chart's element, where its
    /// local listeners hear the mouse (right and bottom edges out).
    func overElement(_ x: Double, _ y: Double) -> Bool {
        x >= -Self.elementLeft && x < chart.mainWidth + Self.elementRight
            && y >= -Self.elementTop && y < height + Self.sliderGap + sliderHeight + Self.elementBottom
    }

    /// A mousemove where the mouse moved (none where it already is). zrender
    /// hears it over the element, or anywhere while capturing; over the
    /// element, a move away from the press starts capturing
    /// (HandlerProxy.ts `mousemove`, `__togglePointerCapture`, 614-627).
    /// Heard while dragging, it pans (`_mousemoveHandler`, RoamController.ts:308-349).
    mutating func mouseMove(_ e: RawPointerEvent, at now: Double) {
        if let m = mouse, m.x == e.x, m.y == e.y { return }
        mouse = (e.x, e.y)
        let local = overElement(e.x, e.y)
        if local, let down = capture.mayCapture, down != [e.x, e.y] {
            capture = Capture(mayCapture: nil, capturing: true)
        }
        guard local || capture.capturing, roam.dragging else { return }
        let oldX = roam.x
        roam.x = e.x
        roam.y = e.y
        dispatchIfChanged(panned(oldX: oldX, newX: e.x), at: now, phase: .drag)
    }

    /// A press: zrender keeps its place (`__mayPointerCapture`); on the grid
    /// it starts the RoamController's drag (`_mousedownHandler`,
    /// RoamController.ts:280-306; nothing on the grid is `draggable`).
    mutating func press(_ e: RawPointerEvent) {
        guard overElement(e.x, e.y) else { return }
        capture.mayCapture = [e.x, e.y]
        if e.area == .main, inGrid(e.x, e.y) {
            roam = Roam(dragging: true, x: e.x, y: e.y)
        }
    }

    /// A release zrender hears (over the element, or while capturing) ends
    /// capturing and the drag (RoamController.ts:351-364); one it does not
    /// hear leaves the drag on, and the next move it hears pans.
    mutating func release(_ e: RawPointerEvent) {
        guard overElement(e.x, e.y) || capture.capturing else { return }
        capture = Capture()
        roam.dragging = false
    }
}
