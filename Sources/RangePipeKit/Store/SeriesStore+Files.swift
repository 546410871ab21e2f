/// The store's files on disk: a new store is built beside its final path
/// and linked into place (`AtomicFile`), so a killed first ingest leaves no
/// store rather than a partial one; SQLite's `-wal`/`-shm` files go with it.
extension SeriesStore {
    /// The files SQLite keeps beside a store in WAL mode.
    static let companions = ["-wal", "-shm"]

    /// Takes the write lock on the store at `path` if there is one (so a
    /// second writer learns at once, not after parsing a large file); nil
    /// when there is no store yet (see `create(at:wait:filling:)`).
    /// - Throws: `.storeLocked` after `wait` seconds, `.invalid` for a file
    ///   that is not a store.
    public static func openExisting(forWritingAt path: String, wait: Double?) throws -> SeriesStore? {
        guard exists(at: path) else { return nil }
        let store = try removingJournalsLeftOnFailure(path) { try openForWriting(path: path, create: false, wait: wait) }
        // A first ingest killed between linking its build into place and
        // unlinking the build's name leaves that name beside a store.
        AtomicFile.removeAbandoned(of: path, companions: companions)
        return store
    }

    /// Creates the store at `path` atomically: `fill` writes, commits and
    /// closes a store built under a temporary name, which is then linked
    /// to `path`. If another ingest created `path` meanwhile, `fill` runs
    /// again on that store (opened for writing) instead.
    /// - Throws: `.cannotCreate` when the directory is missing or not
    ///   writable, or the link fails; whatever `fill` throws (the build is
    ///   removed).
    /// - Complexity: one `fill`, twice only when another writer raced.
    public static func create<T>(at path: String, wait: Double?, filling fill: (SeriesStore) throws -> T) throws -> T {
        // Through a dangling link the store is made where the link points,
        // as `-o` makes its file there.
        let final = try Platform.resolvingLinks(path).final
        try AtomicFile.requireWritableDirectory(for: final)
        AtomicFile.removeAbandoned(of: final, companions: companions)
        let build = AtomicFile(path: final, companions: companions)
        build.removeTemporary()
        defer { build.removeTemporary() }
        let built: T? = try build.whileInterruptible {
            let store = try openForWriting(path: build.temporaryPath, create: true, wait: wait, building: true, shownAs: path)
            let result = try fill(store)
            Trace.say("phases", "store closed")
            return try build.createOnly() ? result : nil
        }
        guard let result = built else {
            // Another ingest created the store meanwhile: write into it.
            let other = try openForWriting(path: path, create: false, wait: wait)
            return try fill(other)
        }
        Trace.progress("linked")
        return result
    }
}
