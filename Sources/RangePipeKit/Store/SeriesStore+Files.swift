#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's files on disk: a new store is built beside its final path
/// and linked into place, so a killed first ingest leaves no store rather
/// than a partial one; SQLite's `-wal`/`-shm` files go with the store.
extension SeriesStore {
    /// Takes the write lock on the store at `path` if there is one (so a
    /// second writer learns at once, not after parsing a large file); nil
    /// when there is no store yet (see `create(at:wait:filling:)`).
    /// - Throws: `.storeLocked` after `wait` seconds, `.invalid` for a file
    ///   that is not a store.
    public static func openExisting(forWritingAt path: String, wait: Double?) throws -> SeriesStore? {
        guard exists(at: path) else { return nil }
        let store = try openForWriting(path: path, create: false, wait: wait)
        // A first ingest killed between linking its build into place and
        // unlinking the build's name leaves that name beside a store.
        removeAbandonedBuilds(of: path)
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
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var info = stat()
        guard stat(directory.isEmpty ? "/" : directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RangePipeError.cannotCreate(path: path, reason: "no such directory '\(directory)'")
        }
        guard access(directory.isEmpty ? "/" : directory, W_OK) == 0 else {
            throw RangePipeError.cannotCreate(path: path, reason: "directory '\(directory)' is not writable")
        }
        removeAbandonedBuilds(of: path)
        let temporary = "\(path).tmp-\(getpid())"
        removeFiles(of: temporary)
        defer { removeFiles(of: temporary) }
        let store = try openForWriting(path: temporary, create: true, wait: wait, building: true)
        let result = try fill(store)
        Trace.say("phases", "store closed")
        if link(temporary, path) != 0 {
            if errno == EEXIST {
                // Another ingest created the store meanwhile: write into it.
                let other = try openForWriting(path: path, create: false, wait: wait)
                return try fill(other)
            }
            throw RangePipeError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        Trace.progress("linked")
        return result
    }

    /// A first ingest killed mid-way leaves its `PATH.tmp-PID` build behind
    /// (never a store at PATH); the next first ingest removes builds whose
    /// process is gone.
    static func removeAbandonedBuilds(of path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
        guard let dir = opendir(directory.isEmpty ? "/" : directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                removeFiles(of: (directory.isEmpty ? "" : directory) + "/" + name)
            }
        }
    }

    /// Removes a store file and SQLite's `-wal` and `-shm` beside it.
    static func removeFiles(of path: String) {
        unlink(path)
        unlink(path + "-wal")
        unlink(path + "-shm")
    }
}
