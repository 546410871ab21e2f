public import RangePipeKit

/// What the libFuzzer targets in `Fuzz/` run on each input, through
/// RangePipeKit's public API only. Errors are expected and ignored; crashes,
/// sanitizer reports and broken invariants are the findings. A broken
/// invariant calls `breach`, which traps by default (under libFuzzer); the
/// regression tests pass one that records a failure instead.
///
/// This file is also compiled into IngestStoreTests (a symlink there), so
/// the tests run the same drivers on seeded inputs.
public enum FuzzDrivers {
    /// Ingests bytes as one input of `format`, with `--on-error fail` and then
    /// `skip`; returns how many of the two produced series. NDJSON is read
    /// twice, with and without line templates, and must give the same
    /// series, rejects and error either way.
    @discardableResult
    public static func ingest(_ bytes: [UInt8], format: InputFormat,
                              breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        var accepted = 0
        for policy in [ErrorPolicy.fail, .skip] {
            var options = IngestOptions()
            options.format = format
            options.onError = policy
            let outcome = ingestOutcome(bytes, options, jsonTemplates: true)
            if format == .ndjson {
                let general = ingestOutcome(bytes, options, jsonTemplates: false)
                if outcome != general { breach("NDJSON line templates changed the result: \(outcome) vs \(general)") }
            }
            if case let .series(series, _) = outcome, !series.isEmpty { accepted += 1 }
        }
        return accepted
    }

    /// What one ingest of bytes gave: its series and rejects, or its error.
    public enum IngestOutcome: Equatable {
        case series([Series], rejects: [String])
        case failed(String)
    }

    /// One in-memory ingest of bytes with `options`, as its outcome.
    public static func ingestOutcome(_ bytes: [UInt8], _ options: IngestOptions, jsonTemplates: Bool) -> IngestOutcome {
        do {
            let (series, rejects) = try Ingestor(options: options).parse(bytes: bytes, name: "fuzz", jsonTemplates: jsonTemplates)
            return .series(series.map(\.series), rejects: rejects)
        } catch {
            return .failed("\(error)")
        }
    }

    /// A small series with gaps for scripts to play over.
    static let series: Series = {
        let x: [Double] = (0 ..< 64).map { (i: Int) -> Double in Double(i * i) / 7 }
        let v: [Double] = (0 ..< 64).map { (i: Int) -> Double in i % 9 == 4 ? Double.nan : Double((i * 37) % 23) - 11 }
        let w: [Double] = (0 ..< 64).map { (i: Int) -> Double in Double(i) }
        return Series(name: "fuzz", axis: .number, x: x, fields: [Series.Field(name: "v", values: v), Series.Field(name: "w", values: w)])
    }()

    /// Decodes bytes as a script and, when valid, plays up to 5000 frames;
    /// returns the frames played.
    @discardableResult
    public static func playScript(_ bytes: [UInt8], breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        guard var script = try? ScriptDecoder.decode(bytes, source: "fuzz") else { return 0 }
        script.duration = min(script.duration ?? 5000 / script.fps, 5000 / script.fps)
        guard let plan = try? ScriptPlan(script: script, series: series) else { return 0 }
        return play(plan, checkInvariants: !script.window.elastic, breach: breach)
    }

    /// Plays a plan to the end, encoding every eighth frame; with
    /// `checkInvariants`, every frame's window must keep SPEC 4.5's bounds
    /// and spans. Returns the frames played.
    static func play(_ plan: ScriptPlan, checkInvariants: Bool, tracks: Set<Track> = Set(Track.allCases),
                     breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        var frames = 0
        let c = plan.constraints
        var minWidth = 0.0, maxWidth = Double.infinity
        if case let .width(m) = c.minSpan { minWidth = min(m, c.extent) }
        if case let .width(m)? = c.maxSpan { maxWidth = m }
        let encoder = FrameEncoder(series: "fuzz", axis: .number, categories: [], tracks: tracks, time: .iso8601, format: .ndjson,
                                   label: plan.script.annotation.format)
        try? FrameStream(plan: plan, tracks: tracks).run { r in
            // Every eighth frame goes through the encoder: enough to fuzz the
            // number and label formatting without spending the run there.
            if frames % 8 == 0 { _ = encoder.encode(r) }
            frames += 1
            guard checkInvariants else { return }
            let w = r.window
            if !(c.lower <= w.lower && w.lower < w.upper && w.upper <= c.upper) { breach("window \(w) outside the bounds at frame \(r.frame)") }
            if !(w.span >= minWidth && w.span <= maxWidth) { breach("span \(w.span) outside [\(minWidth), \(maxWidth)] at frame \(r.frame)") }
        }
        return frames
    }
}
