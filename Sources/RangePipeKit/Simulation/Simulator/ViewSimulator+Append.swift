/// `append` while playing (issue 18): the live plan grows, and the window
/// follows the new data only when its right edge was at the last point.
extension ViewSimulator {
    /// Adds `batch`'s rows at `t` and applies the follow rule:
    ///
    /// - idle, with the window's upper end at or past the old last x: the
    ///   window moves by Δ = new last − old last, span kept (an upper end
    ///   exactly at the old last x lands exactly on the new one), then
    ///   settles under the new rules;
    /// - idle otherwise: the window stays (settled under the new rules);
    /// - a gesture held: the pointer keeps the window; the gesture goes on
    ///   against the new bounds;
    /// - momentum, an elastic return or an animation: goes on, in the new bounds.
    ///
    /// A running `switch-field` spring goes on from where each point is; the
    /// new points show their values at once. Returns `.animate` when the
    /// window followed, else `.idle`.
    /// - Complexity: O(n + k) per shown field (indices rebuilt), O(n) more with a spring.
    mutating func appendRows(_ batch: AppendBatch, at t: Double) -> Phase {
        guard !batch.x.isEmpty else { return .idle }
        let old = plan.constraints
        // One grown x shared by the rules and every shown field's index.
        let x = plan.constraints.x + batch.x
        for (k, index) in plan.indices {
            plan.indices[k] = index.appending(x: x, values: batch.values[k])
        }
        // Log y: the positive values' index grows with the field's.
        if !plan.positiveIndices.isEmpty {
            for (k, index) in plan.indices { plan.positiveIndices[k] = PositiveIndex(values: index.values) }
        }
        plan.constraints = batch.constraints(over: x)
        plan.presetButtons = batch.presetButtons
        if var running = shown.spring {
            running.advance(to: t)
            shown.spring = FieldSpring(from: running.shown + batch.values[shown.field],
                                       velocities: running.velocity + [Double](repeating: 0, count: batch.x.count),
                                       to: plan.indices[shown.field]!.values, settings: running.settings, start: t)
        }
        switch state {
        case .idle:
            guard window.upper >= batch.lastBefore else {
                window = constraints.settle(window, keepCentre: false)
                return .idle
            }
            let upper = window.upper == batch.lastBefore ? batch.lastAfter : window.upper + (batch.lastAfter - batch.lastBefore)
            window = constraints.settle(Window(upper - window.span, upper), keepCentre: false)
            return .animate
        case .gesture(var g, let overlay):
            g.gesture.extentChanged(from: old.extent, to: constraints.extent, elapsed: min(t, g.release) - g.start,
                                    overviewWidth: plan.script.overview.width)
            state = .gesture(g, overlay: overlay.map { rebased($0, over: old, at: t) })
            return .idle
        case let .moving(motion):
            state = .moving(rebased(motion, over: old, at: t))
            return .idle
        }
    }

    /// A motion going on under grown rules from where it shows the window.
    ///
    /// - momentum held at the old bounds (not elastic): its base moves by
    ///   what the old bounds rule was holding back at t, so it coasts on from
    ///   the window shown instead of jumping to its unconstrained place;
    /// - an elastic return: a new spring from the window to the nearest
    ///   window valid under the new rules (the old target may pull away from
    ///   the new data);
    /// - an animation: unchanged (its target was resolved on the grown data).
    func rebased(_ motion: WindowMotion, over old: WindowConstraints, at t: Double) -> WindowMotion {
        switch motion {
        case let .momentum(m):
            guard !elastic else { return motion }
            let raw = m.window(at: t)
            return .momentum(m.shifted(by: old.settle(raw, keepCentre: false).lower - raw.lower))
        case .elastic:
            return .elastic(elasticReturn(at: t, velocity: (0, 0)))
        case .animation:
            return motion
        }
    }
}
