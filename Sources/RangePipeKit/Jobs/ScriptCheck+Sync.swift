/// `script check` of linked charts (`--sync`, or the script's `sync`).
extension ScriptCheck {
    /// Checks `script` against `names` played linked, as `play --sync`
    /// would: the same union plan (`SyncPlan`), so the same errors; every
    /// series has the linked play's frame count. `whereFrom` locates the list.
    /// - Throws: `RangePipeError.invalid` (exit 65) as `play --sync` would.
    /// - Complexity: O(union points · series + frames · series).
    package init(script: Script, source: SeriesSource, linked names: [String], whereFrom: String) throws {
        let plan = try SyncPlan(script: script, series: try source.linked(names, source: whereFrom), source: whereFrom)
        var frames = 0
        if let duration = script.duration {
            frames = FrameStream.frameCount(duration: duration, fps: script.fps)
        } else {
            try SyncFrameStream(plan: plan, tracks: []).drive { k, _, _, _ in
                frames = k + 1
                return true
            }
        }
        let plays = plan.plans.map {
            SeriesPlay(series: $0.seriesName, field: $0.fieldNames[$0.initialField], frames: frames,
                       lastFrameTime: Double(frames - 1) / script.fps)
        }
        self.init(script: script, plays: plays)
    }
}
