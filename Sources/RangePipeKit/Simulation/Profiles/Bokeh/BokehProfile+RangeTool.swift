extension BokehProfile {
    /// The overview's RangeTool overlay: a `BoxAnnotation` (models/annotations/
    /// box_annotation.ts) with `editable`, `movable = "x"`, `resizable = "x"`,
    /// `line_width = 0.5`, no handles, limits = the overview frame, and
    /// `min_width`/`max_width` = the main range's min/max interval
    /// (models/tools/gestures/range_tool.ts `update_constraints`). Its
    /// left/right are data units; hit tests use the bbox of the last paint.
    struct RangeTool: Sendable {
        /// `EDGE_TOLERANCE`: an edge is hit closer than max(2.5, line_width / 2) px.
        static let edgeTolerance = 2.5
        /// `line_width`: the overlay is offered presses within line_width + 2.5 px.
        static let lineWidth = 0.5

        /// What a press grabbed (`_hit_test`).
        enum Target: Sendable, Equatable {
            case left, right, area
        }

        /// A bbox's x extent in canvas px.
        struct Span: Sendable, Equatable {
            var left: Double
            var right: Double
        }

        /// What the overlay is doing.
        enum State: Sendable, Equatable {
            case idle
            /// `_pan_state`: the grabbed target and the bbox at the pan's start.
            case drag(Target, Span)
            /// `_pinch_state`: the bbox at the pinch's start.
            case pinch(Span)
        }

        /// The overlay's `left`/`right` (data units).
        private(set) var left: Double
        private(set) var right: Double
        private(set) var state = State.idle
        /// The overview's scale (its x range is the data extent) and frame edges (canvas px).
        let scale: Scale
        let frameLeft: Double
        let frameRight: Double
        /// The overview frame's height (px), when known: presses outside it vertically miss.
        let frameHeight: Double?
        let minWidth: Double
        let maxWidth: Double
        /// The overlay changed since the flag was last cleared (the overview asks for a paint).
        var changed = false

        init(left: Double, right: Double, scale: Scale, frameLeft: Double, frameRight: Double, frameHeight: Double?,
             minWidth: Double, maxWidth: Double) {
            self.left = left
            self.right = right
            self.scale = scale
            self.frameLeft = frameLeft
            self.frameRight = frameRight
            self.frameHeight = frameHeight
            self.minWidth = minWidth
            self.maxWidth = maxWidth
        }

        /// `overlay.update({left, right})` (a change only when a value differs).
        mutating func set(left l: Double, right r: Double) {
            if !(l == left || (l.isNaN && left.isNaN)) || !(r == right || (r.isNaN && right.isNaN)) { changed = true }
            left = l
            right = r
        }

        /// The overlay's bbox for `[left, right]` in data units: `compute` of each, sorted.
        func bbox(_ painted: (left: Double, right: Double)) -> Span {
            let a = scale.compute(painted.left), b = scale.compute(painted.right)
            return Span(left: JS.min(a, b), right: JS.max(a, b))
        }

        /// The target a press at canvas x `sx` and area y `y` grabs against
        /// the painted bbox: `interactive_hit` (the bbox grown by 3 px on every
        /// side) then `_hit_test` (edges strictly within 2.5 px and nearer
        /// than the other edge, any y; else inside the bbox and the frame).
        func target(sx: Double, y: Double, bbox b: Span) -> Target? {
            let grow = Self.lineWidth + Self.edgeTolerance
            guard b.left - grow <= sx, sx <= b.right + grow else { return nil }
            if let h = frameHeight, !(-grow <= y && y <= h + grow) { return nil }
            let tolerance = Swift.max(Self.edgeTolerance, Self.lineWidth / 2)
            let dl = abs(b.left - sx), dr = abs(b.right - sx)
            if dl < tolerance && dl < dr { return .left }
            if dr < tolerance && dr < dl { return .right }
            let inY = frameHeight.map { 0 <= y && y <= $0 } ?? true
            if b.left <= sx && sx <= b.right && inY { return .area }
            return nil
        }

        /// `on_pan_start`: true when the press grabbed the overlay.
        mutating func panStart(sx: Double, y: Double, painted: (left: Double, right: Double)) -> Bool {
            let b = bbox(painted)
            guard let t = target(sx: sx, y: y, bbox: b) else { return false }
            state = .drag(t, b)
            return true
        }

        /// `on_pan` with the pointer's movement `dx` since its down: the new
        /// overlay [left, right] in data units, or nil when no drag is on.
        mutating func pan(dx: Double) -> (Double, Double)? {
            switch state {
            case .idle, .pinch:
                return nil
            case let .drag(target, b):
                let (dl, dr): (Double, Double)
                switch target {
                case .left: (dl, dr) = (dx, 0)
                case .right: (dl, dr) = (0, dx)
                case .area: (dl, dr) = (dx, dx)
                }
                var l = b.left + dl, r = b.right + dr
                var ls = Self.sign(dl), rs = Self.sign(dr)
                // Edges may cross: the two ends swap roles.
                if !(l <= r) {
                    swap(&l, &r)
                    swap(&ls, &rs)
                }
                // Stop at the overview frame: the larger overshoot, moved back
                // along each end's own direction of motion.
                let overLeft = l - frameLeft, overRight = frameRight - r
                let d = Self.arrayMin(overLeft < 0 ? overLeft : .nan, overRight < 0 ? overRight : .nan)
                if d.isFinite && d < 0 {
                    l += -ls * (-d)
                    r += -rs * (-d)
                }
                var ns = scale.invert(JS.min(l, r)), ne = scale.invert(JS.max(l, r))
                // Width limits, for an edge drag only.
                if 0 < minWidth || maxWidth < .infinity {
                    if dl != 0 && dr == 0 {
                        ns = JS.clamp(ns, ne - maxWidth, ne - minWidth)
                    } else if dl == 0 && dr != 0 {
                        ne = JS.clamp(ne, ns + minWidth, ns + maxWidth)
                    }
                }
                set(left: ns, right: ne)
                return (ns, ne)
            }
        }

        /// `on_pan_end`: nothing moves.
        mutating func panEnd() {
            switch state {
            case .idle, .drag, .pinch: state = .idle
            }
        }

        /// `on_pinch_start` at the midpoint of the two downs: inside the painted bbox and frame.
        mutating func pinchStart(sx: Double, y: Double, painted: (left: Double, right: Double)) -> Bool {
            let b = bbox(painted)
            let grow = Self.lineWidth + Self.edgeTolerance
            guard b.left - grow <= sx, sx <= b.right + grow else { return false }
            if let h = frameHeight, !(-grow <= y && y <= h + grow) { return false }
            let inY = frameHeight.map { 0 <= y && y <= $0 } ?? true
            guard b.left <= sx, sx <= b.right, inY else { return false }
            state = .pinch(b)
            return true
        }

        /// `on_pinch`: the start bbox grown by width·(scale − 1)/2 on each
        /// side (no limits); the new [left, right] in data units.
        mutating func pinch(scale s: Double) -> (Double, Double)? {
            switch state {
            case .idle, .drag:
                return nil
            case let .pinch(b):
                let dw = (b.right - b.left) * (s - 1)
                let l = b.left + -dw / 2, r = b.right + dw / 2
                let ns = scale.invert(JS.min(l, r)), ne = scale.invert(JS.max(l, r))
                set(left: ns, right: ne)
                return (ns, ne)
            }
        }

        static func sign(_ v: Double) -> Double { v < 0 ? -1 : (v > 0 ? 1 : 0) }

        /// core/util/arrayable.ts `min` of two: NaN never wins; both NaN → +∞.
        static func arrayMin(_ a: Double, _ b: Double) -> Double {
            var m = Double.infinity
            if a < m { m = a }
            if b < m { m = b }
            return m
        }
    }
}
