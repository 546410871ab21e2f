/// Runs of series on their way from `play --jobs N`'s loader thread to its
/// workers: added in order, claimed in that order (each by the first worker
/// free), and held in memory within a bound.
///
/// The loader waits for room (`waitForRoom`) before it loads a run: once
/// the runs added and not yet played hold `limit` series or points, until
/// they hold half as many, or none (a series larger than the bound still
/// plays, alone). Waiting for half, not for one run's room, wakes the
/// loader once per half a limit of runs, not once per run. A
/// worker hands a run back once played (`release`), and the loader frees it
/// (`takeReleased`) on its own thread, where its series were made.
///
/// The writer asks for run after run (`exists`): it waits until the run is
/// added, and learns there is none once the loader has closed the feed.
///
/// `@unchecked Sendable`: every stored `var` is read and written only inside
/// `lock.withLock`; `lock` and `limit` are `let`. A run is handed over whole
/// (the giver keeps no use of it).
final class RunFeed<Run>: @unchecked Sendable {
    private let lock = Platform.Condition()
    /// Runs added and not yet claimed: `waiting[head...]`.
    private var waiting: [Run] = []
    private var head = 0
    private var added = 0, claimed = 0
    private var closed = false, cancelled = false
    private var held = (series: 0, points: 0)
    /// The most series held at once (for tests of the bound).
    private var peak = 0
    private var released: [Run] = []
    private let limit: (series: Int, points: Int)
    /// Who waits, so a change wakes threads only when one may go on.
    private var loaderWaits = false, claimsWaiting = 0, writerWaits = false

    /// A feed holding at most about `series` series and `points` points.
    init(series: Int, points: Int) {
        limit = (series, points)
    }

    /// The loader waits until the runs held leave room for one more.
    /// Returns false once the feed is cancelled.
    func waitForRoom() -> Bool {
        lock.withLock {
            guard held.series >= limit.series || held.points >= limit.points else { return !cancelled }
            loaderWaits = true
            while !cancelled, !hasHalfRoom { lock.wait() }
            loaderWaits = false
            return !cancelled
        }
    }

    /// Whether the runs held are down to half the limit, or none.
    private var hasHalfRoom: Bool {
        held.series == 0 || (2 * held.series <= limit.series && 2 * held.points <= limit.points)
    }

    /// The loader adds the next run, of `series` series and `points` points.
    func add(_ run: Run, series: Int, points: Int) {
        lock.withLock {
            waiting.append(run)
            added += 1
            held.series += series
            held.points += points
            peak = max(peak, held.series)
            if claimsWaiting > 0 || writerWaits { lock.broadcast() }
        }
    }

    /// The loader has added its last run.
    func close() {
        lock.withLock {
            closed = true
            lock.broadcast()
        }
    }

    /// A worker takes the next run and its index, waiting for the loader
    /// if need be; nil once every run is taken and the feed is closed, or
    /// once it is cancelled. Runs are taken in order and a worker ends its
    /// run before it takes another, so the writer's run is always taken or
    /// next (`OrderedBlocks` never makes it wait).
    func claim() -> (index: Int, run: Run)? {
        lock.withLock {
            claimsWaiting += 1
            while !cancelled, head == waiting.count, !closed { lock.wait() }
            claimsWaiting -= 1
            guard !cancelled, head < waiting.count else { return nil }
            let run = waiting[head]
            head += 1
            claimed += 1
            // Drop the taken front now and then: O(1) a run over the play.
            if head >= 256, 2 * head >= waiting.count {
                waiting.removeFirst(head)
                head = 0
            }
            return (claimed - 1, run)
        }
    }

    /// A worker has played `run` (of `series` series and `points` points):
    /// it makes room, and goes to the loader to be freed.
    func release(_ run: Run, series: Int, points: Int) {
        lock.withLock {
            released.append(run)
            held.series -= series
            held.points -= points
            if loaderWaits, hasHalfRoom { lock.broadcast() }
        }
    }

    /// The loader takes the runs played since it last asked, to free them.
    func takeReleased() -> [Run] {
        lock.withLock {
            defer { released = [] }
            return released
        }
    }

    /// The writer learns whether run `k` exists, waiting until the loader
    /// adds it or closes the feed; false once the feed is cancelled.
    func exists(_ k: Int) -> Bool {
        lock.withLock {
            writerWaits = true
            while !cancelled, k >= added, !closed { lock.wait() }
            writerWaits = false
            return !cancelled && k < added
        }
    }

    /// The most series held at once so far.
    var peakSeries: Int { lock.withLock { peak } }

    /// Stops the feed: waiting threads wake, no run is claimed, the loader stops.
    func cancel() {
        lock.withLock {
            cancelled = true
            lock.broadcast()
        }
    }
}
