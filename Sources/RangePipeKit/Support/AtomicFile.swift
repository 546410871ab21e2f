/// A file written under a temporary name beside its final path
/// (`PATH.tmp-PID`, same directory, so the move is atomic) and moved into
/// place only when complete: a failed or killed run never leaves a
/// half-written file at `path`.
///
/// `companions` are suffixes of files that travel with the temporary one
/// (SQLite's `-wal` and `-shm`) and are removed with it.
public struct AtomicFile: Sendable {
    /// Where the finished file goes.
    public let path: String
    /// Where it is written meanwhile.
    public let temporaryPath: String
    /// Suffixes of files beside the temporary one, removed with it.
    public let companions: [String]

    /// A file for `path`, written at `path.tmp-PID` until it is moved.
    public init(path: String, companions: [String] = []) {
        self.path = path
        self.temporaryPath = "\(path)\(Self.temporaryInfix)\(Self.processID)"
        self.companions = companions
    }

    private static let temporaryInfix = ".tmp-"

    /// Replaces whatever is at `path` with the temporary file (`rename`).
    /// - Throws: `.cannotCreate` with the system's reason; the temporary
    ///   file is removed then.
    public func replace() throws {
        if let reason = Self.renameFile(temporaryPath, to: path) {
            removeTemporary()
            throw RangePipeError.cannotCreate(path: path, reason: reason)
        }
    }

    /// Puts the temporary file at `path` only if nothing is there (`link`:
    /// never replaces a file another process created meanwhile). The
    /// temporary name stays until `removeTemporary`.
    /// - Returns: false when `path` exists already.
    /// - Throws: `.cannotCreate` for any other failure.
    public func createOnly() throws -> Bool {
        switch Self.linkFile(temporaryPath, to: path) {
        case .linked: return true
        case .pathExists: return false
        case let .failed(reason): throw RangePipeError.cannotCreate(path: path, reason: reason)
        }
    }

    /// Removes the temporary file and its companions (missing ones are fine).
    public func removeTemporary() {
        Self.remove(temporaryPath, companions: companions)
    }

    /// Removes temporary files for `path` left by processes that are gone
    /// (a run killed before it could move or remove its file); those of
    /// live processes are left alone.
    /// - Complexity: one pass over the directory.
    public static func removeAbandoned(of path: String, companions: [String] = []) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + temporaryInfix
        guard let names = directoryEntries(directory.isEmpty ? "/" : directory) else { return }
        for name in names {
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if processIsGone(pid) {
                remove((directory.isEmpty ? "" : directory) + "/" + name, companions: companions)
            }
        }
    }

    /// Fails unless the directory `path` would be created in exists and is
    /// writable, with the reason a user can act on.
    /// - Throws: `.cannotCreate`.
    public static func requireWritableDirectory(for path: String) throws {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        guard isDirectory(directory.isEmpty ? "/" : directory) else {
            throw RangePipeError.cannotCreate(path: path, reason: "no such directory '\(directory)'")
        }
        guard isWritable(directory.isEmpty ? "/" : directory) else {
            throw RangePipeError.cannotCreate(path: path, reason: "directory '\(directory)' is not writable")
        }
    }

    /// True when the directory `path` is in may be written (a file could
    /// be created beside it).
    public static func directoryIsWritable(for path: String) -> Bool {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        return isWritable(directory.isEmpty ? "/" : directory)
    }

    private static func remove(_ file: String, companions: [String]) {
        removeFile(file)
        for suffix in companions { removeFile(file + suffix) }
    }
}

extension AtomicFile {
    /// Runs `body` with the temporary file (and its companions) removed if
    /// SIGINT, SIGTERM or SIGHUP ends the process meanwhile.
    public func whileInterruptible<T>(_ body: () throws -> T) rethrows -> T {
        MemoryGuard.name(path)
        let tokens = ([temporaryPath] + companions.map { temporaryPath + $0 }).map(InterruptCleanup.register)
        defer { tokens.forEach(InterruptCleanup.unregister) }
        return try body()
    }
}
