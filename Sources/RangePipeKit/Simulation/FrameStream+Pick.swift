extension FrameStream {
    /// The chosen frames with the values each shows (for pictures).
    /// - Complexity: O(frames up to the last one chosen).
    public func frames(_ wanted: Set<Int>) throws -> [(Frame, ShownValues)] {
        var out: [(Frame, ShownValues)] = []
        let last = wanted.max() ?? 0
        try drive { k, t, phase, sim in
            if wanted.contains(k) {
                out.append((record(frame: k, t: t, phase: phase, sim), sim.shownValues))
            }
            return k < last
        }
        return out
    }
}
