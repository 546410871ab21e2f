/// Plays a `SyncPlan` frame by frame: at each t_k = k/fps every linked
/// series' simulator steps, then each hands on its frame, in plan order.
///
/// The simulators share the window rules, initial window and events, so
/// they move the window identically (the window never depends on values);
/// each carries its own `switch-field` spring, whose values and rest time
/// are the series' own.
public struct SyncFrameStream {
    /// The linked plans.
    public let plan: SyncPlan
    /// One stream per series (its tracks and frame records).
    let streams: [FrameStream]

    /// A stream of `plan`'s frames with `tracks` filled in for every series.
    public init(plan: SyncPlan, tracks: Set<Track>) {
        self.plan = plan
        streams = plan.plans.map { FrameStream(plan: $0, tracks: tracks) }
    }

    /// Steps every series' simulator through the frames: until frame N when
    /// the script fixes `duration`, else until the first frame at or after
    /// the last event's end on which nothing moves in any series. `body`
    /// sees every frame and returns false to stop early.
    /// - Complexity: O(frames · series) simulator steps.
    public func drive(_ body: (_ frame: Int, _ t: Double, _ phases: [Phase], _ sims: [ViewSimulator]) throws -> Bool) throws {
        guard let script = plan.plans.first?.script else { return }
        var sims = plan.plans.map(ViewSimulator.init)
        var phases = [Phase](repeating: .idle, count: sims.count)
        let lastEnd = plan.plans[0].events.map(\.event.end).max() ?? 0
        let fixed = script.duration.map { FrameStream.frameCount(duration: $0, fps: script.fps) }
        var k = 0
        while true {
            let t = Double(k) / script.fps
            for j in sims.indices { phases[j] = sims[j].step(to: t) }
            assert(sims.allSatisfy { $0.window == sims[0].window }, "linked simulators diverged")
            guard try body(k, t, phases, sims) else { return }
            k += 1
            if let fixed {
                if k >= fixed { return }
            } else if t >= lastEnd && !sims.contains(where: \.isBusy) {
                return
            }
            if k >= FrameStream.maxFrames {
                throw RangePipeError.invalid("\(script.source): the script runs past \(FrameStream.maxFrames) frames without coming to rest; give \"duration\"")
            }
        }
    }

    /// Hands every frame of every series to `emit`, frame-major: frame 0 of
    /// each series in plan order, then frame 1, …
    /// - Complexity: O(frames · series · (width · log n)) with the points track.
    public func run(_ emit: (_ series: Int, _ frame: Frame) throws -> Void) throws {
        try drive { k, t, phases, sims in
            for j in sims.indices {
                try emit(j, streams[j].record(frame: k, t: t, phase: phases[j], sims[j]))
            }
            return true
        }
    }

    /// The chosen frames of every series, with the values each shows (for
    /// pictures): `result[i][j]` is the i-th chosen frame of series j.
    /// - Complexity: O(frames up to the last one chosen · series).
    public func frames(_ wanted: Set<Int>) throws -> [[(Frame, ShownValues)]] {
        var out: [[(Frame, ShownValues)]] = []
        let last = wanted.max() ?? 0
        try eachShown { row in
            let k = row[0].0.frame
            if wanted.contains(k) { out.append(row) }
            return k < last
        }
        return out
    }

    /// Hands every frame to `body` in order, as one row: series j's frame
    /// and shown values at `row[j]`; `body` returns false to stop.
    /// - Complexity: O(frames · series) simulator steps, plus the chosen tracks.
    public func eachShown(_ body: ([(Frame, ShownValues)]) throws -> Bool) throws {
        try drive { k, t, phases, sims in
            try body(sims.indices.map { j in
                (streams[j].record(frame: k, t: t, phase: phases[j], sims[j]), sims[j].shownValues)
            })
        }
    }
}
