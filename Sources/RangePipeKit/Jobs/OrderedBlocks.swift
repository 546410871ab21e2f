/// Output blocks made by worker threads, one series (or run of series) each
/// at a time, taken by one writer in order; each ends with an `End` (how it
/// went).
///
/// The series being written streams: its blocks go out as they are made.
/// Later series' blocks wait in memory, up to `budget` bytes in all; past it
/// their workers wait until the writer reaches their series or frees room.
/// The writer's series never waits, and every series before it has ended,
/// so some worker can always go on (workers take series in order, and end
/// each before they take the next: `RunFeed.claim`).
/// Written blocks come back as room for the next ones, so steady output
/// allocates and faults in no new memory.
///
/// `@unchecked Sendable`: every stored `var` is read and written only
/// inside `lock.withLock`; `lock` and `blockCapacity` are `let`. A block is
/// handed over whole (the giver keeps no use of it).
final class OrderedBlocks<End>: @unchecked Sendable {
    private let lock = Platform.Condition()
    /// Series `offset + i`'s blocks and end at `i`: grown as series come,
    /// and the front the writer is done with dropped now and then.
    private var blocks: [[[UInt8]]]
    private var ends: [End?]
    private var offset = 0
    private var queuedBytes = 0
    /// The most bytes queued at once (for tests of the budget).
    private var peak = 0
    private var budget: Int
    private var writing = 0
    private var cancelled = false
    private var room: [[UInt8]] = []
    private let blockCapacity: Int

    /// Queues for series 0, 1, …, room made for `count` of them up front
    /// (more come as they are used); blocks have `blockCapacity` bytes of room.
    init(count: Int = 0, budget: Int, blockCapacity: Int) {
        blocks = Array(repeating: [], count: count)
        ends = Array(repeating: nil, count: count)
        self.budget = budget
        self.blockCapacity = blockCapacity
    }

    /// Where series `k` is kept, growing the queues to it (under `lock`).
    private func slot(_ k: Int) -> Int {
        let i = k - offset
        if i >= ends.count {
            blocks += repeatElement([], count: i + 1 - blocks.count)
            ends += repeatElement(nil, count: i + 1 - ends.count)
        }
        return i
    }

    /// A worker hands on series `k`'s next block of bytes. Unless the
    /// writer is on series `k`, it waits while the queued bytes are over
    /// budget (and something is queued: a block is never refused outright).
    /// Returns false, dropping the block, once the run is cancelled.
    func put(_ block: [UInt8], for k: Int) -> Bool {
        lock.withLock {
            while !cancelled, k != writing, queuedBytes > 0, queuedBytes + block.count > budget {
                lock.wait()
            }
            guard !cancelled else { return false }
            queuedBytes += block.count
            peak = max(peak, queuedBytes)
            blocks[slot(k)].append(block)
            lock.broadcast()
            return true
        }
    }

    /// A worker ends series `k`: played, or why not. Nothing of it follows.
    func end(_ k: Int, _ result: End) {
        lock.withLock {
            ends[slot(k)] = result
            lock.broadcast()
        }
    }

    /// The writer takes the blocks queued for series `k`, in order, waiting
    /// until there are some or the series has ended; `end` is set once
    /// these are its last. Series before `k` must have ended.
    func take(_ k: Int) -> (blocks: [[UInt8]], end: End?) {
        lock.withLock {
            if writing != k {
                writing = k
                lock.broadcast()
            }
            while blocks[slot(k)].isEmpty, ends[slot(k)] == nil { lock.wait() }
            let i = slot(k)
            let taken = blocks[i]
            blocks[i] = []
            for block in taken { queuedBytes -= block.count }
            lock.broadcast()
            let end = ends[i]
            // Series before `k` are written: their places go, O(1) a series.
            if i >= 1024, 2 * i >= ends.count {
                blocks.removeFirst(i)
                ends.removeFirst(i)
                offset = k
            }
            return (taken, end)
        }
    }

    /// The most bytes that waited at once so far.
    var peakQueuedBytes: Int { lock.withLock { peak } }

    /// The writer gives a written block back as room for a worker's next
    /// (kept if it is a full block's size: a short last block is a copy).
    func recycle(_ block: [UInt8]) {
        guard block.capacity >= blockCapacity / 2 else { return }
        lock.withLock { if room.count < 8 { room.append(block) } }
    }

    /// Room for a worker's next block: a written one, or a new one.
    func nextRoom() -> [UInt8] {
        if let block = lock.withLock({ room.popLast() }) { return block }
        return Array(repeating: 0, count: blockCapacity)
    }

    /// Whether the run was stopped (workers then start no more series).
    var isCancelled: Bool { lock.withLock { cancelled } }

    /// Stops the run: waiting workers wake and every later `put` fails.
    func cancel() {
        lock.withLock {
            cancelled = true
            lock.broadcast()
        }
    }

    /// Lets every block queue without waiting (when a worker has to run on
    /// the writer's thread before the writer starts).
    func liftBudget() {
        lock.withLock {
            budget = .max
            lock.broadcast()
        }
    }
}
