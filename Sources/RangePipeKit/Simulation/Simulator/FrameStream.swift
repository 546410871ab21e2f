/// Plays a plan frame by frame: t_k = k/fps, k = 0 … N (SPEC 4.1), handing
/// each frame's record to `emit`.
public struct FrameStream {
    /// The resolved script to play.
    public var plan: ScriptPlan
    /// Which parts of a frame to compute.
    public var tracks: Set<Track> { on.tracks }
    // The tracks as flags: read every frame, hashed once.
    private let on: TrackSwitches
    /// Frames past this many are refused: a runaway default duration here,
    /// a `duration · fps` past it when the script is decoded.
    public static let maxFrames = ScriptDecoder.maxFrames

    /// A stream of `plan`'s frames with `tracks` filled in.
    public init(plan: ScriptPlan, tracks: Set<Track>) {
        self.init(plan: plan, switches: TrackSwitches(tracks))
    }

    /// A stream of `plan`'s frames with the tracks `switches` turns on
    /// (worked out once for many series).
    public init(plan: ScriptPlan, switches: TrackSwitches) {
        self.plan = plan
        on = switches
    }

    /// The frame count N + 1 when the script fixes `duration`.
    /// - Complexity: O(1).
    public static func frameCount(duration: Double, fps: Double) -> Int {
        // N = ⌈duration·fps⌉, forgiving the last bit of rounding (0.1·30).
        let n = (duration * fps * (1 - 1e-12)).rounded(.up)
        return Int(n) + 1
    }

    /// Steps a simulator through the frames (SPEC 4.1): t_k = k/fps until
    /// frame N when the script fixes `duration`, else until the first frame
    /// at or after the last event's end on which nothing moves. `body`
    /// sees every frame and returns false to stop early.
    /// - Complexity: O(frames) simulator steps.
    public func drive(_ body: (_ frame: Int, _ t: Double, _ phase: Phase, _ sim: ViewSimulator) throws -> Bool) throws {
        // Read out of the plan's script, not a copy of it (one per series in a fleet).
        let fps = plan.script.fps
        var sim = ViewSimulator(plan: plan)
        var eventsEnd = plan.events.isEmpty ? 0 : -Double.infinity
        for planned in plan.events { eventsEnd = max(eventsEnd, planned.event.end) }
        let lastEnd = max(eventsEnd, plan.script.rawInput.last?.t ?? 0)
        let fixed = plan.script.duration.map { Self.frameCount(duration: $0, fps: fps) }
        var k = 0
        while true {
            let t = Double(k) / fps
            let phase = sim.step(to: t)
            guard try body(k, t, phase, sim) else { return }
            k += 1
            if let fixed {
                if k >= fixed { return }
            } else if t >= lastEnd && !sim.isBusy {
                return
            }
            if k >= Self.maxFrames {
                throw RangePipeError.invalid("\(plan.script.source): the script runs past \(Self.maxFrames) frames without coming to rest; give \"duration\"")
            }
        }
    }

    /// Hands every frame, with the chosen tracks, to `emit` in order.
    /// - Complexity: O(frames · (width · log n)) with the points track.
    public func run(_ emit: (Frame) throws -> Void) throws {
        try drive { k, t, phase, sim in
            try emit(record(frame: k, t: t, phase: phase, sim))
            return true
        }
    }

    /// Frame k's record with the chosen tracks.
    func record(frame: Int, t: Double, phase: Phase, _ sim: ViewSimulator) -> Frame {
        // The simulator's window is in view units; the frame and its queries
        // are in x. `sim.plan` is the plan as appends have grown it.
        let plan = sim.plan
        let u = sim.window
        let linear = plan.scale.isLinear
        let w = linear ? u : plan.scale.x(u)
        let c = plan.constraints
        let ow = plan.script.overview.width
        let shown = sim.shownValues
        // The overview spans the bounds, or under a library profile its own
        // range (Plotly's rangeslider grows with what the axis showed).
        let overview = sim.profile?.state.overview ?? Window(c.lower, c.upper)
        var r = Frame(frame: frame, t: t, phase: phase, window: w,
                      selector: ((u.lower - overview.lower) / overview.span * ow, (u.upper - overview.lower) / overview.span * ow))
        if on.range || on.omitted { yAxis(&r, shown, sim) }
        if on.annotation { r.annotation = FrameQuery.annotation(w, shown, plan.script.annotation) }
        if on.values, plan.axis == .category || sim.spring != nil {
            let i0 = shown.index.lowerBound(w.lower), i1 = shown.index.upperBound(w.upper)
            r.values = (i0 ..< max(i0, i1)).map { (shown.index.x[$0], shown.value($0)) }
        }
        if on.points {
            r.points = M4.points(w, view: u, plan.scale, shown, width: plan.script.main.width)
        }
        if on.preset { r.preset = sim.framePreset }
        if on.box, let b = sim.box(at: t) { r.box = linear ? b : Window(plan.scale.x(b.lower), plan.scale.x(b.upper)) }
        if on.crosshair, let px = sim.pointerPixel(at: t) {
            let v = u.lower + px / plan.script.main.width * u.span
            r.crosshair = FrameQuery.nearest(linear ? v : plan.scale.x(v), in: w, shown)
        }
        r.bounds = overview
        return r
    }

    /// The frame's y-range (fitted, on a log axis, or the hand-zoomed
    /// y-window) and the log axis' left-out count.
    private func yAxis(_ r: inout Frame, _ shown: ShownValues, _ sim: ViewSimulator) {
        let plan = sim.plan
        let y = plan.script.y
        if let manual = sim.yWindow {
            if on.range { r.y = (manual.lower, manual.upper) }
        } else if let positive = plan.positiveIndices[sim.field] {
            let (fit, n) = FrameQuery.logRange(r.window, shown, positive: positive, y)
            if on.range { r.y = fit }
            if on.omitted { r.yOmitted = n }
        } else if on.range {
            r.y = FrameQuery.yRange(r.window, shown, y)
        }
    }
}
