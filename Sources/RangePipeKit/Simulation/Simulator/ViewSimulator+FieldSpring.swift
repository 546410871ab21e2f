/// `switch-field` (SPEC 4.8): the shown values spring to the new field's.
extension ViewSimulator {
    /// Starts (or retargets) the spring to `newField` at t.
    mutating func startSpring(to newField: Int, settings: SpringSettings, at t: Double) {
        let target = plan.indices[newField]!.values
        let values: [Double], velocities: [Double]
        if var running = shown.spring {
            // Retarget from where each point is, with its velocity.
            running.advance(to: t)
            values = running.shown
            velocities = running.velocity
        } else {
            values = plan.indices[shown.field]!.values
            velocities = [Double](repeating: 0, count: values.count)
        }
        shown.field = newField
        shown.clampMin = settings.clampMin
        shown.spring = FieldSpring(from: values, velocities: velocities, to: target, settings: settings, start: t)
    }

    /// Advances the running spring to t.
    mutating func advanceSpring(to t: Double) -> Phase {
        guard var s = shown.spring else { return .idle }
        guard t >= s.start else { return .spring }
        s.advance(to: t)
        // Once every point rests on its target, the field's own values (and
        // its min/max pyramid) show exactly the same thing.
        shown.spring = s.isDone ? nil : s
        return .spring
    }
}
