/// What is at a store's path: a regular file or nothing (`notAFile`), the
/// journal files a failed open leaves (a full disk), and the immutable
/// read that serves a store whose disk cannot take a `-shm`.
extension SeriesStore {
    /// Runs `open`, and when it fails removes the journal files (`-wal`,
    /// `-shm`) that were not beside the store before it: what SQLite
    /// leaves when it cannot fill them (a full disk), so a failed run
    /// changes nothing on disk.
    static func removingJournalsLeftOnFailure<T>(_ path: String, _ open: () throws -> T) rethrows -> T {
        let before = companions.filter { AtomicFile.fileExists(path + $0) }
        do {
            return try open()
        } catch {
            removeJournals(of: path, except: before)
            throw error
        }
    }

    static func removeJournals(of path: String, except kept: [String]) {
        for suffix in companions where !kept.contains(suffix) { AtomicFile.removeFile(path + suffix) }
    }

    /// The store read as the file stands, without locks or a `-shm`.
    static func openImmutable(path: String) throws -> SeriesStore {
        let db = try SQLiteConnection(path: path, mode: .immutable)
        let store = SeriesStore(path: path, db: db)
        _ = try store.checkVersion(allowEmpty: true)
        return store
    }

    /// What is at `path` when it is not a regular file (links followed):
    /// "a directory", "a FIFO", …; nil for a file or nothing. A store is a
    /// regular file or absent: SQLite would block in `open` on a FIFO and
    /// read a device of zeros as an empty store.
    static func notAFile(_ path: String) throws -> String? {
        guard let kind = try Platform.resolvingLinks(path).status?.kind, kind != .regular else { return nil }
        return kind.described
    }
}
