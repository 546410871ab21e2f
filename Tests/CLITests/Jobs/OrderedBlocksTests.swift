import Dispatch
import Foundation
import Testing
@testable import RangePipeKit

/// `play --jobs N`'s hand-over from worker threads to the writer: order,
/// the budget that bounds memory, and cancellation.
@Suite("ordered blocks")
struct OrderedBlocksTests {
    /// Block `b` of series `k`: its bytes name both, so the order can be read back.
    static func block(_ k: Int, _ b: Int, size: Int) -> [UInt8] {
        var bytes = Array("\(k):\(b);".utf8)
        bytes += repeatElement(UInt8(ascii: "."), count: max(0, size - bytes.count))
        return bytes
    }

    @Test("blocks come out whole and in series order for any workers, and the waiting bytes stay within the budget",
          arguments: [1, 2, 3, 5])
    func orderAndBudget(workers: Int) {
        var rng = SystemRandomNumberGenerator()
        let sizes: [[Int]] = (0 ..< 17).map { _ in (0 ..< Int.random(in: 0 ... 6, using: &rng)).map { _ in Int.random(in: 8 ... 300, using: &rng) } }
        let budget = 700
        let channel = OrderedBlocks<Result<Void, any Error>>(count: sizes.count, budget: budget, blockCapacity: 64)
        let group = DispatchGroup()
        for w in 0 ..< workers {
            DispatchQueue.global().async(group: group) {
                for k in stride(from: w, to: sizes.count, by: workers) {
                    for (b, size) in sizes[k].enumerated() { #expect(channel.put(Self.block(k, b, size: size), for: k)) }
                    channel.end(k, .success(()))
                }
            }
        }
        var written: [[UInt8]] = []
        for k in sizes.indices {
            while true {
                let (blocks, end) = channel.take(k)
                written += blocks
                if end != nil { break }
            }
        }
        group.wait()
        let expected = sizes.indices.flatMap { k in sizes[k].indices.map { Self.block(k, $0, size: sizes[k][$0]) } }
        #expect(written == expected)
        // A block waits only while something else is queued, so the budget
        // is exceeded by at most the series being written plus one block.
        #expect(channel.peakQueuedBytes <= budget + 300 * 7)
    }

    @Test("a later series waits at the budget until the writer reaches it, then streams")
    func laterSeriesWaits() throws {
        let channel = OrderedBlocks<Result<Void, any Error>>(count: 2, budget: 250, blockCapacity: 64)
        let progress = Progress()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            for b in 0 ..< 10 {
                #expect(channel.put(Self.block(1, b, size: 100), for: 1))
                progress.set(b + 1)
            }
            channel.end(1, .success(()))
            done.signal()
        }
        // 100 + 100 fit in 250; the third block waits (the writer is on series 0).
        #expect(progress.wait(until: 2))
        // The pause gives the worker time to pass its third put if the budget
        // failed to hold it; on a slow machine the check is weaker, never wrong.
        Thread.sleep(forTimeInterval: 0.2)
        #expect(progress.value == 2)
        channel.end(0, .success(()))
        #expect(channel.take(0).end != nil)
        var blocks: [[UInt8]] = []
        while true {
            let (taken, end) = channel.take(1)
            blocks += taken
            if end != nil { break }
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(blocks == (0 ..< 10).map { Self.block(1, $0, size: 100) })
    }

    @Test("cancel wakes a waiting worker, whose block is refused")
    func cancelWakesWaiters() {
        let channel = OrderedBlocks<Result<Void, any Error>>(count: 2, budget: 10, blockCapacity: 64)
        #expect(channel.put(Self.block(1, 0, size: 20), for: 1))
        let refused = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if !channel.put(Self.block(1, 1, size: 20), for: 1) { refused.signal() }
        }
        // The pause lets the worker reach its wait; had it not yet, its put
        // after the cancel is refused all the same, so no speed makes this fail.
        Thread.sleep(forTimeInterval: 0.1)
        channel.cancel()
        #expect(refused.wait(timeout: .now() + 10) == .success)
        #expect(!channel.put(Self.block(0, 0, size: 1), for: 0))
    }
}

/// A counter one thread sets and another waits on.
private final class Progress: @unchecked Sendable {
    // Sound: `count` is only touched while holding `lock`.
    private let lock = NSCondition()
    private var count = 0

    var value: Int { lock.withLock { count } }

    func set(_ n: Int) {
        lock.withLock {
            count = n
            lock.broadcast()
        }
    }

    /// Waits (up to 10 s) until the count reaches `n`.
    func wait(until n: Int) -> Bool {
        lock.withLock {
            let deadline = Date().addingTimeInterval(10)
            while count < n { if !lock.wait(until: deadline) { return false } }
            return true
        }
    }
}
