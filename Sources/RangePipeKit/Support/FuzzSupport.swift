/// Entry points for the libFuzzer targets in `Fuzz/` (and their regression
/// tests). Errors are expected and ignored; crashes and sanitizer reports
/// are the findings. Invariant violations trap on purpose.
public enum FuzzSupport {
    /// Ingests bytes as one input of `format`, with `--on-error fail` and then
    /// `skip`; returns how many of the two produced series. NDJSON is read
    /// twice, with and without line templates, and must give the same
    /// series, rejects and error either way.
    @discardableResult
    public static func ingest(_ bytes: UnsafeBufferPointer<UInt8>, format: InputFormat,
                              breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        var accepted = 0
        for policy in [ErrorPolicy.fail, .skip] {
            var options = IngestOptions()
            options.format = format
            options.onError = policy
            let outcome = ingestOutcome(Array(bytes), options, jsonTemplates: true)
            if format == .ndjson {
                let general = ingestOutcome(Array(bytes), options, jsonTemplates: false)
                if outcome != general { breach("NDJSON line templates changed the result: \(outcome) vs \(general)") }
            }
            if case let .series(series, _) = outcome, !series.isEmpty { accepted += 1 }
        }
        return accepted
    }

    /// What one ingest of bytes gave: its series and rejects, or its error.
    enum IngestOutcome: Equatable {
        case series([Series], rejects: [String])
        case failed(String)
    }

    static func ingestOutcome(_ bytes: [UInt8], _ options: IngestOptions, jsonTemplates: Bool) -> IngestOutcome {
        let rejects = RejectWriter(collecting: ())
        var unattributed = 0
        do {
            let series = try Ingestor(options: options).parse(InputSource(name: "fuzz", bytes: bytes), rejects: rejects,
                                                              unattributed: &unattributed, jsonTemplates: jsonTemplates)
            return .series(series.map(\.series), rejects: rejects.collected ?? [])
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

    /// Builds a valid script from bytes (the bytes choose every knob) and
    /// plays it, trapping if a frame breaks SPEC 4.5's invariants (tests pass
    /// `breach` to record a failure instead); returns the frames played.
    @discardableResult
    public static func simulate(_ bytes: UnsafeBufferPointer<UInt8>,
                                breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        var k = 0
        func byte() -> Double { defer { k += 1 }; return k < bytes.count ? Double(bytes[k]) : 0 }
        func unit() -> Double { byte() / 255 }
        var script = Script()
        script.fps = [10, 24, 30, 60, 17.5][Int(byte()) % 5]
        script.overview.width = 20 + unit() * 1000
        script.main.width = 20 + unit() * 1000
        if byte() > 128 { script.window.minSpan = .fraction(0.001 + unit() * 0.3) }
        if byte() > 200 { script.window.maxSpan = .fraction(0.35 + unit() * 0.65) }
        script.window.elastic = byte() > 220
        script.momentum.model = byte() > 128 ? .decay : .easeOut
        var t = 0.0
        while k + 8 <= bytes.count, script.events.count < 12 {
            let kind = Int(byte()) % 9
            var times: [Double] = [], xs: [Double] = [], ys: [Double] = []
            var dt = 0.0
            for _ in 0 ..< 1 + Int(byte()) % 4 {
                times.append(dt)
                let x1 = unit() * 1200 - 200
                xs.append(x1)
                ys.append(kind == 3 ? x1 + 1 + unit() * 400 : unit() * 600 - 300)
                dt += 0.01 + unit() * 0.4
            }
            let path = PointerPath(times: times, xs: xs, ys: ys)
            let release: Release = byte() > 128 ? .fling : .stop
            let event: ScriptEvent.Kind
            switch kind {
            case 0: event = .dragSelection(path, release)
            case 1: event = .pan(path, release)
            case 2: event = .dragHandle(byte() > 128 ? .min : .max, path)
            case 3: event = .pinch(PinchPath(times: times, firstFingerX: xs, secondFingerX: ys))
            case 4: event = .doubleTapDrag(path, scale: 5 + unit() * 100)
            case 5: event = .wheel(x: unit() * script.main.width, WheelNotches(times: times, notches: xs.map { ($0 / 100).rounded() }))
            case 6: event = .setWindow(.fraction(unit() * 0.5, 0.5 + unit() * 0.5), byte() > 128 ? WindowAnimation(curve: .easeInOut, duration: 0.05 + unit()) : nil)
            case 7: event = .reset
            default: event = .switchField(byte() > 128 ? "v" : "w", SpringSettings(bounciness: unit() * 20, speed: 1 + unit() * 19))
            }
            let e = ScriptEvent(at: t, kind: event, path: "events[\(script.events.count)]")
            script.events.append(e)
            t = e.end + unit() * 0.5
        }
        // Long enough for momentum, springs and elastic returns to finish.
        // Capped at 300 frames so the target reaches 10^6 runs in a session.
        script.duration = min(t + 3, 300 / script.fps)
        guard let plan = try? ScriptPlan(script: script, series: series) else { return 0 }
        return play(plan, checkInvariants: !script.window.elastic, tracks: [.range, .annotation, .selector, .values], breach: breach)
    }

    static func play(_ plan: ScriptPlan, checkInvariants: Bool, tracks: Set<Track> = Set(Track.allCases),
                     breach: (String) -> Void = { preconditionFailure($0) }) -> Int {
        var frames = 0
        let c = plan.constraints
        var minWidth = 0.0, maxWidth = Double.infinity
        if case let .width(m) = c.minSpan { minWidth = min(m, c.extent) }
        if case let .width(m)? = c.maxSpan { maxWidth = m }
        let encoder = FrameEncoder(series: "fuzz", axis: .number, categories: [], tracks: tracks, time: .iso8601, format: .ndjson)
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
