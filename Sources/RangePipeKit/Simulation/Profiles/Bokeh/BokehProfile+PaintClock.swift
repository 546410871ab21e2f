extension BokehProfile {
    /// When the overview figure repaints, which decides the RangeTool
    /// overlay's bbox that presses are hit-tested against ("the bbox of the
    /// last paint", models/annotations/box_annotation.ts `compute_geometry`,
    /// run at every paint of the overlay level).
    ///
    /// BokehJS paints through `throttle(paint, 1000/60)` (core/util/throttle.ts,
    /// models/plots/plot_canvas.ts `throttled_paint`): a request at least
    /// 1000/60 ms after the last paint asks for the next animation frame; an
    /// earlier one waits out the remainder with `setTimeout`, then asks for
    /// a frame. A paint within `lod_interval` (300 ms) of the document's last
    /// `interactive_start` (pan and wheel tools) schedules another repaint
    /// `lod_timeout` (500 ms) later (`PlotView._actual_paint`); otherwise it
    /// ends the interactive period. The overview asks for a paint whenever
    /// the overlay's left or right changes.
    ///
    /// Animation frames come every `framePeriod` ms at `framePhase` +
    /// k·`framePeriod` (event time, ms), strictly after the request: the
    /// conformance recorder's virtual clock (Playwright's `clock`: a frame is
    /// 16 − ticks mod 16 ms away, and its session start puts frames on the
    /// replayed script's multiples of 16 ms). Timers due at an event's time
    /// run before the event.
    struct PaintClock: Sendable {
        static let wait = 1000.0 / 60
        static let lodInterval = 300.0
        static let lodTimeout = 500.0

        let framePeriod: Double
        let framePhase: Double

        /// What a timer does when it runs.
        enum Job: Sendable, Equatable {
            /// The throttle's `setTimeout`: ask for an animation frame.
            case throttleTimeout
            /// The throttle's `later` in an animation frame: paint.
            case paint
            /// `_actual_paint`'s `setTimeout(lod_timeout)`: maybe end the
            /// interactive period, ask for a paint.
            case lodTimeout
        }

        struct Timer: Sendable, Equatable {
            let due: Double
            let created: Double
            let seq: Int
            let job: Job
        }

        /// The overlay's [left, right] (data units) at the last paint.
        private(set) var painted: (left: Double, right: Double)
        /// The throttle's `previous`: the last paint's time.
        private var previous = -Double.infinity
        /// The throttle's `timeout` variable is set (cleared only by a paint).
        private var timeoutSet = false
        /// The throttle's `pending`: a frame was asked for directly.
        private var pending = false
        /// The document's `_interactive_timestamp`.
        private var interactive: Double?
        private var timers: [Timer] = []
        private var seq = 0

        init(painted: (left: Double, right: Double), framePeriod: Double, framePhase: Double) {
            self.painted = painted
            self.framePeriod = framePeriod
            self.framePhase = framePhase
        }

        /// The first animation frame strictly after `t`.
        func nextFrame(after t: Double) -> Double {
            var r = (t - framePhase).truncatingRemainder(dividingBy: framePeriod)
            if r < 0 { r += framePeriod }
            return t + (framePeriod - r)
        }

        /// `document.interactive_start()` at `t`.
        mutating func interactiveStart(at t: Double) {
            interactive = t
        }

        /// Runs every timer due at or before `t`, in due order (ties: the
        /// earlier created first), painting `overlay` (which does not change
        /// between events).
        mutating func run(upTo t: Double, overlay: (left: Double, right: Double)) {
            while let next = timers.indices.filter({ timers[$0].due <= t }).min(by: { Self.earlier(timers[$0], timers[$1]) }) {
                let timer = timers.remove(at: next)
                let now = timer.due
                switch timer.job {
                case .throttleTimeout:
                    add(.paint, at: now, due: nextFrame(after: now))
                case .paint:
                    previous = now
                    timeoutSet = false
                    pending = false
                    painted = overlay
                    if let s = interactive, now - s >= 0, now - s < Self.lodInterval {
                        add(.lodTimeout, at: now, due: now + Self.lodTimeout)
                    } else {
                        interactive = nil
                    }
                case .lodTimeout:
                    if let s = interactive, now - s > Self.lodTimeout { interactive = nil }
                    request(at: now)
                }
            }
        }

        /// `throttled_paint()` at `t`.
        mutating func request(at t: Double) {
            let remaining = Self.wait - (t - previous)
            if remaining <= 0 && !pending {
                // clearTimeout: a timeout not yet run is dropped (the variable stays set).
                timers.removeAll { $0.job == .throttleTimeout }
                pending = true
                add(.paint, at: t, due: nextFrame(after: t))
            } else if !timeoutSet && !pending {
                timeoutSet = true
                add(.throttleTimeout, at: t, due: t + remaining)
            }
        }

        private mutating func add(_ job: Job, at t: Double, due: Double) {
            timers.append(Timer(due: due, created: t, seq: seq, job: job))
            seq += 1
        }

        private static func earlier(_ a: Timer, _ b: Timer) -> Bool {
            (a.due, a.created, a.seq) < (b.due, b.created, b.seq)
        }
    }
}
