/// Full batches of rows (`InsertBatch`) inserted on a thread of their own
/// while the writing thread builds the next: an ingest of 10^6 small
/// series spends about 40% of its instructions in SQLite's inserts, and
/// the rest (building each series' rows) then runs beside them.
///
/// The connection is never used by two threads at once (it is opened
/// `SQLITE_OPEN_NOMUTEX`): the writing thread hands batches over and,
/// before it uses the connection itself, waits until every batch handed
/// over is in (`settle`, which `SeriesStore.db` calls). So SQLite sees
/// the statements in the order they would have run on one thread, and the
/// file is the same bytes.
///
/// `@unchecked Sendable`: `jobs`, `spare`, `running`, `stopped` and
/// `failure` are read and written only inside `condition.withLock`;
/// `statements` only by the writer thread, inside `run`; `db` and
/// `condition` are `let`; `thread` only by the thread that made the
/// writer (`start`, `stop`). A job's arrays move through the lock whole,
/// so each is touched by one thread at a time.
final class InsertWriter: @unchecked Sendable {
    /// One batch: `rows` rows of `table`, as `InsertBatch` holds them.
    struct Job {
        var table: InsertBatch.Table
        var rows: Int
        var values: [InsertBatch.Value]
        var bytes: [UInt8]
    }

    private let condition = Platform.Condition()
    private let db: SQLiteConnection
    private var jobs: [Job] = []
    /// Emptied buffers (capacity kept) to hand back to the writing thread.
    private var spare: [(values: [InsertBatch.Value], bytes: [UInt8])] = []
    private var running = false
    private var stopped = false
    private var failure: (any Error)?
    /// Batches inserted, for the `inserts` trace.
    private var done = 0
    private var thread: Platform.Thread?
    private var statements: [SQLiteStatement?] = Array(repeating: nil, count: InsertBatch.Table.allCases.count)

    /// At most this many batches wait: the writing thread then waits too
    /// (memory stays a few batches).
    static let depth = 4

    /// A writer on its own thread, or nil when no thread can be made (the
    /// rows are then inserted by the writing thread).
    static func start(_ db: SQLiteConnection) -> InsertWriter? {
        let writer = InsertWriter(db: db)
        guard let thread = Platform.startThread({ writer.run() }) else { return nil }
        writer.thread = thread
        return writer
    }

    private init(db: SQLiteConnection) {
        self.db = db
    }

    /// Hands `job` over, waiting while `depth` batches wait; returns empty
    /// buffers for the next batch.
    /// - Throws: the first error an insert met (the rest are dropped).
    func submit(_ job: Job) throws -> (values: [InsertBatch.Value], bytes: [UInt8]) {
        try condition.withLock {
            while failure == nil, jobs.count >= Self.depth { condition.wait() }
            if let failure { throw failure }
            jobs.append(job)
            condition.broadcast()
            return spare.popLast() ?? ([], [])
        }
    }

    /// Waits until every batch handed over is in (or dropped after an
    /// error) and returns the first error an insert met: a batch handed
    /// over came before anything the writing thread did after it.
    func settle() -> (any Error)? {
        condition.withLock {
            while running || !jobs.isEmpty { condition.wait() }
            return failure
        }
    }

    /// Drops waiting batches, lets the thread finish the one it is on and
    /// joins it; its statements are finalized before this returns.
    func stop() {
        condition.withLock {
            jobs.removeAll()
            stopped = true
            condition.broadcast()
        }
        if let thread { Platform.join(thread) }
        thread = nil
        // Read after the join: the thread is gone.
        Trace.say("inserts", "the insert thread inserted \(done) batches\(failure.map { ", then failed: \($0)" } ?? "")")
    }

    private func run() {
        while true {
            let next: Job? = condition.withLock {
                while !stopped, jobs.isEmpty { condition.wait() }
                guard !stopped else { return nil }
                running = true
                return jobs.removeFirst()
            }
            guard var job = next else { break }
            let result = Result { try insert(job) }
            job.values.removeAll(keepingCapacity: true)
            job.bytes.removeAll(keepingCapacity: true)
            condition.withLock {
                if case let .failure(error) = result, failure == nil {
                    failure = error
                    jobs.removeAll()
                }
                if spare.count < Self.depth + 2 { spare.append((job.values, job.bytes)) }
                if case .success = result { done += 1 }
                running = false
                condition.broadcast()
            }
        }
        statements = Array(repeating: nil, count: statements.count)
    }

    private func insert(_ job: Job) throws {
        let k = job.table.rawValue
        let statement = try statements[k] ?? InsertBatch.prepare(job.table, rows: job.rows, db)
        statements[k] = statement
        try InsertBatch.insert(job.table, job.values[...], bytes: job.bytes, with: statement, db)
    }
}
