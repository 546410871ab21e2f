#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension BokehProfile {
    /// BokehJS's gesture recogniser, `UIGestures` (core/ui_gestures.ts),
    /// one per figure canvas: pointer downs, moves and ups in, pan / pinch /
    /// tap / double tap / press events out. Positions are px relative to
    /// the canvas area the pointer went down in (only differences and
    /// midpoints are used, and the canvas offset is added by the caller);
    /// times are ms.
    struct Gestures: Sendable {
        /// `move_threshold`: a pointer moved when (dx² + dy²) > 5².
        static let moveThreshold = 5.0
        /// `press_threshold`: the press timer (ms).
        static let pressThreshold = 300.0
        /// `doubletap_threshold`: two taps whose ups are less than this apart (ms).
        static let doubletapThreshold = 300.0

        enum Phase: Sendable, Equatable {
            case idle, started, pressing, panning, pinching, rotating, transitional
        }

        /// One pointer as `UIGestures` keeps it: where it went down (its
        /// reference, `init`) and where it was last seen.
        struct Pointer: Sendable, Equatable {
            let id: Int
            /// The area it went down in (its coordinates' origin).
            let area: RawPointerEvent.Area
            var x0: Double, y0: Double
            var x: Double, y: Double
            /// The time of its last event (ms): `last.timeStamp`.
            var t: Double

            var dx: Double { x - x0 }
            var dy: Double { y - y0 }
            /// `_within_threshold`.
            var withinThreshold: Bool { dx * dx + dy * dy <= Gestures.moveThreshold * Gestures.moveThreshold }
        }

        /// The press timer: none, armed until a time, or fired without
        /// clearing itself (its assertion failed: two pointers).
        enum Timer: Sendable, Equatable {
            case none, armed(Double), stale
        }

        /// What the recogniser emits (`on_pan_start`, … in ui_gestures.ts).
        enum Output: Sendable, Equatable {
            /// The first pointer (the pan starts at its down position).
            case panStart(Pointer)
            /// The event's position and the first pointer's movement since its down.
            case pan(x: Double, y: Double, dx: Double, dy: Double)
            case panEnd(x: Double, y: Double)
            /// Two pointers (first, second): their downs, then their current positions.
            case pinchStart(Pointer, Pointer)
            case pinch(Pointer, Pointer, scale: Double)
            case pinchEnd
            /// The first pointer, at its last position.
            case tap(Pointer)
            case doubleTap(Pointer)
            case press(Pointer)
            case pressUp(Pointer)
        }

        private(set) var phase = Phase.idle
        /// In the order they went down (a JavaScript Map's order).
        private(set) var pointers: [Pointer] = []
        private(set) var timer = Timer.none
        /// The last tap's up time (ms), −∞ after a double tap.
        private(set) var tapTimestamp = -Double.infinity
        private var lastScale: Double?
        private var lastRotation: Double?

        private var isMulti: Bool { pointers.count >= 2 }

        private func index(_ id: Int) -> Int? { pointers.firstIndex { $0.id == id } }

        /// `reset()`.
        private mutating func reset() {
            timer = .none
            phase = .idle
            pointers.removeAll()
            tapTimestamp = -.infinity
            lastScale = nil
            lastRotation = nil
        }

        private mutating func cancelTimeout() {
            switch timer {
            case .none: break
            case .armed, .stale: timer = .none
            }
        }

        /// The press timer, when it is due at or before `t` (a timer due at
        /// an event's time fires before the event).
        mutating func fireTimer(upTo t: Double) -> [Output] {
            switch timer {
            case .none, .stale:
                return []
            case let .armed(due):
                guard due <= t else { return [] }
                // `_pointer_timeout` asserts one pointer in `started`; a
                // failed assertion throws before anything changes.
                guard phase == .started, !isMulti, let p = pointers.first else {
                    timer = .stale
                    return []
                }
                phase = .pressing
                timer = .none
                return [.press(p)]
            }
        }

        /// `_pointer_down` (a left-button mouse or a touch).
        mutating func down(id: Int, area: RawPointerEvent.Area, x: Double, y: Double, t: Double) -> [Output] {
            guard !isMulti, index(id) == nil else { return [] }
            pointers.append(Pointer(id: id, area: area, x0: x, y0: y, x: x, y: y, t: t))
            switch phase {
            case .idle:
                phase = .started
                switch timer {
                case .none: timer = .armed(t + Self.pressThreshold)
                // `_start_timeout` asserts no timer: it throws, phase already `started`.
                case .armed, .stale: break
                }
            case .started:
                cancelTimeout()
            case .pressing, .panning, .pinching, .rotating, .transitional:
                break
            }
            return []
        }

        /// `_pointer_move`.
        mutating func move(id: Int, x: Double, y: Double, t: Double) -> [Output] {
            guard let k = index(id) else { return [] }
            pointers[k].x = x
            pointers[k].y = y
            pointers[k].t = t
            switch phase {
            case .idle:
                // Bokeh resets and throws (a pointer left over from a gesture that ended).
                reset()
                return []
            case .started, .transitional:
                guard pointers.contains(where: { !$0.withinThreshold }) else { return [] }
                cancelTimeout()
                if !isMulti {
                    phase = .panning
                    let p = pointers[0]
                    return [.panStart(p), .pan(x: p.x, y: p.y, dx: p.dx, dy: p.dy)]
                }
                let (p0, p1) = (pointers[0], pointers[1])
                let scale = Self.scale(p0, p1)
                let rotation = Self.rotation(p0, p1)
                if abs(scale - 1) > 0 {
                    phase = .pinching
                    lastScale = scale
                    return [.pinchStart(p0, p1), .pinch(p0, p1, scale: scale)]
                } else if abs(rotation) > 0 {
                    phase = .rotating
                    lastRotation = rotation
                }
                return []
            case .pressing:
                return []
            case .panning:
                let p = pointers[0]
                return [.pan(x: x, y: y, dx: p.dx, dy: p.dy)]
            case .pinching:
                let (p0, p1) = (pointers[0], pointers[1])
                let scale = Self.scale(p0, p1)
                guard scale != lastScale else { return [] }
                lastScale = scale
                return [.pinch(p0, p1, scale: scale)]
            case .rotating:
                let rotation = Self.rotation(pointers[0], pointers[1])
                if rotation != lastRotation { lastRotation = rotation }
                return []
            }
        }

        /// `_pointer_up` (at the pointer's last position: the caller moves it there first).
        mutating func up(id: Int, x: Double, y: Double, t: Double) -> [Output] {
            guard let k = index(id) else { return [] }
            pointers[k].x = x
            pointers[k].y = y
            pointers[k].t = t
            cancelTimeout()
            var out: [Output] = []
            switch phase {
            case .idle:
                reset()
                return []
            case .started:
                // The first pointer's last sample, which is this up when it is alone.
                let p = pointers[0]
                if p.t - tapTimestamp < Self.doubletapThreshold {
                    tapTimestamp = -.infinity
                    out = [.doubleTap(p)]
                } else {
                    tapTimestamp = p.t
                    out = [.tap(p)]
                }
                phase = .idle
            case .transitional:
                phase = .idle
            case .pressing:
                out = [.pressUp(pointers[0])]
                phase = .idle
            case .panning:
                out = [.panEnd(x: x, y: y)]
                phase = .idle
            case .pinching, .rotating:
                out = endTwoPointerGesture()
            }
            remove(at: k)
            return out
        }

        /// `_pointer_cancel` (the browser took the pointer, e.g. for a touch
        /// scroll): a pan or pinch ends where it is, nothing else happens.
        mutating func cancel(id: Int) -> [Output] {
            guard let k = index(id) else { return [] }
            cancelTimeout()
            var out: [Output] = []
            switch phase {
            case .idle:
                reset()
                return []
            case .started, .pressing, .transitional:
                phase = .idle
            case .panning:
                out = [.panEnd(x: pointers[0].x, y: pointers[0].y)]
                phase = .idle
            case .pinching, .rotating:
                out = endTwoPointerGesture()
            }
            remove(at: k)
            return out
        }

        /// A pinch or rotation ends as one of its pointers leaves: the other
        /// is then in the transitional phase.
        private mutating func endTwoPointerGesture() -> [Output] {
            let out: [Output] = phase == .pinching ? [.pinchEnd] : []
            phase = .transitional
            lastScale = nil
            lastRotation = nil
            return out
        }

        /// Forgets pointer k; in the transitional phase the one left moves
        /// from where it is now.
        private mutating func remove(at k: Int) {
            pointers.remove(at: k)
            if phase == .transitional, !pointers.isEmpty {
                pointers[0].x0 = pointers[0].x
                pointers[0].y0 = pointers[0].y
            }
        }

        /// `_scale`: the pointers' distance now over their distance at their downs.
        static func scale(_ a: Pointer, _ b: Pointer) -> Double {
            distance(a.x, a.y, b.x, b.y) / distance(a.x0, a.y0, b.x0, b.y0)
        }

        static func distance(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
            let x = x1 - x0, y = y1 - y0
            return (x * x + y * y).squareRoot()
        }

        /// `_rotation` (deg): Bokeh adds the two angles (its sum, not a
        /// difference); only "non-zero" and "changed" matter, no tool rotates.
        static func rotation(_ a: Pointer, _ b: Pointer) -> Double {
            angle(b.x, b.y, a.x, a.y) + angle(b.x0, b.y0, a.x0, a.y0)
        }

        static func angle(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double) -> Double {
            atan2(y1 - y0, x1 - x0) * 180 / Double.pi
        }
    }
}
