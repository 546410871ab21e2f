
/// What `play` does with a series it cannot play (too few points, a window
/// or field the script names that the series lacks, a damaged column).
package enum SeriesErrorPolicy: String, CaseIterable, Sendable {
    /// Stop at the first such series (exit 65), as one series would.
    case fail
    /// Leave it out, name it through `skipped`, and go on.
    case skip
}

/// A series `play --on-series-error skip` left out, and why.
package struct SkippedSeries: Sendable, Equatable {
    package var name: String
    package var reason: String
}

/// Plays one script over several series (SPEC 1.3): each series
/// independently, output grouped by series in the order given, and
/// byte-identical for any number of jobs.
package struct PlayJob: Sendable {
    /// The most `--jobs` (threads) a play starts.
    package static let maxJobs = 4096
    package var script: Script
    package var tracks: Set<Track>
    package var format: FrameFormat
    package var time: TimeOutputFormat
    package var jobs: Int
    package var onSeriesError: SeriesErrorPolicy

    /// A job playing `script` with these tracks and formats on `jobs` threads (at least 1).
    package init(script: Script, tracks: Set<Track>, format: FrameFormat, time: TimeOutputFormat, jobs: Int,
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
    package func play(_ series: Series, header: Bool, _ write: (String) throws -> Void) throws {
        var out = TextBuffer()
        try play(ScriptPlan(script: script, series: series), header: header, into: &out)
        try write(String(decoding: out.takeBytes(), as: UTF8.self))
    }

    /// What every series of a run shares, worked out once: the track
    /// switches, and an encoder copied for each series.
    struct Shared {
        var switches: TrackSwitches
        var encoder: FrameEncoder
        /// The script, held once for every series' plan.
        var script: ScriptPlan.Source
    }

    /// The parts of playing that do not depend on the series.
    func shared() -> Shared {
        Shared(switches: TrackSwitches(tracks),
               encoder: FrameEncoder(series: "", axis: .number, categories: [], tracks: tracks, time: time, format: format,
                                     label: script.annotation.format),
               script: ScriptPlan.Source(script))
    }

    /// Appends one series' frames to `out`.
    func play(_ plan: ScriptPlan, header: Bool, into out: inout TextBuffer) throws {
        var memo = FrameEncoder.LineMemo()
        try play(plan, header: header, into: &out, shared: shared(), memo: &memo)
    }

    /// `play(_:header:into:)` with what the run shares (`shared()`, worked
    /// out once when many series are played), and its output in blocks:
    /// once `out` holds `block` bytes they go to `flush`, which leaves in
    /// its argument the memory to make the next block in (the same array
    /// once written, or other room). Handed `inout`, the block has one
    /// owner throughout: one returned while the caller's copy lived would
    /// be copied in full to be refilled (a fresh 1 MiB, faulted in, per
    /// block).
    /// `memo` is the thread's `FrameEncoder.LineMemo` (kept from series
    /// to series for its memory).
    func play(_ plan: ScriptPlan, header: Bool, into out: inout TextBuffer, shared: Shared,
              memo: inout FrameEncoder.LineMemo,
              block: Int = .max, flush: (inout [UInt8]) throws -> Void = { _ in }) throws {
        let encoder = shared.encoder.forSeries(plan.seriesName, axis: plan.axis, categories: plan.categories, room: &memo.name)
        if header, format == .csv { out.append(string: encoder.csvHeader) }
        memo.reset()
        try FrameStream(plan: plan, switches: shared.switches).run { frame in
            encoder.encode(frame, into: &out, memo: &memo)
            if out.count >= block {
                // The block goes out; memory comes back (often the same) for the next one.
                var bytes = out.takeBytes()
                try flush(&bytes)
                out.reuse(consume bytes)
            }
        }
    }

    /// Plays every series; `name` and `load` give a series by position
    /// (`load` is called in order, one call at a time, on the calling
    /// thread or with `jobs` > 1 a loader thread), `write` receives text
    /// in output order. Returns the series skipped under `.skip`.
    ///
    /// Series are loaded in order, then planned and played — in parallel
    /// with `jobs` > 1: runs of consecutive series loaded on a thread of
    /// their own ahead of the workers (bounded memory for any count),
    /// each run played by the first worker free, the run being written
    /// streaming and later ones queued up to a budget (`playAllParallel`)
    /// — and written in order. A series
    /// that cannot be played is found while planning, before any of its frames exist, so
    /// under `.skip` the output is exactly that of a run without it, and
    /// under `.fail` the series before it are written, for any `jobs`. The
    /// CSV header goes before the first series played.
    ///
    /// `jobs` narrows to what fits the memory budget (`jobsWithinBudget`).
    ///
    /// - Complexity: O(series + frames); memory O(`heldSeries` series) plus
    ///   `queuedBytes(jobs:)` of frames waiting to be written.
    package func playAll(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                        write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        var job = self
        job.jobs = jobsWithinBudget()
        guard job.jobs > 1 else { return try playAllInOrder(count: count, name: name, load: load, write: write) }
        return try job.playAllParallel(count: count, name: name, load: load, write: write)
    }

    /// `playAll` on the calling thread.
    func playAllInOrder(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                                write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        var skipped: [SkippedSeries] = []
        var headerWritten = false
        // One at a time, frames streamed to `write` in blocks as they are
        // made; what is buffered goes out before an error does.
        var out = TextBuffer(capacity: Self.blockBytes + (1 << 16))
        let shared = shared()
        var memo = FrameEncoder.LineMemo()
        do {
            for k in 0 ..< count {
                let plan: ScriptPlan
                do {
                    plan = try ScriptPlan(script, source: shared.script, series: try load(k), buttons: shared.switches.preset)
                } catch where isSkippable(.failure(error)) {
                    skipped.append(SkippedSeries(name: name(k), reason: String(describing: error)))
                    continue
                }
                try play(plan, header: !headerWritten, into: &out, shared: shared, memo: &memo, block: Self.blockBytes) { bytes in
                    try write(bytes)
                }
                headerWritten = true
            }
        } catch {
            try? write(out.bytes)
            throw error
        }
        try write(out.bytes)
        return skipped
    }

    /// A data or script error while loading or planning one series, under `.skip`.
    func isSkippable(_ outcome: Result<Series, any Error>) -> Bool {
        guard case let .failure(error) = outcome, onSeriesError == .skip,
              let error = error as? RangePipeError else { return false }
        return error.status == .dataError
    }
}
