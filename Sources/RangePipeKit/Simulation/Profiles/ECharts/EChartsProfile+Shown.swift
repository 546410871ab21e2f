/// What zrender hit-tests the slider against: its display list as last
/// drawn (zrender/src/Handler.ts `findHover` reads `storage.getDisplayList()`
/// without updating it; the canvas painter updates it, and each element's
/// transform, in the next animation frame after a change, ZRender.ts
/// `refresh`/`_flush`). The handles' hit boxes are cached by zrender
/// (Path.ts:337-386) and made again only when a test finds a handle moved
/// or restyled. Frames come every 16 ms of script time (`ScriptClock`).
extension EChartsProfile {
    /// A handle as zrender's display list holds it.
    struct ShownHandle: Sendable, Equatable {
        /// Where it was last drawn (its `handleEnds` entry then).
        var end: Double
        /// The scale its cached box was made at (1: at the slider's build).
        var lineScale = 1.0
        /// Moved since it was drawn (`__dirty`): a test makes its box again.
        var dirty = false
        /// Its box was cleared by a restyle (`_rect` null): a test makes it again.
        var stale = false
        /// Its hover style changes at the next frame (it was hovered or left).
        var restyle = false
    }

    /// The slider's parts as zrender's display list holds them.
    struct Shown: Sendable, Equatable {
        var handles: [ShownHandle]
        /// The move zone's ends (its shape is read when tested).
        var zone: [Double]
        /// Which build of the slider the list holds; a build made since the
        /// last frame (`pending`) replaces it at the next one.
        var build = 0
        var pending = false
        /// The last frame that ran (ms).
        var lastFrame = 0.0
        /// zrender's `_hovered`: the part a heard move last found, of which
        /// build, and where.
        var hovered: (part: SliderPart?, build: Int, x: Double, y: Double)?

        init(ends: [Double]) {
            handles = ends.map { ShownHandle(end: $0) }
            zone = ends
        }

        static func == (a: Shown, b: Shown) -> Bool {
            a.handles == b.handles && a.zone == b.zone && a.build == b.build && a.pending == b.pending
                && a.lastFrame == b.lastFrame && a.hovered?.part == b.hovered?.part && a.hovered?.build == b.hovered?.build
                && a.hovered?.x == b.hovered?.x && a.hovered?.y == b.hovered?.y
        }
    }

    /// Runs the animation frame due by `now`, if one is: the list takes the
    /// slider as it is (a new build, or the handles where they are now), and
    /// hover styles change.
    mutating func runFrames(until now: Double) {
        let frame = ScriptClock.frame(atOrBefore: now)
        guard frame > shown.lastFrame else { return }
        shown.lastFrame = frame
        if shown.pending {
            shown.handles = slider.handleEnds.map { ShownHandle(end: $0) }
            shown.build += 1
            shown.pending = false
        } else {
            for i in 0..<2 {
                if shown.handles[i].dirty {
                    shown.handles[i].end = slider.handleEnds[i]
                    shown.handles[i].dirty = false
                }
                if shown.handles[i].restyle {
                    shown.handles[i].stale = true
                    shown.handles[i].restyle = false
                }
            }
        }
        shown.zone = slider.handleEnds
    }

    /// `_updateView` (SliderZoomView.ts:760-810) on the slider the list
    /// holds: the handles move at the next frame, the move zone's shape now.
    mutating func viewUpdated() {
        guard !shown.pending else { return }
        for i in 0..<2 { shown.handles[i].dirty = true }
        shown.zone = slider.handleEnds
    }

    /// zrender's hover on a move it hears (Handler.ts `mousemove`): a
    /// hovered part removed by a build is found again at its place first;
    /// then what is under the pointer on the canvas (nothing off it); a
    /// handle hovered or left changes style at the next frame (ECharts'
    /// hover emphasis, `enableHoverEmphasis`).
    mutating func hover(_ x: Double, _ y: Double, onCanvas: Bool) {
        if let h = shown.hovered, h.part != nil, h.build != shown.build { _ = findHover(h.x, h.y) }
        let part = onCanvas ? findHover(x, y) : nil
        let last = shown.hovered
        shown.hovered = (part, shown.build, x, y)
        guard last?.part != part || last?.build != shown.build else { return }
        if let l = last, case .handle(let i)? = l.part, l.build == shown.build { shown.handles[i].restyle = true }
        if case .handle(let i)? = part { shown.handles[i].restyle = true }
    }
}
