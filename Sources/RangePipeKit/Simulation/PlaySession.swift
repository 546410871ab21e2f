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
public struct PlaySession: Sendable {
    public var script: Script
    public var tracks: Set<Track>
    public var format: FrameFormat
    public var time: TimeOutputFormat
    public var jobs: Int
    public var onSeriesError: SeriesErrorPolicy

    public init(script: Script, tracks: Set<Track>, format: FrameFormat, time: TimeOutputFormat, jobs: Int,
                onSeriesError: SeriesErrorPolicy = .fail) {
        self.script = script
        self.tracks = tracks
        self.format = format
        self.time = time
        self.jobs = max(jobs, 1)
        self.onSeriesError = onSeriesError
    }

    /// Plays one series, writing its frames through `write`.
    public func play(_ series: Series, header: Bool, _ write: (String) throws -> Void) throws {
        try play(PlayPlan(script: script, series: series), header: header, write)
    }

    private func play(_ plan: PlayPlan, header: Bool, _ write: (String) throws -> Void) throws {
        let encoder = FrameEncoder(series: plan.seriesName, axis: plan.axis, categories: plan.categories,
                                   tracks: tracks, time: time, format: format)
        if header, format == .csv { try write(encoder.csvHeader) }
        try Player(plan: plan, tracks: tracks).run { try write(encoder.encode($0)) }
    }

    /// Plays every series; `name` and `load` give a series by position
    /// (loaded on the calling thread, in order), `write` receives text in
    /// output order. Returns the series skipped under `.skip`.
    ///
    /// Series are taken in batches (bounded memory for any count): each is
    /// loaded and planned in order, then the batch is played — in parallel
    /// with `jobs` > 1, into buffers written in order. A series that cannot
    /// be played is found while planning, before any of its frames exist,
    /// so under `.skip` the output is exactly that of a run without it, and
    /// under `.fail` the series before it are written, for any `jobs`.
    ///
    /// - Complexity: O(series + frames); memory O(batch size) series.
    public func playAll(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                        write: (String) throws -> Void) throws -> [SkippedSeries] {
        var skipped: [SkippedSeries] = []
        var headerWritten = false
        let batchSize = jobs == 1 ? 1 : jobs * 16
        var start = 0
        while start < count {
            let end = min(start + batchSize, count)
            var plans: [PlayPlan] = []
            var failure: (any Error)?
            for k in start ..< end {
                do {
                    plans.append(try PlayPlan(script: script, series: try load(k)))
                } catch let error as RangePipeError where error.status == .dataError && onSeriesError == .skip {
                    skipped.append(SkippedSeries(name: name(k), reason: error.description))
                } catch {
                    failure = error
                    break
                }
            }
            try playBatch(plans, headerFirst: !headerWritten, write)
            headerWritten = headerWritten || !plans.isEmpty
            if let failure { throw failure }
            start = end
        }
        return skipped
    }

    private func playBatch(_ plans: [PlayPlan], headerFirst: Bool, _ write: (String) throws -> Void) throws {
        if jobs == 1 || plans.count <= 1 {
            for (k, plan) in plans.enumerated() {
                try play(plan, header: headerFirst && k == 0, write)
            }
            return
        }
        let results = ResultSlots(count: plans.count)
        let session = self
        DispatchQueue.concurrentPerform(iterations: min(jobs, plans.count)) { worker in
            // Worker w plays series w, w + jobs, …; each into its own buffer.
            for k in stride(from: worker, to: plans.count, by: min(session.jobs, plans.count)) {
                var text = ""
                do {
                    try session.play(plans[k], header: headerFirst && k == 0) { text += $0 }
                    results.set(k, .success(text))
                } catch {
                    results.set(k, .failure(error))
                }
            }
        }
        for k in plans.indices {
            try write(try results.get(k).get())
        }
    }
}

/// Per-series results filled from worker threads.
///
/// `@unchecked Sendable` is sound: `slots` is only read or written while
/// holding `lock`, and each slot is set once before it is read.
final class ResultSlots: @unchecked Sendable {
    private var slots: [Result<String, any Error>?]
    private let lock = DispatchSemaphore(value: 1)

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ k: Int, _ value: Result<String, any Error>) {
        lock.wait()
        slots[k] = value
        lock.signal()
    }

    func get(_ k: Int) -> Result<String, any Error> {
        lock.wait()
        defer { lock.signal() }
        return slots[k]!
    }
}
