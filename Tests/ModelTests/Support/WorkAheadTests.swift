import Foundation
import Testing
@testable import RangePipeKit

/// `WorkAhead`: every item is done exactly once, by a worker or by the
/// caller, and the caller sees a worker's result only for items a worker
/// did and did not fail; for any number of workers.
@Suite("Work ahead: each item once, taken in order")
struct WorkAheadTests {
    /// Counts how often each item was worked on, across threads.
    final class Tally: @unchecked Sendable { // `counts` is only touched holding `lock`.
        let lock = Platform.Mutex()
        var counts: [Int]
        init(_ n: Int) { counts = Array(repeating: 0, count: n) }
        func add(_ k: Int) { lock.withLock { counts[k] += 1 } }
    }

    @Test("items done once; failures and unclaimed items fall to the caller", arguments: [0, 1, 2, 7, 64])
    func eachItemOnce(workers: Int) {
        let count = 40
        let tally = Tally(count)
        let ahead = WorkAhead<Int>(count: count, workers: workers) { k in
            tally.add(k)
            if k % 5 == 0 { usleep(1000) }         // some items take longer
            return k % 7 == 3 ? nil : k * 10      // some attempts fail
        }
        var byCaller: [Int] = []
        for k in 0 ..< count {
            if let value = ahead.take(k) {
                #expect(value == k * 10)
                #expect(k != 0, "item 0 is the caller's")
            } else {
                byCaller.append(k)
                tally.add(k)
            }
        }
        ahead.finish()
        // A failed attempt is done twice (the worker's, then the caller's); every other item once.
        for k in 0 ..< count {
            let failedAhead = byCaller.contains(k) && k % 7 == 3 && tally.counts[k] == 2
            #expect(tally.counts[k] == 1 || failedAhead, "item \(k) done \(tally.counts[k]) times")
        }
        #expect(byCaller.first == 0)
        if workers == 0 { #expect(byCaller == Array(0 ..< count)) }
    }

    /// The item the caller is on, set before each `take`, read by workers.
    final class Position: @unchecked Sendable { // `at` and `furthest` are only touched holding `lock`.
        let lock = Platform.Mutex()
        var at = 0, furthest = 0
        func move(to k: Int) { lock.withLock { at = k } }
        /// How far past the caller item `k` is, remembering the furthest.
        func ahead(_ k: Int) { lock.withLock { furthest = max(furthest, k - at) } }
    }

    @Test("workers run beside the caller, and never more than `workers + 1` items ahead of it", arguments: [1, 2, 5])
    func workersRunAheadWithinTheWindow(workers: Int) {
        let count = 30
        let position = Position()
        // Item 1 is done by a worker while the caller is still on item 0:
        // without threads this waits in vain (a minute, then fails).
        let itemOneDone = DispatchSemaphore(value: 0)
        let ahead = WorkAhead<Int>(count: count, workers: workers) { k in
            position.ahead(k)
            if k == 1 { itemOneDone.signal() }
            return k
        }
        #expect(itemOneDone.wait(timeout: .now() + 60) == .success, "no worker did item 1")
        for k in 0 ..< count {
            position.move(to: k)
            let value = ahead.take(k)
            #expect(value == (k == 0 ? nil : k) || value == nil)
        }
        ahead.finish()
        #expect(position.furthest <= workers + 1, "a worker ran \(position.furthest) items ahead of the caller")
        #expect(position.furthest >= 1)
    }

    /// The caller, waiting for item 1 that its one worker is on, works on
    /// item 2 meanwhile: item 1 is made to finish only once item 2 is done,
    /// so a caller that only waits would wait in vain (a minute, then fail).
    @Test("the caller works ahead while it waits")
    func callerWorksAheadWhileWaiting() {
        let itemOneStarted = DispatchSemaphore(value: 0)
        let itemTwoDone = DispatchSemaphore(value: 0)
        let ahead = WorkAhead<Bool>(count: 4, workers: 1) { k in
            switch k {
            case 1:
                itemOneStarted.signal()
                return itemTwoDone.wait(timeout: .now() + 60) == .success
            case 2:
                itemTwoDone.signal()
                return true
            default:
                return true
            }
        }
        #expect(ahead.take(0) == nil, "item 0 is the caller's")
        #expect(itemOneStarted.wait(timeout: .now() + 60) == .success, "no worker started item 1")
        #expect(ahead.take(1) == true, "item 1 finished without item 2 being done while the caller waited")
        #expect(ahead.take(2) == true)
        _ = ahead.take(3)
        ahead.finish()
    }
}
