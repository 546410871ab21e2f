import Dispatch

/// What `play` does with a series it cannot play (too few points, a window
/// or field the script names that the series lacks, a damaged column).
public enum SeriesErrorPolicy: String, CaseIterable, Sendable {
    /// Stop at the first such series (exit 65), as one series would.
    case fail
    /// Leave it out, name it through `skipped`, and go on.
    case skip
}

/// A series `play --on-series-error skip` left out, and why.
public struct SkippedSeries: Sendable, Equatable {
    public var name: String
    public var reason: String
}

/// Plays one script over several series (SPEC 1.3): each series
/// independently, output grouped by series in the order given, and
/// byte-identical for any number of jobs.
public struct PlayJob: Sendable {
    public var script: Script
    public var tracks: Set<Track>
    public var format: FrameFormat
    public var time: TimeOutputFormat
    public var jobs: Int
    public var onSeriesError: SeriesErrorPolicy

    /// A job playing `script` with these tracks and formats on `jobs` threads (at least 1).
    public init(script: Script, tracks: Set<Track>, format: FrameFormat, time: TimeOutputFormat, jobs: Int,
                onSeriesError: SeriesErrorPolicy = .fail) {
        self.script = script
        self.tracks = tracks
        self.format = format
        self.time = time
        self.jobs = max(jobs, 1)
        self.onSeriesError = onSeriesError
    }

    /// Output is handed on in blocks of about this many bytes.
    static let blockBytes = 1 << 20

    /// Plays one series, writing its frames through `write` as text.
    public func play(_ series: Series, header: Bool, _ write: (String) throws -> Void) throws {
        var out = TextBuffer()
        try play(ScriptPlan(script: script, series: series), header: header, into: &out)
        try write(String(decoding: out.takeBytes(), as: UTF8.self))
    }

    /// Appends one series' frames to `out`; once it holds `block` bytes they
    /// go to `flush` and the buffer is emptied (by default everything stays).
    private func play(_ plan: ScriptPlan, header: Bool, into out: inout TextBuffer,
                      block: Int = .max, flush: ([UInt8]) throws -> Void = { _ in }) throws {
        let encoder = FrameEncoder(series: plan.seriesName, axis: plan.axis, categories: plan.categories,
                                   tracks: tracks, time: time, format: format, label: plan.script.annotation.format)
        if header, format == .csv { out.append(string: encoder.csvHeader) }
        try FrameStream(plan: plan, tracks: tracks).run { frame in
            encoder.encode(frame, into: &out)
            if out.count >= block {
                // The block's memory is written, then reused for the next one.
                let bytes = out.takeBytes()
                try flush(bytes)
                out.reuse(bytes)
            }
        }
    }

    /// Plays every series; `name` and `load` give a series by position
    /// (loaded on the calling thread, in order), `write` receives text in
    /// output order. Returns the series skipped under `.skip`.
    ///
    /// Series are taken in batches (bounded memory for any count): each is
    /// loaded in order, then planned and played — in parallel with `jobs`
    /// > 1, into buffers — and written in order. A series that cannot be
    /// played is found while planning, before any of its frames exist, so
    /// under `.skip` the output is exactly that of a run without it, and
    /// under `.fail` the series before it are written, for any `jobs`. The
    /// CSV header goes before the first series played.
    ///
    /// - Complexity: O(series + frames); memory O(batch size) series.
    public func playAll(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                        write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        var skipped: [SkippedSeries] = []
        var headerWritten = false
        if jobs == 1 {
            // One at a time, frames streamed to `write` in blocks as they are
            // made; what is buffered goes out before an error does.
            var out = TextBuffer(capacity: Self.blockBytes + (1 << 16))
            do {
                for k in 0 ..< count {
                    let plan: ScriptPlan
                    do {
                        plan = try ScriptPlan(script: script, series: try load(k))
                    } catch where isSkippable(.failure(error)) {
                        skipped.append(SkippedSeries(name: name(k), reason: String(describing: error)))
                        continue
                    }
                    try play(plan, header: !headerWritten, into: &out, block: Self.blockBytes, flush: write)
                    headerWritten = true
                }
            } catch {
                try? write(out.bytes)
                throw error
            }
            try write(out.bytes)
            return skipped
        }
        var start = 0
        while start < count {
            // Many small series a batch (their work is mostly per series),
            // few large ones (their frames wait in memory until written).
            var loaded: [Result<Series, any Error>] = []
            var points = 0
            while start + loaded.count < count, loaded.count < jobs * 64, loaded.count < jobs || points < 1 << 20 {
                loaded.append(Result { try load(start + loaded.count) })
                if case let .success(series) = loaded.last! { points += series.count }
                if case .failure = loaded.last!, !isSkippable(loaded.last!) { break }
            }
            for (offset, outcome) in playBatch(loaded).enumerated() {
                switch outcome {
                case let .success(text):
                    if !headerWritten, format == .csv { try write(Array(FrameEncoder.csvHeader(tracks: tracks).utf8)) }
                    headerWritten = true
                    try write(text)
                case let .failure(error):
                    if let stop = error as? StopsTheRun { throw stop.error }
                    guard isSkippable(.failure(error)) else { throw error }
                    skipped.append(SkippedSeries(name: name(start + offset), reason: String(describing: error)))
                }
            }
            start += loaded.count
        }
        return skipped
    }

    /// A data or script error while loading or planning one series, under `.skip`.
    private func isSkippable(_ outcome: Result<Series, any Error>) -> Bool {
        guard case let .failure(error) = outcome, onSeriesError == .skip,
              let error = error as? RangePipeError else { return false }
        return error.status == .dataError
    }

    /// Each series' frames as text (without the CSV header), or why it
    /// could not be played: loading errors pass through, planning and
    /// playing errors are caught per series.
    private func playBatch(_ loaded: [Result<Series, any Error>]) -> [Result<[UInt8], any Error>] {
        let session = self
        @Sendable func playOne(_ outcome: Result<Series, any Error>) -> Result<[UInt8], any Error> {
            let plan: ScriptPlan
            do {
                plan = try ScriptPlan(script: session.script, series: try outcome.get())
            } catch {
                return .failure(error)
            }
            // A failure once frames exist (the frame cap) stops the run, as
            // it does with one job, where frames have already been written.
            var out = TextBuffer()
            do {
                try session.play(plan, header: false, into: &out)
            } catch {
                return .failure(StopsTheRun(error: error))
            }
            return .success(out.takeBytes())
        }
        if loaded.count <= 1 { return loaded.map(playOne) }
        let results = ResultSlots(count: loaded.count)
        let workers = min(jobs, loaded.count)
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            // Worker w plays series w, w + workers, …; each into its own buffer.
            for k in stride(from: worker, to: loaded.count, by: workers) {
                results.set(k, playOne(loaded[k]))
            }
        }
        return (0 ..< loaded.count).map(results.get)
    }
}

/// An error met while playing a series' frames, after planning passed.
private struct StopsTheRun: Error {
    var error: any Error
}

/// Per-series results filled from worker threads.
///
/// `@unchecked Sendable` is sound: `slots` is only read or written while
/// holding `lock`, and each slot is set once before it is read.
final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<[UInt8], any Error>?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ value: Result<[UInt8], any Error>) {
        lock.wait()
        slots[k] = value
        lock.signal()
    }

    func get(_ k: Int) -> Result<[UInt8], any Error> {
        lock.wait()
        defer { lock.signal() }
        return slots[k]!
    }
}
