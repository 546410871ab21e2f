/// `playAll` with more than one job: a batch of series played on worker
/// threads while the calling thread writes their blocks in series order.
extension PlayJob {
    /// Frames of later series that may wait in memory for the writer, in
    /// bytes: 64 MiB per job beyond the first. Past it their workers wait.
    static func queuedBytes(jobs: Int) -> Int { (jobs - 1) * (64 << 20) }

    /// Plays `loaded` (series `first`, `first + 1`, … of the run) on up to
    /// `jobs` threads and writes their frames through `write` in order, the
    /// CSV header before the first series played. Returns the series
    /// skipped under `.skip`; throws the first other error in series order,
    /// after the series before it are written (and the frames a failing
    /// series made before its error, as with one job).
    /// - Complexity: O(frames); memory O(`queuedBytes(jobs:)` + jobs blocks).
    func streamBatch(_ loaded: [Result<Series, any Error>], first: Int, name: (Int) -> String,
                     headerWritten: inout Bool, write: ([UInt8]) throws -> Void) throws -> [SkippedSeries] {
        let channel = OrderedBlocks(count: loaded.count, budget: Self.queuedBytes(jobs: jobs),
                                    blockCapacity: Self.blockBytes + (1 << 16))
        let workers = min(jobs, loaded.count)
        let session = self
        var threads: [Platform.Thread] = []
        for worker in 0 ..< workers {
            // Worker w plays series w, w + workers, … in order.
            let run = {
                // One buffer a worker: a short series leaves its room for the next.
                var out = TextBuffer()
                for k in stride(from: worker, to: loaded.count, by: workers) where !channel.isCancelled {
                    session.produce(loaded[k], k, channel, into: &out)
                }
            }
            if let thread = Platform.startThread(run) {
                threads.append(thread)
            } else {
                // No thread: play here, before the writer starts, keeping everything.
                channel.liftBudget()
                run()
            }
        }
        defer {
            channel.cancel()
            threads.forEach(Platform.join)
        }
        var skipped: [SkippedSeries] = []
        for k in loaded.indices {
            while true {
                var (blocks, end) = channel.take(k)
                blocks.reverse()
                // Popped, each block is held once: given back, it is reused in place.
                while let bytes = blocks.popLast() {
                    try writeHeader(&headerWritten, write)
                    try write(bytes)
                    channel.recycle(bytes)
                }
                guard let end else { continue }
                switch end {
                case .success:
                    try writeHeader(&headerWritten, write)
                case let .failure(error):
                    if let stop = error as? StopsTheRun {
                        try writeHeader(&headerWritten, write)
                        throw stop.error
                    }
                    guard isSkippable(.failure(error)) else { throw error }
                    skipped.append(SkippedSeries(name: name(first + k), reason: String(describing: error)))
                }
                break
            }
        }
        return skipped
    }

    /// The CSV header, once, before the first series played.
    private func writeHeader(_ written: inout Bool, _ write: ([UInt8]) throws -> Void) throws {
        guard !written else { return }
        written = true
        if format == .csv { try write(Array(FrameEncoder.csvHeader(tracks: tracks).utf8)) }
    }

    /// Plans and plays one series on a worker, handing its blocks and its
    /// end to `channel`. Loading and planning errors end it before any
    /// frame; an error once frames exist (the frame cap) stops the run
    /// after the frames made so far, as it does with one job.
    private func produce(_ loaded: Result<Series, any Error>, _ k: Int, _ channel: OrderedBlocks,
                         into out: inout TextBuffer) {
        let plan: ScriptPlan
        do {
            plan = try ScriptPlan(script: script, series: try loaded.get())
        } catch {
            channel.end(k, .failure(error))
            return
        }
        out.removeAll()
        do {
            try play(plan, header: false, into: &out, block: Self.blockBytes) { bytes in
                guard channel.put(bytes, for: k) else { throw Cancelled() }
                return channel.nextRoom()
            }
        } catch is Cancelled {
            return
        } catch {
            if out.count > 0, !channel.put(out.bytes, for: k) { return }
            channel.end(k, .failure(StopsTheRun(error: error)))
            return
        }
        // A short last block is copied, so a full block's room is not kept waiting.
        if out.count > 0, !channel.put(out.bytes, for: k) { return }
        channel.end(k, .success(()))
    }
}

/// An error met while playing a series' frames, after planning passed.
private struct StopsTheRun: Error {
    var error: any Error
}

/// The run was cancelled while a worker was playing.
private struct Cancelled: Error {}
