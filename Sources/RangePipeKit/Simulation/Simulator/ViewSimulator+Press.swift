/// A raw press on the overview (`"input": "pointer"`), hit-tested against
/// the selector shown when it starts, as a chart does on pointerdown.
extension ViewSimulator {
    /// How far (px, either side) from a handle's pixel edge a press grabs it.
    public static let handleZone = 22.0

    /// What a press at overview pixel x grabs, given the selector's pixels.
    enum PressTarget: Equatable {
        case handle(HandleSide)
        case selection
        /// Outside the selection and both handle zones: the selection jumps.
        case outside
    }

    /// The hit test: the nearest handle within `handleZone` (ties → `min`),
    /// else the selection when inside it, else outside.
    static func target(ofPressAt x: Double, selector: (min: Double, max: Double)) -> PressTarget {
        let toMin = abs(x - selector.min), toMax = abs(x - selector.max)
        if min(toMin, toMax) <= handleZone { return .handle(toMin <= toMax ? .min : .max) }
        return selector.min <= x && x <= selector.max ? .selection : .outside
    }

    /// Starts a press: a handle drag, a selection drag, or a jump that
    /// centres the selection under the pointer (span kept, bounds rule)
    /// followed by a selection drag.
    mutating func press(_ path: PointerPath, _ release: Release, at: Double, frameTime t: Double) -> Phase {
        let width = plan.script.overview.width
        let x = path.xs[0]
        switch Self.target(ofPressAt: x, selector: constraints.selectorPixels(window, overviewWidth: width)) {
        case let .handle(side):
            return begin(DragHandleGesture(side: side, path: path), at: at, frameTime: t)
        case .outside:
            let centre = constraints.value(atOverviewPixel: x, overviewWidth: width)
            let half = (window.upper - window.lower) / 2
            window = constraints.settle(Window(centre - half, centre + half), keepCentre: false)
            return begin(DragSelectionGesture(drag: HorizontalDrag(path: path, release: release)), at: at, frameTime: t)
        case .selection:
            return begin(DragSelectionGesture(drag: HorizontalDrag(path: path, release: release)), at: at, frameTime: t)
        }
    }
}
