import Dispatch
import Foundation
import Testing
@testable import RangePipeKit

/// `play --jobs N`'s runs from the loader to the workers (`RunFeed`), with
/// their blocks to the writer (`OrderedBlocks`): the whole protocol, on
/// threads, with one worker held up.
@Suite("run feed")
struct RunFeedTests {
    /// A run: its series are the numbers `first ..< first + count`.
    struct Run {
        var first: Int
        var count: Int
    }

    @Test("every run is played once and written in order, one worker slow, the series held within the bound",
          arguments: [1, 2, 3, 5])
    func playedOnceInOrder(workers: Int) {
        var rng = SystemRandomNumberGenerator()
        // Enough runs that both queues drop their fronts (past 256 and 1,024).
        let counts = (0 ..< 3000).map { _ in Int.random(in: 1 ... 9, using: &rng) }
        let limit = 20
        let feed = RunFeed<Run>(series: limit, points: .max)
        let channel = OrderedBlocks<Int>(budget: 1 << 20, blockCapacity: 64)
        let claimed = Claims()
        let group = DispatchGroup()
        for w in 0 ..< workers {
            DispatchQueue.global().async(group: group) {
                while let (r, run) = feed.claim() {
                    claimed.add(r)
                    // Worker 0 is slow: the others take more of the runs.
                    if w == 0, r % 10 == 0 { Thread.sleep(forTimeInterval: 0.001) }
                    for k in run.first ..< run.first + run.count {
                        #expect(channel.put(Array("\(k);".utf8), for: r))
                    }
                    channel.end(r, run.count)
                    feed.release(run, series: run.count, points: 0)
                }
            }
        }
        DispatchQueue.global().async(group: group) {
            var first = 0
            for count in counts {
                guard feed.waitForRoom() else { return }
                feed.add(Run(first: first, count: count), series: count, points: 0)
                first += count
            }
            feed.close()
        }
        var written: [UInt8] = []
        var r = 0
        while feed.exists(r) {
            while true {
                let (blocks, end) = channel.take(r)
                for block in blocks { written += block }
                if end != nil { break }
            }
            r += 1
        }
        #expect(group.wait(timeout: .now() + 60) == .success)
        let total = counts.reduce(0, +)
        #expect(String(decoding: written, as: UTF8.self) == (0 ..< total).map { "\($0);" }.joined())
        #expect(r == counts.count)
        #expect(claimed.taken.sorted() == Array(counts.indices))
        // Room is asked for before a run is loaded: at most one run past the limit.
        #expect(feed.peakSeries < limit + 9)
        #expect(feed.claim() == nil)
    }

    @Test("a run larger than the bound is loaded when nothing else is held")
    func largeRunAlone() {
        let feed = RunFeed<Run>(series: 4, points: 100)
        #expect(feed.waitForRoom())
        feed.add(Run(first: 0, count: 1), series: 1, points: 1_000)
        // Over the bound: the loader waits until the run is played.
        let resumed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if feed.waitForRoom() { resumed.signal() }
        }
        #expect(resumed.wait(timeout: .now() + 0.1) == .timedOut)
        let (r, run) = feed.claim()!
        #expect(r == 0)
        feed.release(run, series: 1, points: 1_000)
        #expect(resumed.wait(timeout: .now() + 10) == .success)
        #expect(feed.takeReleased().map(\.first) == [0])
        #expect(feed.takeReleased().isEmpty)
    }

    @Test("cancel wakes the loader, the workers and the writer, and ends every wait")
    func cancelWakesEveryone() {
        let feed = RunFeed<Run>(series: 1, points: .max)
        feed.add(Run(first: 0, count: 1), series: 1, points: 0)
        _ = feed.claim()
        let woken = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { if !feed.waitForRoom() { woken.signal() } }
        DispatchQueue.global().async { if feed.claim() == nil { woken.signal() } }
        DispatchQueue.global().async { if !feed.exists(1) { woken.signal() } }
        // The pause lets each reach its wait; had one not yet, it sees the
        // cancel all the same, so no speed makes this fail.
        Thread.sleep(forTimeInterval: 0.1)
        feed.cancel()
        for _ in 0 ..< 3 { #expect(woken.wait(timeout: .now() + 10) == .success) }
        #expect(!feed.exists(0))
    }

    @Test("a closed feed has the runs added and no more")
    func closedFeed() {
        let feed = RunFeed<Run>(series: 10, points: .max)
        feed.add(Run(first: 0, count: 2), series: 2, points: 0)
        feed.close()
        #expect(feed.exists(0))
        #expect(!feed.exists(1))
        #expect(feed.claim()?.index == 0)
        #expect(feed.claim() == nil)
    }
}

/// The runs claimed, from any thread.
private final class Claims: @unchecked Sendable {
    // Sound: `claimed` is only touched while holding `lock`.
    private let lock = NSLock()
    private var claimed: [Int] = []

    var taken: [Int] { lock.withLock { claimed } }

    func add(_ r: Int) { lock.withLock { claimed.append(r) } }
}
