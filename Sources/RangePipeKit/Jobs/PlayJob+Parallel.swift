/// `playAll` with more than one job: a pipeline of a loader thread (series
/// read in order, a batch ahead), worker threads (runs of consecutive
/// series planned and played) and the calling thread (their blocks written
/// in series order).
extension PlayJob {
    /// Frames of later series that may wait in memory for the writer, in
    /// bytes: 64 MiB per job beyond the first, at most half the memory
    /// budget (`--jobs 64` would queue 4 GiB) but 64 MiB at least; under
    /// an address-space limit at most a quarter of the budget, as
    /// `jobsWithinBudget` plans. Past it their workers wait; the output is
    /// the same, only the waiting changes.
    static func queuedBytes(jobs: Int) -> Int {
        let cap = MemoryBudget.isAddressSpaceLimited ? MemoryBudget.budget / 4 : max(64 << 20, MemoryBudget.budget / 2)
        return min((jobs - 1) * (64 << 20), cap)
    }

    /// The jobs that fit the memory budget (`MemoryBudget.threads`): at
    /// most `jobs`. One pass holds the loader's thread, two batches of
    /// points (one playing, one loading: x, y and their frames' values,
    /// about 32 bytes a point) and the queue (`queuedBytes`); each worker
    /// adds the block it fills and the one it hands on. The output is the
    /// same for any count (`playAll`).
    /// - Complexity: O(jobs).
    func jobsWithinBudget() -> Int {
        let onePass = MemoryBudget.threadBytes + 2 * 32 * Self.batchPoints + Self.queuedBytes(jobs: jobs)
        let threads = MemoryBudget.threads(jobs, onePass: onePass, perThread: 2 * (Self.blockBytes + (1 << 16)))
        if threads < jobs { Trace.say("play", "\(threads) of \(jobs) jobs fit the memory budget (ulimit -v)") }
        return threads
    }

    /// A batch holds at most this many series (small series: a loaded
    /// batch is a few MiB), or its series up to this many points. Every
    /// batch ends at a barrier (its last run written before the next
    /// batch's first plays), so fewer, larger batches leave the cores idle
    /// less often: 16,384 against 4,096 took `--jobs 2` over 10^6 series
    /// of 3 points from 1.39× to 1.51× `--jobs 1` (docs/fleets.md), for
    /// 9 MB more at the peak.
    static let batchSeries = 16384, batchPoints = 1 << 20

    /// The first batch's most series: a run for each job, so every worker
    /// has one while the next batch loads (the first batch loads alone).
    static func firstBatchSeries(jobs: Int) -> Int { min(max(jobs * runSeries, 256), batchSeries) }

    /// A run one worker plays in one go ends after this many series or
    /// once it holds this many points: small series share a run (and its
    /// blocks), a large one is a run alone.
    static let runSeries = 64, runPoints = 1 << 14

    /// How one run of series went: which were skipped (by position in the
    /// batch), whether any played (the CSV header goes before it), and the
    /// error that stops the run after its output so far, if any.
    struct RunEnd {
        var skipped: [(Int, any Error)] = []
        var played = false
        var stop: (any Error)?
    }

    /// A loaded batch: series `first ..< first + series.count`, and their points.
    struct LoadedBatch {
        var first: Int
        var series: [Result<Series, any Error>]
        var points: Int
        /// True when loading stopped at a series that ends the run (`.fail`).
        var stopped: Bool
    }

    /// `playAll` for `jobs` > 1. While a batch plays, the next loads on
    /// its own thread (unless the batch's series are large: then one batch
    /// at a time, as memory is the bound).
    /// - Complexity: O(series + frames); memory O(two batches) plus
    ///   `queuedBytes(jobs:)`.
    func playAllParallel(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                         write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        try withoutActuallyEscaping(load) { load in
            let loader = LoaderHandle(load: load)
            var skipped: [SkippedSeries] = []
            var headerWritten = false
            var next: BackgroundJob<LoadedBatch>?
            // The loader uses `load`, which must not outlive this call.
            defer { _ = next?.join() }
            // A short first batch, then each at most twice the last: workers
            // start early, and each load overlaps a batch playing that is
            // not much shorter than it.
            let first = Self.firstBatchSeries(jobs: jobs)
            var batch = count > 0 ? loadBatch(from: 0, count: count, limit: first, loader) : nil
            // The series of the batch played last: the next loader drops them.
            var retired: [Result<Series, any Error>] = []
            while var current = batch {
                batch = nil
                let end = current.first + current.series.count
                let limit = min(max(2 * current.series.count, first), Self.batchSeries)
                if end < count, !current.stopped, current.points <= Self.batchPoints {
                    let session = self, played = RetiredSeries(retired)
                    retired = []
                    next = BackgroundJob.start {
                        played.drop()
                        return session.loadBatch(from: end, count: count, limit: limit, loader)
                    }
                }
                skipped += try streamBatch(current.series, first: current.first, name: name,
                                           headerWritten: &headerWritten, write: write)
                // Held only here now: freed off this thread by the next loader.
                swap(&retired, &current.series)
                if let pending = next {
                    next = nil
                    batch = pending.join()
                } else {
                    batch = end < count && !current.stopped ? loadBatch(from: end, count: count, limit: limit, loader) : nil
                }
            }
            return skipped
        }
    }

    /// Loads series `first`, `first + 1`, … in order: up to `batchSeries`,
    /// at least `jobs` unless the points reach `batchPoints`; stops after a
    /// series whose error ends the run.
    /// - Complexity: O(the batch's points).
    func loadBatch(from first: Int, count: Int, limit: Int = batchSeries, _ loader: LoaderHandle) -> LoadedBatch {
        var batch = LoadedBatch(first: first, series: [], points: 0, stopped: false)
        while first + batch.series.count < count, batch.series.count < limit,
              batch.series.count < jobs || batch.points < Self.batchPoints {
            let outcome = Result { try loader.load(first + batch.series.count) }
            batch.series.append(outcome)
            switch outcome {
            case let .success(series): batch.points += series.count
            case .failure: if !isSkippable(outcome) { batch.stopped = true; return batch }
            }
        }
        return batch
    }

    /// Plays `loaded` (series `first`, `first + 1`, … of the run) on up to
    /// `jobs` threads in runs of consecutive series, and writes their
    /// frames through `write` in order, the CSV header before the first
    /// series played. Returns the series skipped under `.skip`; throws the
    /// first other error in series order, after the series before it are
    /// written (and the frames a failing series made before its error, as
    /// with one job).
    /// - Complexity: O(frames); memory O(`queuedBytes(jobs:)` + jobs blocks).
    func streamBatch(_ loaded: [Result<Series, any Error>], first: Int, name: (Int) -> String,
                     headerWritten: inout Bool, write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        let runs = Self.runs(of: loaded)
        let channel = OrderedBlocks<RunEnd>(count: runs.count, budget: Self.queuedBytes(jobs: jobs),
                                            blockCapacity: Self.blockBytes + (1 << 16))
        let workers = min(jobs, runs.count)
        let session = self
        var threads: [Platform.Thread] = []
        for _ in 0 ..< workers {
            // Each worker takes the next run no worker has taken, so one
            // that another thread slowed leaves the rest of the batch to
            // the others, instead of keeping its share of it.
            let work = {
                // One buffer a worker: a short run leaves its room for the next.
                var out = TextBuffer()
                var memo = FrameEncoder.LineMemo()
                // What the run shares, made for this worker: the objects of
                // one shared copy would have their counts written by every
                // core for every series (2.58 against 2.36 s of CPU over
                // 10^6 series, docs/fleets.md).
                let shared = session.shared()
                while let r = channel.claim() {
                    session.produce(runs[r], of: loaded, r, channel, shared, into: &out, memo: &memo)
                }
            }
            if let thread = Platform.startThread(work) {
                threads.append(thread)
            } else {
                // No thread: play here, before the writer starts, keeping everything.
                channel.liftBudget()
                work()
            }
        }
        defer {
            channel.cancel()
            threads.forEach(Platform.join)
        }
        var skipped: [SkippedSeries] = []
        for r in runs.indices {
            while true {
                var (blocks, end) = channel.take(r)
                blocks.reverse()
                // Popped, each block is held once: given back, it is reused in place.
                while let bytes = blocks.popLast() {
                    try writeHeader(&headerWritten, write)
                    try write(bytes)
                    channel.recycle(bytes)
                }
                guard let end else { continue }
                for (k, error) in end.skipped {
                    skipped.append(SkippedSeries(name: name(first + k), reason: String(describing: error)))
                }
                if end.played { try writeHeader(&headerWritten, write) }
                if let stop = end.stop { throw stop }
                break
            }
        }
        return skipped
    }

    /// `loaded` cut into runs of consecutive series (`runSeries`, `runPoints`).
    /// - Complexity: O(series).
    static func runs(of loaded: [Result<Series, any Error>]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = 0, points = 0
        for (k, outcome) in loaded.enumerated() {
            if case let .success(series) = outcome { points += series.count }
            if k + 1 - start >= runSeries || points >= runPoints || k + 1 == loaded.count {
                runs.append(start ..< k + 1)
                start = k + 1
                points = 0
            }
        }
        return runs
    }

    /// The CSV header, once, before the first series played.
    private func writeHeader(_ written: inout Bool, _ write: ([UInt8]) throws -> Void) throws {
        guard !written else { return }
        written = true
        if format == .csv { try write(Array(FrameEncoder.csvHeader(tracks: tracks).utf8)) }
    }

    /// Plans and plays one run of series on a worker, handing its blocks
    /// and its end to `channel`. A series that cannot be planned is skipped
    /// (under `.skip`) or ends the run before any of its frames; an error
    /// once frames exist (the frame cap) ends it after the frames made so
    /// far, as it does with one job.
    private func produce(_ run: Range<Int>, of loaded: [Result<Series, any Error>], _ r: Int,
                         _ channel: OrderedBlocks<RunEnd>, _ shared: Shared, into out: inout TextBuffer,
                         memo: inout FrameEncoder.LineMemo) {
        out.removeAll()
        var end = RunEnd()
        for k in run {
            let plan: ScriptPlan
            do {
                plan = try ScriptPlan(script, source: shared.script, series: try loaded[k].get(), buttons: shared.switches.preset)
            } catch {
                if isSkippable(.failure(error)) {
                    end.skipped.append((k, error))
                    continue
                }
                end.stop = error
                break
            }
            end.played = true
            do {
                try play(plan, header: false, into: &out, shared: shared, memo: &memo, block: Self.blockBytes) { bytes in
                    guard channel.put(bytes, for: r) else { throw Cancelled() }
                    return channel.nextRoom()
                }
            } catch is Cancelled {
                return
            } catch {
                end.stop = error
                break
            }
        }
        // A short last block is copied, so a full block's room is not kept waiting.
        if out.count > 0, !channel.put(out.bytes, for: r) { return }
        channel.end(r, end)
    }
}

/// A played batch's series, handed to the thread that loads the next
/// batch to be freed there: on the writer's thread, between batches,
/// freeing thousands of series would be time no other thread overlaps.
///
/// `@unchecked Sendable`: made by the writer's thread, which keeps no other
/// reference to it or its series, and then used by the one loader thread
/// it is handed to.
private final class RetiredSeries: @unchecked Sendable {
    private var series: [Result<Series, any Error>]

    init(_ series: [Result<Series, any Error>]) { self.series = series }

    /// Frees the series (their last reference) on the calling thread.
    func drop() { series = [] }
}

/// The run was cancelled while a worker was playing.
private struct Cancelled: Error {}
