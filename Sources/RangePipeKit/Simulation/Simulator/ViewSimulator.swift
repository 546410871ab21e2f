/// The view-window simulator: a deterministic state machine advanced frame
/// by frame with `step(to:)` in the order SPEC 4.1 fixes. No clock inside;
/// time is passed in.
///
/// Two pieces of state move independently: `state`, what moves the window
/// (a gesture, momentum, an elastic return, an animation), and `shown`, the
/// field whose values the chart shows and its `switch-field` spring. They
/// are separate because a field switch springs the values while the window
/// keeps its own motion (a pan or a fling goes on under a switch).
public struct ViewSimulator: Sendable {
    /// The resolved script this simulator plays, as `append` events have
    /// grown it so far (its indices and window rules).
    public internal(set) var plan: ScriptPlan
    /// The window shown on the current frame.
    public internal(set) var window: Window
    /// What moves the window.
    var state = State.idle
    /// The shown field and its spring.
    var shown: ShownField
    /// The next planned event to start.
    var nextEvent = 0
    /// The hand-zoomed y-window (`y.fit: "manual"`); nil when y is fitted.
    var yZoom: YZoom?
    /// Under a library profile, its model playing the raw input (it owns
    /// the window); nil under the rangepipe profile.
    public internal(set) var profile: ProfilePlayback?
    /// The preset the script set the window to, while it shows (`framePreset`).
    var setPreset: SetPreset?

    /// What moves the window between events; each transition is one
    /// `mutating func` with one `switch` over it.
    enum State: Sendable {
        /// Nothing moves the window.
        case idle
        /// A pointer is down. `overlay` is a motion an action (`set-window`,
        /// `reset`, `switch-field`) started while it is down: it shows over
        /// the gesture, which keeps tracking the pointer (its raw window and
        /// wheel notches) until the release.
        case gesture(ActiveGesture, overlay: WindowMotion?)
        /// The window moves by itself.
        case moving(WindowMotion)
    }

    /// Creates a simulator at the plan's initial window and field.
    public init(plan: ScriptPlan) {
        self.plan = plan
        window = plan.initialWindow
        shown = ShownField(field: plan.initialField)
        yZoom = plan.script.y.zoom.map { YZoom(settings: $0, height: plan.script.main.height) }
        profile = ProfilePlayback(plan: plan)
        setPreset = Self.initialPreset(plan)
    }

    var elastic: Bool { plan.script.window.elastic }
    var constraints: WindowConstraints { plan.constraints }

    /// The field whose values the chart shows (the target during a spring).
    public var field: Int { shown.field }
    /// Shown values while a `switch-field` spring runs (issue: physics).
    public var spring: FieldSpring? { shown.spring }
    /// Shown values below this are drawn at it (`switch-field`'s `clampMin`).
    public var clampMin: Double? { shown.clampMin }

    /// True while anything can still move without a new event.
    public var isBusy: Bool {
        if let profile { return profile.isBusy }
        switch state {
        case .idle: return shown.spring != nil
        case .gesture, .moving: return true
        }
    }

    /// The index that answers queries for the shown field.
    public var index: SeriesIndex { plan.indices[shown.field]! }

    /// The values a frame shows now: the field's, or the spring's in flight,
    /// with `clampMin`.
    public var shownValues: ShownValues {
        ShownValues(index: index, inFlight: shown.spring?.shown, clampMin: shown.clampMin, field: shown.field)
    }

    /// Advances to frame time `t` and returns the frame's phase.
    /// - Complexity: O(events started + points springing).
    public mutating func step(to t: Double) -> Phase {
        if profile != nil {
            // The library's rules own the window: nothing else moves it.
            // Advanced in place (a copy out and back costs a frame's worth).
            let phase = profile!.advance(to: t)
            window = profile!.state.window
            settlePreset()
            return phase
        }
        var phase = Phase.idle
        // 1. The active gesture moves up to min(t, release), releasing if due.
        phase = min(phase, moveGesture(upTo: t))
        if yZoom != nil { phase = min(phase, moveY(upTo: t)) }
        // 2. Events due by t start in order of `at` (ties: script order).
        while nextEvent < plan.events.count, plan.events[nextEvent].event.at <= t {
            let k = nextEvent
            nextEvent += 1
            phase = min(phase, start(k, at: t))
        }
        if yZoom != nil { phase = min(phase, moveY(upTo: t)) }
        // 3. Motions advance to t.
        phase = min(phase, advanceMotion(to: t))
        if shown.spring != nil { phase = min(phase, advanceSpring(to: t)) }
        settlePreset()
        return phase
    }

    // MARK: Events

    /// Starts planned event `k` (due at or before frame time `t`).
    mutating func start(_ k: Int, at t: Double) -> Phase {
        let planned = plan.events[k]
        let event = planned.event
        notePreset(event, target: planned.target)
        // New rows cancel nothing: a held gesture or a motion goes on over them.
        if case .append = event.kind { return appendRows(planned.batch!, at: event.at) }
        // Starting anything cancels running momentum, elastic returns and
        // window animations; the window stays where the last step left it.
        switch state {
        case .idle, .moving: state = .idle
        case let .gesture(g, _): state = .gesture(g, overlay: nil)
        }
        switch event.kind {
        case .setWindow(_, let animation?):
            startMotion(.animation(WindowAnimationState(from: window, to: planned.target!, start: event.at, animation)))
            return .animate
        case .setWindow(_, nil), .reset, .doubleClick:
            window = planned.target!
            if case .setWindow = event.kind {} else { resetY() }
            return .animate
        case let .switchField(_, settings):
            startSpring(to: planned.field!, settings: settings, at: event.at)
            // An elastic window left stretched by the cancel still goes home.
            if elastic, !constraints.isValid(window) { startMotion(.elastic(elasticReturn(at: event.at, velocity: (0, 0)))) }
            return .spring
        case let .dragSelection(path, release):
            cancelY()
            return begin(DragSelectionGesture(drag: HorizontalDrag(path: path, release: release)), at: event.at, frameTime: t)
        case let .dragHandle(side, path):
            cancelY()
            return begin(DragHandleGesture(side: side, path: path), at: event.at, frameTime: t)
        case let .pan(path, release):
            let xPath = startYPan(path, at: event.at)
            return begin(PanGesture(drag: HorizontalDrag(path: xPath, release: release)), at: event.at, frameTime: t)
        case let .pinch(path):
            return begin(PinchGesture(path: startYPinch(path, at: event.at)), at: event.at, frameTime: t)
        case let .doubleTapDrag(path, scale):
            cancelY()
            return begin(DoubleTapDragGesture(path: path, scale: scale), at: event.at, frameTime: t)
        case let .wheel(x, samples):
            cancelY()
            return begin(WheelGesture(x: x, samples: samples), at: event.at, frameTime: t)
        case let .overviewPress(path, release):
            cancelY()
            return press(path, release, at: event.at, frameTime: t)
        case let .boxZoom(path):
            cancelY()
            return begin(BoxZoomGesture(path: path), at: event.at, frameTime: t)
        case let .dragAxis(path):
            cancelY()
            return begin(DragAxisGesture(path: path), at: event.at, frameTime: t)
        case let .hover(path):
            return begin(HoverGesture(path: path), at: event.at, frameTime: t)
        case .append:
            preconditionFailure("appends start above")
        }
    }

    /// Puts a window motion in place: over the gesture when a pointer is down.
    mutating func startMotion(_ motion: WindowMotion) {
        switch state {
        case .idle, .moving: state = .moving(motion)
        case let .gesture(g, _): state = .gesture(g, overlay: motion)
        }
    }

    /// Starts a gesture at `at`; it moves at once when the frame time is past
    /// its start (or a wheel notch is due at its start).
    mutating func begin(_ gesture: some WindowGesture, at: Double, frameTime t: Double) -> Phase {
        var gesture = gesture
        gesture.begin(window: window)
        let g = ActiveGesture(gesture: gesture, start: at, release: at + gesture.duration, raw: window)
        state = .gesture(g, overlay: nil)
        if t > at || gesture.movesAtStart { return min(gesture.phase, moveGesture(upTo: t)) }
        return gesture.phase
    }

    /// Applies the active gesture's movement up to min(t, release),
    /// releasing it when due.
    mutating func moveGesture(upTo t: Double) -> Phase {
        switch state {
        case .idle, .moving:
            return .idle
        case .gesture(var g, let overlay):
            var context = GestureContext(plan: plan, start: g.start, release: g.release, window: window, raw: g.raw)
            var moved = g.gesture.move(&context, upTo: t)
            if t >= g.release {
                let before = context.window
                g.gesture.finish(&context)
                moved = moved || context.window != before
            }
            window = context.window
            g.raw = context.raw
            state = .gesture(g, overlay: overlay)
            if t >= g.release { release(g, overlay: overlay, at: g.release) }
            return moved ? g.gesture.phase : .idle
        }
    }

    /// Ends the active gesture; a fling starts momentum at the release time,
    /// and an elastic window left out of bounds springs back.
    mutating func release(_ g: ActiveGesture, overlay: WindowMotion?, at r: Double) {
        state = overlay.map { .moving($0) } ?? .idle
        if let fling = g.gesture.fling(window: window, plan: plan),
           let m = MomentumMotion(releaseWindow: window, releaseTime: r, velocity: fling.velocity,
                                  unitsPerPixel: fling.unitsPerPixel, settings: plan.script.momentum) {
            state = .moving(.momentum(m))
        }
        if elastic, case .idle = state, !constraints.isValid(window) {
            state = .moving(.elastic(elasticReturn(at: r, velocity: (0, 0))))
        }
    }

    /// The spring from the current window to the nearest valid one.
    func elasticReturn(at t: Double, velocity: (Double, Double)) -> ElasticReturn {
        let target = constraints.settle(window)
        let threshold = 0.01 * constraints.extent / plan.script.overview.width
        return ElasticReturn(start: t, from: window, target: target, velocity: velocity, threshold: threshold)
    }

    // MARK: Motions

    /// Advances the window motion (alone or over a gesture) to t.
    mutating func advanceMotion(to t: Double) -> Phase {
        switch state {
        case .idle, .gesture(_, overlay: nil):
            return .idle
        case let .gesture(g, overlay?):
            let (phase, next) = advance(overlay, to: t)
            // A momentum carried out of bounds may have started an elastic return.
            state = .gesture(g, overlay: next)
            return phase
        case let .moving(motion):
            let (phase, next) = advance(motion, to: t)
            state = next.map { .moving($0) } ?? .idle
            return phase
        }
    }

    /// One motion's step to t: the window it shows, and the motion that
    /// follows (itself, an elastic return, or nil when it ended).
    mutating func advance(_ motion: WindowMotion, to t: Double) -> (Phase, WindowMotion?) {
        switch motion {
        case let .momentum(momentum):
            guard t >= momentum.releaseTime else { return (.idle, motion) }
            let raw = momentum.window(at: t)
            if elastic, !constraints.isValid(raw) {
                // Carried out of bounds: the rubber band shows the overshoot
                // and the spring takes over with the momentum's velocity.
                let ppu = abs(1 / momentum.unitsPerPixel)
                let width = momentum.unitsPerPixel > 0 ? plan.script.overview.width : plan.script.main.width
                window = constraints.elasticDisplay(raw, chartWidth: width, pixelsPerUnit: ppu)
                let v = momentum.velocity(at: t) * momentum.unitsPerPixel
                return (.momentum, .elastic(elasticReturn(at: t, velocity: (v, v))))
            }
            window = elastic ? raw : constraints.settle(raw, keepCentre: false)
            return (.momentum, momentum.isDone(at: t) ? nil : motion)
        case var .elastic(spring):
            let (w, done) = spring.window(at: t)
            window = w
            return (.elastic, done ? nil : .elastic(spring))
        case let .animation(animation):
            let (w, done) = animation.window(at: t, constraints)
            window = w
            return (.animate, done ? nil : motion)
        }
    }
}
