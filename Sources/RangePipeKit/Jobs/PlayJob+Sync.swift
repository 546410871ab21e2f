/// Linked charts (`play --sync A,B,…`): one simulation over several series.
extension PlayJob {
    /// Plays `series` linked (`SyncPlan`) and writes their frames through
    /// `write` frame-major: for each frame, one NDJSON line (or CSV row) per
    /// series in the order given, each in the shape a solo play writes
    /// (`series` names it; window and selector are the same on all of a
    /// frame's rows). One CSV header first. `source` names the list in
    /// errors. The bytes do not depend on `jobs`: the simulation is one.
    /// - Throws: the plan's errors before any frame is written.
    /// - Complexity: O(frames · series) plus the tracks' queries.
    package func playSync(_ series: [Series], source: String, write: ([UInt8]) throws -> Void) throws {
        let plan = try SyncPlan(script: script, series: series, source: source)
        let encoders = plan.plans.map {
            FrameEncoder(series: $0.seriesName, axis: $0.axis, categories: $0.categories,
                         tracks: tracks, time: time, format: format, label: $0.script.annotation.format)
        }
        var out = TextBuffer(capacity: Self.blockBytes + (1 << 16))
        if format == .csv { out.append(string: FrameEncoder.csvHeader(tracks: tracks)) }
        do {
            try SyncFrameStream(plan: plan, tracks: tracks).run { j, frame in
                encoders[j].encode(frame, into: &out)
                if out.count >= Self.blockBytes {
                    let bytes = out.takeBytes()
                    try write(bytes)
                    out.reuse(consume bytes)
                }
            }
        } catch {
            // What is buffered goes out before the error, as with solo plays.
            try? write(out.bytes)
            throw error
        }
        try write(out.bytes)
    }
}
