extension FrameStream {
    /// The records and shown values of the chosen frames (for previews).
    public func frames(_ wanted: Set<Int>) throws -> [(Frame, ShownValues)] {
        var out: [(Frame, ShownValues)] = []
        let last = wanted.max() ?? 0
        try drive { k, t, phase, sim in
            if wanted.contains(k) {
                let shown = ShownValues(index: sim.index, inFlight: sim.spring?.shown, clampMin: sim.clampMin)
                out.append((record(frame: k, t: t, phase: phase, sim), shown))
            }
            return k < last
        }
        return out
    }
}
