/// Items `1 ..< count` worked on ahead by up to `workers` threads while the
/// calling thread takes every item in order (it does item 0 itself).
///
/// Each item is done once: a worker claims the first item nobody has
/// claimed, at most `workers` items past the one the caller is on (so at
/// most `workers` results wait in memory); `take(k)` waits for a worker's
/// result for item `k`, or claims `k` for the calling thread when no worker
/// has (then the caller does it). A worker's result may be nil (its attempt
/// failed, or it declined the item): the caller then does the item itself,
/// so whatever a worker's attempt met, the caller's result is that of doing
/// every item in order.
///
/// `@unchecked Sendable`: every stored `var` is read and written only
/// inside `lock.withLock`, so a result written by a worker is read by the
/// caller only after that worker's write; `lock` and `work` are `let`, and
/// `threads` is only touched by the calling thread (`init`, `finish`).
/// `work` runs on several threads at once, each call on its own item: the
/// caller passes a closure that shares nothing mutable between calls.
final class WorkAhead<Result>: @unchecked Sendable {
    private let lock = Platform.Condition()
    private var claimed: [Bool]
    private var results: [Int: Result?] = [:]
    /// The item the calling thread is on (its last `take`).
    private var current = 0
    private let window: Int
    private var stopped = false
    private var threads: [Platform.Thread] = []
    private let work: (Int) -> Result?

    /// Starts up to `workers` threads (none for fewer than two items).
    init(count: Int, workers: Int, work: @escaping (Int) -> Result?) {
        claimed = Array(repeating: false, count: count)
        window = max(1, workers)
        self.work = work
        for _ in 0 ..< min(max(0, workers), count - 1) {
            guard let thread = Platform.startThread({ [self] in runWorker() }) else { break }
            threads.append(thread)
        }
    }

    private func runWorker() {
        while true {
            let next: Int? = lock.withLock {
                while true {
                    // Item 0 is the caller's: it takes it at once.
                    guard !stopped, claimed.count > 1, let k = claimed[1...].firstIndex(of: false) else { return nil }
                    if k <= current + window {
                        claimed[k] = true
                        return k
                    }
                    lock.wait()  // until the caller moves on (or stops the work)
                }
            }
            guard let next else { return }
            let result = work(next)
            lock.withLock {
                results[next] = .some(result)
                lock.broadcast()
            }
        }
    }

    /// Item `k`'s result from a worker, waiting for it; nil when the
    /// calling thread must do `k` itself (no worker had claimed it, or the
    /// worker's attempt failed).
    func take(_ k: Int) -> Result? {
        lock.withLock {
            current = k
            lock.broadcast()  // workers waiting for the window to move
            if !claimed[k] {
                claimed[k] = true
                return nil
            }
            while results[k] == nil { lock.wait() }
            return results.removeValue(forKey: k) ?? nil
        }
    }

    /// Lets no worker claim another item and waits for the threads (a
    /// worker finishes the item it is on).
    func finish() {
        lock.withLock {
            stopped = true
            lock.broadcast()
        }
        for thread in threads { Platform.join(thread) }
        threads = []
    }
}
