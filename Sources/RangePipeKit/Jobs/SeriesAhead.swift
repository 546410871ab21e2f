/// The series of one grouped file (`ParsedInput.buildsConcurrently`), of
/// `minimumMeanRows` rows or more on average (`pays(for:)`), in
/// the order the store writes them, each built and digested
/// (`SeriesDigest`: its hash and field ranges) ahead of the write, on up
/// to `helpers` threads while the calling thread writes the series
/// before: `ingest --jobs N` runs what follows the parse (gathering each
/// series' rows, sorting, hashing) on N - 1 cores beside SQLite's writes.
///
/// The series are cut into batches of consecutive ones (`batchCells`
/// values and `batchSeries` series at most, or one series); each helper
/// builds a whole batch, and the batches are handed over in order, so
/// what is written, and any error, is what one thread building each
/// series in turn gives. A batch
/// of one series larger than `batchCells` is built by the calling thread
/// when its turn comes, so at most one such series is held at once, as
/// with one job.
struct SeriesAhead {
    /// One series ready to write, or the error building it met.
    typealias Ready = Result<(item: IngestedSeries, digest: SeriesDigest), any Error>

    /// Whether building `parsed`'s series ahead pays: a grouped file whose
    /// series hold `minimumMeanRows` rows or more on average. Handing a
    /// series over costs about 2,400 instructions (callgrind, 10^5
    /// one-point series: 10% more than building each as it is written);
    /// building one costs about 90 a row of two columns (`ts.csv`).
    /// - Complexity: O(1).
    static func pays(for parsed: ParsedInput) -> Bool {
        parsed.buildsConcurrently && parsed.keptRows >= minimumMeanRows * parsed.count
    }

    static let minimumMeanRows = 256

    /// A batch's most values (x and fields): 4 MiB of them. And its most
    /// series: the writes wait for the first batch, so a fleet of small
    /// series starts writing after 2,048 of them, not 2^19.
    static let batchCells = 1 << 19, batchSeries = 2048

    private let parsed: ParsedInput
    private let order: [Int]
    private let helpers: Int
    /// Positions in `order`, one range a batch, cut up front.
    private let batches: [Range<Int>]
    private let large: [Bool]
    /// The first batch not started yet.
    private var nextBatch = 0
    /// Batches being built on helpers, in order.
    private var pending: [BackgroundJob<[Ready?]>] = []
    /// The batch being written, and the next series of it to hand over.
    private var current: [Ready?] = []
    private var position = 0
    /// Batches handed to helpers, and built here, so far (for the trace).
    private var builtAhead = 0, builtHere = 0
    /// Series handed over so far, and whether one failed (no helper starts after).
    private var handed = 0
    private var failed = false

    /// Ahead of the writes of `order` (indices into `parsed`), on up to
    /// `helpers` threads (none: each batch is built when its turn comes).
    /// - Complexity: O(series) to cut the batches.
    init(parsed: ParsedInput, order: [Int], helpers: Int) {
        precondition(parsed.buildsConcurrently, "SeriesAhead over an input that cannot build concurrently")
        self.parsed = parsed
        self.order = order
        self.helpers = helpers
        let cellsPerRow = parsed.fieldCount + 1
        var batches: [Range<Int>] = [], large: [Bool] = []
        var start = 0, cells = 0
        for (p, k) in order.enumerated() {
            let rows = parsed.rowCount(k)
            if p > start, cells + rows * cellsPerRow > Self.batchCells || p - start == Self.batchSeries {
                batches.append(start ..< p)
                large.append(cells > Self.batchCells)
                (start, cells) = (p, 0)
            }
            cells += rows * cellsPerRow
        }
        if start < order.count {
            batches.append(start ..< order.count)
            large.append(cells > Self.batchCells)
        }
        (self.batches, self.large) = (batches, large)
    }

    /// The next series in `order`, with its digest, or the error that
    /// building it met (the error `ParsedInput.take` would throw).
    /// - Complexity: O(1) amortized on this thread while helpers keep up;
    ///   on a failure, O(rows of the series before it), once.
    mutating func next() -> Ready {
        precondition(!failed, "SeriesAhead.next() after a failure was handed over")
        if position == current.count {
            current = takeBatch()
            position = 0
        }
        defer { position += 1; handed += 1 }
        // Moved out: a written series is freed, not held to the batch's end.
        var ready: Ready?
        swap(&ready, &current[position])
        guard case let .failure(error)? = ready else { return ready! }
        // The error one pass in file order would meet first: worked out
        // here, once, after the helpers stop (it builds series in turn).
        failed = true
        stopHelpers()
        return .failure(parsed.firstError(upTo: order[handed], error))
    }

    /// Waits for the helpers still building (after an error, for one).
    mutating func finish() {
        stopHelpers()
        Trace.say("ahead", "\(builtAhead) of \(batches.count) batches built ahead, \(builtHere) in turn")
    }

    /// Waits for the helpers' batches, dropping them.
    private mutating func stopHelpers() {
        for job in pending { _ = job.join() }
        pending = []
    }

    /// The next batch: a helper's, or built here when none holds it (no
    /// helpers, or a large batch).
    private mutating func takeBatch() -> [Ready?] {
        startHelpers()
        if !pending.isEmpty {
            let batch = pending.removeFirst().join()
            startHelpers()
            return batch
        }
        let range = batches[nextBatch]
        nextBatch += 1
        builtHere += 1
        startHelpers()
        return Self.build(parsed, order[range])
    }

    /// Starts helpers on the next batches, up to `helpers` at once, stopping
    /// at a large one (built here, alone, in its turn).
    private mutating func startHelpers() {
        while !failed, pending.count < helpers, nextBatch < batches.count, !large[nextBatch] {
            let parsed = parsed, series = order[batches[nextBatch]]
            pending.append(BackgroundJob.start { Self.build(parsed, series) })
            nextBatch += 1
            builtAhead += 1
        }
    }

    /// Builds and digests `series` (indices into `parsed`) in turn, up to
    /// the first that fails (nothing after it is written).
    /// - Complexity: O(their rows).
    static func build(_ parsed: ParsedInput, _ series: ArraySlice<Int>) -> [Ready?] {
        var built: [Ready?] = []
        built.reserveCapacity(series.count)
        for k in series {
            do {
                let item = try parsed.series(k)
                built.append(.success((item, SeriesDigest(item.series))))
            } catch {
                built.append(.failure(error))
                break
            }
        }
        return built
    }
}
