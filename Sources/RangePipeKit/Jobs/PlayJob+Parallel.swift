/// `playAll` with more than one job: a pipeline of a loader thread (series
/// read in order, in runs, ahead of the workers within a bound), worker
/// threads (each plays the next run no worker has taken) and the calling
/// thread (their blocks written in series order).
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
    /// most `jobs`. One pass holds the loader's thread, the series loaded
    /// and not yet played (`heldPoints`: x, y and their frames' values,
    /// about 32 bytes a point) and the queue (`queuedBytes`); each worker
    /// adds the block it fills and the one it hands on. The output is the
    /// same for any count (`playAll`).
    /// - Complexity: O(jobs).
    func jobsWithinBudget() -> Int {
        let onePass = MemoryBudget.threadBytes + 32 * Self.heldPoints + Self.queuedBytes(jobs: jobs)
        let threads = MemoryBudget.threads(jobs, onePass: onePass, perThread: 2 * (Self.blockBytes + (1 << 16)))
        if threads < jobs { Trace.say("play", "\(threads) of \(jobs) jobs fit the memory budget (ulimit -v)") }
        return threads
    }

    /// Series loaded and not yet played are held to about this many, or
    /// this many points (a run, or one series, more): far enough ahead
    /// that a worker rarely waits for the loader, and a few MiB of small
    /// series. There is no barrier: a worker takes the next run as soon as
    /// it is loaded, so the cores are not left idle while a batch ends and
    /// the next starts (docs/fleets.md).
    static let heldSeries = 32768, heldPoints = 2 << 20

    /// A run one worker plays in one go ends after this many series or
    /// once it holds this many points: small series share a run (and its
    /// blocks), a large one is a run alone.
    static let runSeries = 64, runPoints = 1 << 14

    /// How one run of series went: which were skipped (by their place in
    /// the play list), whether any played (the CSV header goes before it),
    /// and the error that stops the run after its output so far, if any.
    struct RunEnd {
        var skipped: [(Int, any Error)] = []
        var played = false
        var stop: (any Error)?
    }

    /// A loaded run: series `first ..< first + series.count`, and their points.
    struct LoadedRun {
        var first: Int
        var series: [Result<Series, any Error>]
        var points: Int
    }

    /// `playAll` for `jobs` > 1: one loader thread, `jobs` workers, and
    /// the writer here. Falls back to `playAllInOrder` (the same output)
    /// when no worker or no loader thread can be made, before any series
    /// is loaded.
    /// - Complexity: O(series + frames); memory O(`heldSeries` series or
    ///   `heldPoints` points) plus `queuedBytes(jobs:)`.
    func playAllParallel(count: Int, name: (Int) -> String, load: (Int) throws -> Series,
                         write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        try withoutActuallyEscaping(load) { load in
            let feed = RunFeed<LoadedRun>(series: Self.heldSeries, points: Self.heldPoints)
            let channel = OrderedBlocks<RunEnd>(budget: Self.queuedBytes(jobs: jobs), blockCapacity: Self.blockBytes + (1 << 16))
            var threads: [Platform.Thread] = []
            // The loader uses `load`, which must not outlive this call.
            defer {
                feed.cancel()
                channel.cancel()
                threads.forEach(Platform.join)
            }
            let session = self
            for _ in 0 ..< jobs {
                guard let thread = Platform.startThread({ session.work(feed, channel) }) else { break }
                threads.append(thread)
            }
            let loader = LoaderHandle(load: load)
            guard !threads.isEmpty, let thread = Platform.startThread({ session.loadRuns(count: count, loader, into: feed) }) else {
                feed.cancel()
                threads.forEach(Platform.join)
                threads = []
                return try playAllInOrder(count: count, name: name, load: load, write: write)
            }
            threads.append(thread)
            var skipped: [SkippedSeries] = []
            var headerWritten = false
            var r = 0
            while feed.exists(r) {
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
                        skipped.append(SkippedSeries(name: name(k), reason: String(describing: error)))
                    }
                    if end.played { try writeHeader(&headerWritten, write) }
                    if let stop = end.stop { throw stop }
                    break
                }
                r += 1
            }
            return skipped
        }
    }

    /// The loader thread: series 0, 1, … in runs (`runSeries`,
    /// `runPoints`), each loaded once the feed has room, after freeing the
    /// runs played since (here, where they were made); stops after a
    /// series whose error ends the play, or once the feed is cancelled.
    /// - Complexity: O(points + rows read).
    private func loadRuns(count: Int, _ loader: LoaderHandle, into feed: RunFeed<LoadedRun>) {
        defer { feed.close() }
        var next = 0
        while next < count, feed.waitForRoom() {
            _ = feed.takeReleased()
            var run = LoadedRun(first: next, series: [], points: 0)
            var stopped = false
            while next < count, run.series.count < Self.runSeries, run.points < Self.runPoints, !stopped {
                let outcome = Result { try loader.load(next) }
                next += 1
                run.series.append(outcome)
                switch outcome {
                case let .success(series): run.points += series.count
                case .failure: stopped = !isSkippable(outcome)
                }
            }
            let (series, points) = (run.series.count, run.points)
            feed.add(run, series: series, points: points)
            if stopped { return }
        }
    }

    /// A worker thread: plays the next run no worker has taken until none
    /// is left, so one that another thread slowed leaves the rest to the
    /// others instead of keeping a share of them.
    private func work(_ feed: RunFeed<LoadedRun>, _ channel: OrderedBlocks<RunEnd>) {
        // One buffer a worker: a short run leaves its room for the next.
        var out = TextBuffer()
        var memo = FrameEncoder.LineMemo()
        // What the run shares, made for this worker: the objects of one
        // shared copy would have their counts written by every core for
        // every series (2.58 against 2.36 s of CPU over 10^6 series).
        let shared = shared()
        while let (r, run) = feed.claim() {
            produce(run, r, channel, shared, into: &out, memo: &memo)
            let (series, points) = (run.series.count, run.points)
            feed.release(run, series: series, points: points)
        }
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
    private func produce(_ run: borrowing LoadedRun, _ r: Int,
                         _ channel: OrderedBlocks<RunEnd>, _ shared: Shared, into out: inout TextBuffer,
                         memo: inout FrameEncoder.LineMemo) {
        out.removeAll()
        var end = RunEnd()
        for (k, outcome) in run.series.enumerated() {
            let plan: ScriptPlan
            do {
                plan = try ScriptPlan(script, source: shared.script, series: try outcome.get(), buttons: shared.switches.preset)
            } catch {
                if isSkippable(.failure(error)) {
                    end.skipped.append((run.first + k, error))
                    continue
                }
                end.stop = error
                break
            }
            end.played = true
            do {
                try play(plan, header: false, into: &out, shared: shared, memo: &memo, block: Self.blockBytes) { bytes in
                    guard channel.put(bytes, for: r) else { throw Cancelled() }
                    bytes = channel.nextRoom()
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

/// The run was cancelled while a worker was playing.
private struct Cancelled: Error {}
