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
                window = constraints.settle(window)
                return .idle
            }
            let upper = window.upper == batch.lastBefore ? batch.lastAfter : window.upper + (batch.lastAfter - batch.lastBefore)
            window = constraints.settle(Window(upper - window.span, upper))
            return .animate
        case .gesture, .moving:
            return .idle
        }
    }
}
