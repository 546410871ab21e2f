/// The series store: one SQLite file in WAL mode (SPEC 2).
///
/// A writer holds `BEGIN IMMEDIATE` from `openForWriting` to `commit`, so a
/// second writer waits (`wait`) or fails fast with exit 75, and readers keep
/// reading the last committed state.
public final class SeriesStore {
    /// The path messages name: the user's.
    public let path: String
    /// The file SQLite has open (a temporary name while a store is built).
    let filePath: String
    /// The connection, for the writes that go through `batch` (which may
    /// insert on a thread of its own: see `InsertWriter`).
    let connection: SQLiteConnection
    /// The connection, once every batch handed to the writer thread is in:
    /// this thread may then use it.
    var db: SQLiteConnection {
        batch.waitIdle()
        return connection
    }
    private(set) var inTransaction = false
    private(set) var building = false
    private(set) var snapshotHeld = false
    /// The schema version seen when the snapshot was taken (it cannot
    /// change under it), so loads under a snapshot skip the check.
    private(set) var heldVersion: Int64?
    /// Statements a write or a load runs once per series, prepared once.
    var statements = StatementCache()
    /// Rows of small series written to a store being built, and the id the
    /// next of them gets (nil until first needed).
    var batch = InsertBatch()
    var nextBatchID: Int64?
    /// True when a long series' digest may be made on a thread of its own.
    var digestsAside = false
    /// The pack this write transaction is filling (`PackWriter`).
    var packs = PackWriter()
    /// This write transaction's number (`meta.generation` once committed).
    var generation: Int64 = 0
    /// The store's files' size in bytes, looked at once (a bound on any
    /// stored count; see `checkedPointCount`).
    var fileBytes: Int?
    /// Series up to this many points go through `batch` when building.
    static let batchedPoints = 1024

    init(path: String, db: SQLiteConnection, shownAs: String? = nil) {
        self.path = shownAs ?? path
        filePath = path
        connection = db
    }

    deinit {
        batch.removeAll()
        if inTransaction { try? db.execute("ROLLBACK") }
    }

    /// True when a file is at `path` (a store or not).
    public static func exists(at path: String) -> Bool {
        AtomicFile.fileExists(path)
    }

    /// Opens an existing store for reading (a consistent snapshot per call).
    /// - Throws: `.noInput` when there is no store, `.invalid` for a file
    ///   that is not a store or was written by a newer rangepipe.
    public static func openForReading(path: String) throws -> SeriesStore {
        try removingJournalsLeftOnFailure(path) { try openForReadingAsIs(path: path) }
    }

    private static func openForReadingAsIs(path: String) throws -> SeriesStore {
        guard exists(at: path) else {
            throw RangePipeError.noInput(path: path, reason: "no store here (create one with `rangepipe ingest`)")
        }
        if let kind = try notAFile(path) {
            throw RangePipeError.noInput(path: path, reason: "is \(kind), not a store (name the store's file)")
        }
        let journals = companions.filter { AtomicFile.fileExists(path + $0) }
        // No `-wal`, or an empty one: every commit is in the file itself.
        let committedInFile = (Platform.status(path + "-wal")?.size ?? 0) == 0
        do {
            let db = try SQLiteConnection(path: path, mode: .readOnly)
            db.setBusyTimeout(milliseconds: 5_000)
            let store = SeriesStore(path: path, db: db)
            _ = try store.checkVersion(allowEmpty: true)
            return store
        } catch RangePipeError.cannotCreate(_, _) where !AtomicFile.isWritable(path) || !AtomicFile.directoryIsWritable(for: path) {
            // A WAL store read by someone who may not write it or beside
            // it (a shared store, a read-only mount or directory): SQLite
            // cannot make its `-shm` file, so read the file as it stands,
            // without locks.
            return try openImmutable(path: path)
        } catch RangePipeError.io(_, _) where committedInFile {
            // A full disk: SQLite could not make the `-shm` it wants for
            // reading. With every commit in the file, read it as it stands
            // (and take away the journal files the attempt left).
            removeJournals(of: path, except: journals)
            return try openImmutable(path: path)
        }
    }

    /// Opens (creating if asked) a store and takes the write lock.
    /// - Parameter wait: seconds to wait for another writer; nil fails at once.
    /// - Parameter building: a new file no reader can see yet (built beside
    ///   its final path): written without a journal, in 64 KiB pages, and
    ///   switched to WAL on commit — the column bytes are written once.
    /// - Parameter shownAs: the path messages name (the user's, while a
    ///   new store is built under a temporary name).
    public static func openForWriting(path: String, create: Bool, wait: Double?, building: Bool = false,
                                      shownAs: String? = nil) throws -> SeriesStore {
        if let kind = try notAFile(path) {
            throw RangePipeError.cannotCreate(path: shownAs ?? path, reason: "is \(kind), not a store (name the store's file)")
        }
        let db = try SQLiteConnection(path: path, mode: create ? .create : .readWrite, shownAs: shownAs)
        let store = SeriesStore(path: path, db: db, shownAs: shownAs)
        store.building = building
        db.setBusyTimeout(milliseconds: Int32(min((wait ?? 0) * 1000, Double(Int32.max))))
        // A foreign file or a newer store is refused before anything
        // (the journal mode included) changes in it.
        if !building { _ = try store.checkVersion(allowEmpty: true) }
        do {
            if building {
                // Chunks are 512 KiB blobs: big pages mean short overflow chains.
                try db.execute("PRAGMA page_size=65536")
                try db.execute("PRAGMA journal_mode=OFF")
                // SQLite 3.40 evaluates the `axis IN (...)` CHECK of a
                // multi-row INSERT by refilling an ephemeral table per row,
                // and with 64 KiB pages each refill zeroes a page: ~5,000
                // instructions a series, 10% of a one-point fleet's ingest.
                // Only this process writes a store being built, and every
                // axis it writes is an `Axis` raw value; the constraint
                // stays in the schema for every later writer.
                try db.execute("PRAGMA ignore_check_constraints=ON")
            } else {
                try db.execute("PRAGMA journal_mode=WAL")
            }
            try db.execute("PRAGMA synchronous=NORMAL")
            // SQLite's default 2 MiB cache is 32 of our 64 KiB pages: with
            // 10^5 series the name index alone outgrows it, and every write
            // re-reads and spills pages. Writes get 64 MiB (a ceiling, not
            // an allocation).
            try db.execute("PRAGMA cache_size=-65536")
            try db.execute("BEGIN IMMEDIATE")
        } catch RangePipeError.storeLocked {
            throw RangePipeError.storeLocked(path: path, waited: wait)
        }
        store.inTransaction = true
        switch try store.checkVersion(allowEmpty: true) {
        case 0:
            try db.execute(StoreSchema.create)
            try db.execute("PRAGMA user_version = \(StoreSchema.version)")
            try db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('created_by', 'rangepipe')")
        case 1:
            // In this write's transaction: if the write fails, so does the migration.
            try store.migrateToVersion2()
            try store.migrateToVersion3()
            try store.migrateToVersion4()
        case 2:
            try store.migrateToVersion3()
            try store.migrateToVersion4()
        case 3:
            try store.migrateToVersion4()
        default:
            break
        }
        try store.ensureSources()
        try store.beginGeneration()
        return store
    }

    /// Returns the schema version, refusing stores from a newer rangepipe.
    func checkVersion(allowEmpty: Bool) throws -> Int64 {
        let version = try db.scalarInt("PRAGMA user_version")
        if version < 0 {
            throw RangePipeError.invalid("\(path): not a rangepipe store (unknown schema version \(version))")
        }
        if version > StoreSchema.version {
            throw RangePipeError.invalid("\(path): the store has schema version \(version), newer than this rangepipe understands (\(StoreSchema.version)); upgrade rangepipe")
        }
        if version == 0 {
            let tables = try db.scalarInt("SELECT count(*) FROM sqlite_master")
            if tables > 0 {
                throw RangePipeError.invalid("\(path): not a rangepipe store (a SQLite database with other tables)")
            }
        }
        if version > 0 {
            let expected: Int64 = version >= 3 ? 6 : 5
            let present = try db.scalarInt("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN ('meta', 'series', 'field', 'category', 'chunk', 'pack')")
            if present != expected {
                throw RangePipeError.invalid("\(path): damaged store (\(expected - present) of its tables missing)")
            }
        }
        // Migrations from older versions go here as the schema evolves.
        return version
    }

    /// Commits the write transaction (a store being built switches to WAL).
    /// - Throws: `.io` and the like from SQLite.
    public func commit() throws {
        try batch.flush(db)
        try packs.flush(db)
        try db.execute("COMMIT")
        inTransaction = false
        if building {
            try db.execute("PRAGMA journal_mode=WAL")
        }
    }

    /// The error a failed write reports: one the insert thread met in a
    /// batch handed to it before `error` happened, else `error` itself (as
    /// one thread doing every step in order would have met it). Waits for
    /// the thread's batches; call it before `rollback`.
    public func firstError(before error: any Error) -> any Error {
        batch.settle() ?? error
    }

    /// Abandons the write transaction and any batched rows.
    public func rollback() {
        batch.removeAll()
        packs.removeAll()
        if inTransaction { try? db.execute("ROLLBACK") }
        inTransaction = false
    }

    /// Holds one read transaction until `close`: every later read sees
    /// the same committed state, and reading 10^5 series costs no lock
    /// round trip (and file check) per series.
    public func holdSnapshot() throws {
        guard !inTransaction, !snapshotHeld else { return }
        try db.execute("BEGIN")
        _ = try db.scalarInt("SELECT count(*) FROM sqlite_master")
        heldVersion = try db.scalarInt("PRAGMA user_version")
        snapshotHeld = true
    }

    /// Ends a held snapshot and closes the connection.
    public func close() {
        if snapshotHeld { try? db.execute("COMMIT") }
        snapshotHeld = false
        heldVersion = nil
        // The insert thread first: it may hold the connection.
        batch.removeAll()
        statements.removeAll()
        packs.removeAll()
        db.close()
    }

    // MARK: Writing (inside the write transaction)

    /// Replaces (or creates) a series with these values, recording `source`
    /// (a `sourceID(files:)`) as where it came from; returns its listing
    /// (the field ranges are computed once, for both) and the source of the
    /// series it replaced.
    /// - Parameter isNew: the caller knows the store holds no series of
    ///   this name (a store being built from unique names): no lookup.
    /// - Parameter digest: `SeriesDigest(series)`, made already (on
    ///   another thread); nil makes it here: for a long series after its
    ///   chunks, and beside them on a thread of its own when allowed
    ///   (`digestLongSeriesOnThread`), the row then completed by an update.
    @discardableResult
    public func write(_ series: Series, isNew: Bool = false, source: Int64? = nil,
                      digest: SeriesDigest? = nil) throws -> SeriesWrite {
        precondition(inTransaction, "write outside the write transaction")
        try Self.checkText(of: series)
        if isNew, building, series.count <= Self.batchedPoints {
            return SeriesWrite(info: try writeBatched(series, source: source, digest: digest), replacedSource: nil)
        }
        // Whether the digest follows the chunks depends on the series
        // alone, not on threads: the same statements run for any --jobs.
        let late = digest == nil && series.count >= Self.lateDigestPoints
        let aside = late && digestsAside ? BackgroundJob.start { Self.digestAside(series) } : nil
        if late { Trace.say("ahead", "'\(series.name)': digest made \(aside == nil ? "after" : "beside") its chunks") }
        defer { _ = aside?.join() }
        var digest = late ? nil : digest ?? SeriesDigest(series)
        // Rows still batched must be in before SQLite picks the next id.
        // (Also raises an error the insert thread met: nothing runs after it.)
        try batch.flush(db)
        nextBatchID = nil
        // Children are deleted by the old id (indexed), never by scanning
        // whole tables: a write costs the same with 10 or 10^6 series stored.
        var stored: (hash: String?, changed: Int64)?
        var replaced: Int64?
        if !isNew, let (old, oldHash, oldChanged, oldSource) = try storedChange(of: series.name) {
            stored = (oldHash, oldChanged)
            replaced = oldSource
            for kind in [StatementCache.Kind.deleteFields, .deleteCategories, .deleteChunks, .deleteSeries] {
                let delete = try statements.prepared(kind, db)
                delete.bind(1, old)
                try delete.step()
                delete.reset()
            }
        }
        // The same content written again is no change.
        func changed(_ hash: String) -> Int64 { stored.map { $0.hash == hash ? $0.changed : generation } ?? generation }

        let insert = try statements.prepared(.insertSeries, db)
        defer { insert.reset() }
        let hash = digest.map { ContentHasher.hex($0.hash.hi, $0.hash.lo) }
        insert.bind(1, series.name)
        insert.bind(2, series.axis.rawValue)
        insert.bind(3, series.count)
        insert.bind(4, series.x.first)
        insert.bind(5, series.x.last)
        insert.bind(6, StoreSchema.chunkSize)
        insert.bind(7, hash)
        insert.bind(8, hash.map(changed) ?? generation)
        let packed = try PackWriter.packedBytes(of: series).map { try packs.place(series, bytes: $0, db) }
        insert.bind(9, packed.map { $0.pack })
        insert.bind(10, packed.map { Int64($0.offset) })
        insert.bind(11, source)
        // The first field in the series row; the others in `field` (version 4).
        let first = digest?.info.fields.first
        insert.bind(12, series.fields.first?.name); insert.bind(13, first?.min); insert.bind(14, first?.max)
        insert.bind(15, first.map { Int64($0.missing) })
        try insert.step()
        let id = db.lastInsertRowID

        if packed == nil {
            let chunk = try statements.prepared(.insertChunk, db)
            defer { chunk.reset() }
            try writeColumn(series.x, seriesID: id, column: -1, chunk)
            for (k, f) in series.fields.enumerated() {
                try writeColumn(f.values, seriesID: id, column: k, chunk)
            }
        }
        if digest == nil {
            let made = aside?.join() ?? Self.digestAside(series)
            let hash = ContentHasher.hex(made.hash.hi, made.hash.lo), first = made.info.fields.first
            let update = try statements.prepared(.completeSeries, db)
            defer { update.reset() }
            update.bind(1, hash); update.bind(2, changed(hash))
            update.bind(3, first?.min); update.bind(4, first?.max); update.bind(5, first.map { Int64($0.missing) })
            update.bind(6, id)
            try update.step()
            digest = made
        }
        let info = digest!.info
        let field = try statements.prepared(.insertField, db)
        for (k, f) in info.fields.enumerated().dropFirst() {
            field.reset()
            field.bind(1, id); field.bind(2, k); field.bind(3, f.name)
            field.bind(4, f.min); field.bind(5, f.max); field.bind(6, f.missing)
            try field.step()
        }
        field.reset()
        if !series.categories.isEmpty {
            let category = try statements.prepared(.insertCategory, db)
            for (k, label) in series.categories.enumerated() {
                category.reset()
                category.bind(1, id); category.bind(2, k); category.bind(3, label)
                try category.step()
            }
            category.reset()
        }
        return SeriesWrite(info: info, replacedSource: replaced)
    }

    /// A series this long has its digest made after its chunks are written
    /// (beside them, on a thread, when allowed): one chunk's points.
    static let lateDigestPoints = StoreSchema.chunkSize

    /// `SeriesDigest(series)`, as made beside a long series' chunks: its
    /// own function, so that a profile counts it apart (`make bench-jobs`).
    @inline(never)
    static func digestAside(_ series: Series) -> SeriesDigest { SeriesDigest(series) }
}
