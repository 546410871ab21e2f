extension FrameStream {
    /// The chosen frames with the values each shows (for pictures).
    /// - Complexity: O(frames up to the last one chosen).
    public func frames(_ wanted: Set<Int>) throws -> [(Frame, ShownValues)] {
        var out: [(Frame, ShownValues)] = []
        let last = wanted.max() ?? 0
        try eachShown { r, shown in
            if wanted.contains(r.frame) { out.append((r, shown)) }
            return r.frame < last
        }
        return out
    }

    /// Hands every frame, with the values it shows, to `body` in order
    /// (for pictures of every frame); `body` returns false to stop.
    /// - Complexity: O(frames) simulator steps, plus the chosen tracks.
    public func eachShown(_ body: (Frame, ShownValues) throws -> Bool) throws {
        try drive { k, t, phase, sim in
            try body(record(frame: k, t: t, phase: phase, sim), sim.shownValues)
        }
    }
}
