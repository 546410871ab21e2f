/// The view-window simulator: a deterministic state machine advanced frame
/// by frame with `step(to:)` in the order SPEC 4.1 fixes. No clock inside;
/// time is passed in.
public struct ViewSimulator: Sendable {
    public let plan: ScriptPlan
    public internal(set) var window: Window
    /// The field whose values the chart shows (the target during a spring).
    public internal(set) var field: Int
    var nextEvent = 0
    var active: ActiveGesture?
    var motion: WindowMotion?
    /// Shown values while a `switch-field` spring runs (issue: physics).
    public internal(set) var spring: FieldSpring?
    /// Shown values below this are drawn at it (`switch-field`'s `clampMin`).
    public internal(set) var clampMin: Double?

    /// A gesture between its start and release.
    struct ActiveGesture: Sendable {
        let event: Int
        let at: Double
        let release: Double
        /// The pointer position last applied (px).
        var lastX: Double
        var lastY: Double
        /// drag-handle: the handle's value when the gesture started, and the other end.
        var handleStart = 0.0
        var fixedEnd = 0.0
        /// wheel: the next notch sample to apply.
        var nextNotch = 0
        /// Elastic: the unconstrained window the movements add up to.
        var raw: Window
    }

    enum WindowMotion: Sendable {
        case momentum(MomentumMotion)
        case animation(from: Window, to: Window, start: Double, WindowAnimation)
        case elastic(ElasticReturn)
    }

    var elastic: Bool { plan.script.window.elastic }

    public init(plan: ScriptPlan) {
        self.plan = plan
        window = plan.initialWindow
        field = plan.initialField
    }

    var constraints: WindowConstraints { plan.constraints }

    /// True while anything can still move without a new event.
    public var isBusy: Bool { active != nil || motion != nil || spring != nil }

    /// The index that answers queries for the shown field.
    public var index: SeriesIndex { plan.indices[field]! }

    /// Advances to frame time `t` and returns the frame's phase.
    public mutating func step(to t: Double) -> Phase {
        var phase = Phase.idle
        // 1. The active gesture moves up to min(t, release), releasing if due.
        if active != nil { phase = min(phase, applyActive(upTo: t)) }
        // 2. Events due by t start in order of `at` (ties: script order).
        while nextEvent < plan.events.count, plan.events[nextEvent].event.at <= t {
            let k = nextEvent
            nextEvent += 1
            phase = min(phase, start(k, at: t))
        }
        // 3. Motions advance to t.
        phase = min(phase, advanceMotion(to: t))
        if spring != nil { phase = min(phase, advanceSpring(to: t)) }
        return phase
    }

    // MARK: Events

    mutating func start(_ k: Int, at t: Double) -> Phase {
        let planned = plan.events[k]
        let event = planned.event
        // Starting anything cancels running momentum, elastic returns and
        // window animations; the window stays where the last step left it.
        motion = nil
        switch event.kind {
        case .setWindow(_, let animation?):
            motion = .animation(from: window, to: planned.target!, start: event.at, animation)
            return .animate
        case .setWindow(_, nil), .reset:
            window = planned.target!
            return .animate
        case let .switchField(_, settings):
            startSpring(to: planned.field!, settings: settings, at: event.at)
            // An elastic window left stretched by the cancel still goes home.
            if elastic, !constraints.isValid(window) { startElasticReturn(at: event.at, velocity: (0, 0)) }
            return .spring
        case let .dragSelection(path, _), let .dragHandle(_, path), let .pan(path, _), let .pinch(path),
             let .doubleTapDrag(path, _), let .wheel(_, path):
            var g = ActiveGesture(event: k, at: event.at, release: event.at + path.duration,
                                  lastX: path.xs[0], lastY: path.ys[0], raw: window)
            if case let .dragHandle(side, _) = event.kind {
                g.handleStart = side == .max ? window.upper : window.lower
                g.fixedEnd = side == .max ? window.lower : window.upper
            }
            active = g
            let phase = gesturePhase(event.kind)
            if t > event.at || isWheel(event.kind) { return min(phase, applyActive(upTo: t)) }
            return phase
        }
    }

    func isWheel(_ kind: ScriptEvent.Kind) -> Bool {
        if case .wheel = kind { return true }
        return false
    }

    func gesturePhase(_ kind: ScriptEvent.Kind) -> Phase {
        switch kind {
        case .dragSelection, .dragHandle, .pan: return .drag
        case .pinch: return .pinch
        case .doubleTapDrag, .wheel: return .zoom
        default: return .idle
        }
    }

    /// Applies the active gesture's movement up to min(t, release).
    mutating func applyActive(upTo t: Double) -> Phase {
        guard var g = active else { return .idle }
        let event = plan.events[g.event].event
        let dt = min(t, g.release) - g.at
        var phase = gesturePhase(event.kind)
        let main = plan.script.main.width, overview = plan.script.overview.width
        let shape = self // the transforms read only the plan
        switch event.kind {
        case let .dragSelection(path, _):
            let p = path.position(at: dt)
            let dx = p.x - g.lastX
            move(&g, zoom: false, chartWidth: overview, pixelsPerUnit: overview / constraints.extent) {
                shape.draggedSelection($0, dx: dx)
            }
            (g.lastX, g.lastY) = (p.x, p.y)
        case let .pan(path, _):
            let p = path.position(at: dt)
            let span = (elastic ? g.raw : window).span
            let dx = p.x - g.lastX
            move(&g, zoom: false, chartWidth: main, pixelsPerUnit: main / span) { shape.panned($0, dx: dx) }
            (g.lastX, g.lastY) = (p.x, p.y)
        case let .dragHandle(side, path):
            let p = path.position(at: dt)
            window = draggedHandle(side, totalDx: p.x - path.xs[0], gesture: g)
            (g.lastX, g.lastY) = (p.x, p.y)
        case let .pinch(path):
            let p = path.position(at: dt)
            let previous = (g.lastX, g.lastY)
            move(&g, zoom: true, chartWidth: main, pixelsPerUnit: main / window.span) {
                shape.pinched($0, previous: previous, current: (p.x, p.y))
            }
            (g.lastX, g.lastY) = (p.x, p.y)
        case let .doubleTapDrag(path, scale):
            let p = path.position(at: dt)
            let dy = p.y - g.lastY
            move(&g, zoom: true, chartWidth: main, pixelsPerUnit: main / window.span) {
                shape.doubleTapZoomed($0, anchor: path.xs[0], dy: dy, scale: scale)
            }
            (g.lastX, g.lastY) = (p.x, p.y)
        case let .wheel(x, path):
            var applied = false
            while g.nextNotch < path.times.count, g.at + path.times[g.nextNotch] <= t {
                let notches = path.xs[g.nextNotch]
                move(&g, zoom: true, chartWidth: main, pixelsPerUnit: main / window.span) { shape.wheeled($0, x: x, notches: notches) }
                g.nextNotch += 1
                applied = true
            }
            if !applied { phase = .idle }
        default:
            break
        }
        active = g
        if t >= g.release { release(g, at: g.release) }
        return phase
    }

    /// One movement step: settled by the constraints, or (elastic) added to
    /// the raw window and shown rubber-banded.
    mutating func move(_ g: inout ActiveGesture, zoom: Bool, chartWidth: Double, pixelsPerUnit: Double,
                       _ transform: (Window) -> Window) {
        if elastic {
            g.raw = transform(g.raw)
            window = constraints.elasticDisplay(g.raw, chartWidth: chartWidth, pixelsPerUnit: pixelsPerUnit)
        } else {
            window = constraints.settle(transform(window), keepCentre: zoom)
        }
    }

    /// Ends the active gesture; a fling starts momentum at the release time,
    /// and an elastic window left out of bounds springs back.
    mutating func release(_ g: ActiveGesture, at r: Double) {
        active = nil
        let event = plan.events[g.event].event
        defer {
            if elastic, motion == nil, !constraints.isValid(window) { startElasticReturn(at: r, velocity: (0, 0)) }
        }
        switch event.kind {
        case let .dragSelection(path, .fling):
            let perPixel = constraints.extent / plan.script.overview.width
            startMomentum(velocity: path.releaseVelocity().x, unitsPerPixel: perPixel, at: r)
        case let .pan(path, .fling):
            let perPixel = -window.span / plan.script.main.width
            startMomentum(velocity: path.releaseVelocity().x, unitsPerPixel: perPixel, at: r)
        default:
            break
        }
    }

    mutating func startElasticReturn(at t: Double, velocity: (Double, Double)) {
        let target = constraints.settle(window)
        let threshold = 0.01 * constraints.extent / plan.script.overview.width
        motion = .elastic(ElasticReturn(start: t, from: window, target: target, velocity: velocity, threshold: threshold))
    }

    mutating func startMomentum(velocity: Double, unitsPerPixel: Double, at r: Double) {
        if let m = MomentumMotion(releaseWindow: window, releaseTime: r, velocity: velocity,
                                  unitsPerPixel: unitsPerPixel, settings: plan.script.momentum) {
            motion = .momentum(m)
        }
    }

    // MARK: Motions

    mutating func advanceMotion(to t: Double) -> Phase {
        guard let m = motion else { return .idle }
        switch m {
        case let .momentum(momentum):
            guard t >= momentum.releaseTime else { return .idle }
            let raw = momentum.window(at: t)
            if elastic, !constraints.isValid(raw) {
                // Carried out of bounds: the rubber band shows the overshoot
                // and the spring takes over with the momentum's velocity.
                let ppu = abs(1 / momentum.unitsPerPixel)
                let width = momentum.unitsPerPixel > 0 ? plan.script.overview.width : plan.script.main.width
                window = constraints.elasticDisplay(raw, chartWidth: width, pixelsPerUnit: ppu)
                let v = momentum.velocity(at: t) * momentum.unitsPerPixel
                startElasticReturn(at: t, velocity: (v, v))
                return .momentum
            }
            window = elastic ? raw : constraints.settle(raw, keepCentre: false)
            if momentum.isDone(at: t) { motion = nil }
            return .momentum
        case var .elastic(spring):
            let (w, done) = spring.window(at: t)
            window = w
            motion = done ? nil : .elastic(spring)
            return .elastic
        case let .animation(from, to, start, animation):
            let p = (t - start) / animation.duration
            if p >= 1 {
                window = to
                motion = nil
            } else {
                let e = animation.curve.progress(p)
                window = constraints.settle(Window(from.lower + (to.lower - from.lower) * e, from.upper + (to.upper - from.upper) * e))
            }
            return .animate
        }
    }
}
