/// Items `1 ..< count` worked on ahead by up to `workers` threads while the
/// calling thread takes every item in order (it does item 0 itself).
///
/// Each item is done once: a worker claims the first item nobody has
/// claimed, at most `workers + 1` items past the one the caller is on (so
/// at most `workers + 1` results wait in memory); `take(k)` waits for a worker's
/// result for item `k`, or claims `k` for the calling thread when no worker
/// has (then the caller does it). While it waits, the calling thread works
/// ahead too, on the next item it may claim, so `workers` threads and the
/// caller keep `workers + 1` cores busy. A result worked on ahead may be nil
/// (the attempt failed, or declined the item): the caller then does the
/// item itself in its turn, so whatever an attempt ahead met, the caller's
/// result is that of doing every item in order.
///
/// `@unchecked Sendable`: every stored `var` is read and written only
/// inside `lock.withLock`, so a result written by a worker is read by the
/// caller only after that worker's write; `lock` and `work` are `let`, and
/// `threads` is only touched by the calling thread (`init`, `finish`).
/// `work` runs on several threads at once, each call on its own item: the
/// caller passes a closure that shares nothing mutable between calls.
final class WorkAhead<Result>: @unchecked Sendable {
    private let lock = Platform.Condition()
    private let count: Int
    /// The first item past 0 nobody has claimed: claims go in order (the
    /// caller takes items in order, so one it claims is always this one),
    /// so the claimed items past 0 are exactly `1 ..< next`.
    private var next = 1
    private var results: [Int: Result?] = [:]
    /// The item the calling thread is on (its last `take`).
    private var current = 0
    private let window: Int
    private var stopped = false
    private var threads: [Platform.Thread] = []
    private let work: (Int) -> Result?

    /// Starts up to `workers` threads (none for fewer than two items).
    init(count: Int, workers: Int, work: @escaping (Int) -> Result?) {
        self.count = count
        window = max(0, workers) + 1
        self.work = work
        for _ in 0 ..< min(max(0, workers), count - 1) {
            guard let thread = Platform.startThread({ [self] in runWorker() }) else { break }
            threads.append(thread)
        }
    }

    /// The next item anyone may work on ahead: the first unclaimed one past
    /// item 0, if it is at most `window` past the caller's (one more than
    /// the workers, so a worker done with its item finds the next while the
    /// caller works on another ahead). Call holding `lock`.
    /// - Complexity: O(1).
    private func claimable() -> Int? {
        guard !stopped, next < count, next <= current + window else { return nil }
        return next
    }

    private func runWorker() {
        while true {
            let claim: Int? = lock.withLock {
                while true {
                    if let k = claimable() {
                        next += 1
                        return k
                    }
                    // Nothing left, or stopped: done; else wait until the caller moves on.
                    if stopped || next >= count { return nil }
                    lock.wait()
                }
            }
            guard let claim else { return }
            finishAhead(claim, work(claim))
        }
    }

    private func finishAhead(_ k: Int, _ result: Result?) {
        lock.withLock {
            results[k] = .some(result)
            lock.broadcast()
        }
    }

    /// What the calling thread does next inside `take`.
    private enum Step {
        case doItself, taken(Result?), workAhead(Int), waitAgain
    }

    /// Item `k`'s result worked on ahead, waiting for it (and meanwhile
    /// working on a later item in the window, when there is one); nil when
    /// the calling thread must do `k` itself (nobody had claimed it, or the
    /// attempt ahead failed).
    func take(_ k: Int) -> Result? {
        while true {
            let step: Step = lock.withLock {
                current = k
                lock.broadcast()  // workers waiting for the window to move
                if k == 0 || k >= next {
                    next = max(next, k + 1)
                    return .doItself
                }
                if let result = results.removeValue(forKey: k) { return .taken(result) }
                if let ahead = claimable() {
                    next += 1
                    return .workAhead(ahead)
                }
                lock.wait()
                return .waitAgain
            }
            switch step {
            case .doItself: return nil
            case let .taken(result): return result
            case let .workAhead(ahead): finishAhead(ahead, work(ahead))
            case .waitAgain: continue
            }
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
