#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The system calls behind the store's files, with Swift signatures: the
/// one place in Store that imports the platform's C library.
extension AtomicFile {
    /// How a `link` ended.
    enum LinkOutcome {
        case linked
        case pathExists
        case failed(reason: String)
    }

    /// This process' id (it names the temporary file).
    static var processID: Int32 { getpid() }

    /// True when anything is at `path`.
    static func fileExists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// True when `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// True when this process may write to `path`.
    static func isWritable(_ path: String) -> Bool { access(path, W_OK) == 0 }

    /// Renames `from` to `to`, replacing it; the system's reason on failure.
    static func renameFile(_ from: String, to: String) -> String? {
        rename(from, to) == 0 ? nil : String(cString: strerror(errno))
    }

    /// Links `to` to the file at `from`, never replacing `to`.
    static func linkFile(_ from: String, to: String) -> LinkOutcome {
        if link(from, to) == 0 { return .linked }
        if errno == EEXIST { return .pathExists }
        return .failed(reason: String(cString: strerror(errno)))
    }

    /// Removes the file at `path`, if any.
    static func removeFile(_ path: String) { unlink(path) }

    /// The names in `directory`, or nil when it cannot be read.
    static func directoryEntries(_ directory: String) -> [String]? {
        guard let dir = opendir(directory) else { return nil }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            names.append(withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) })
        }
        return names
    }

    /// True when no process `pid` exists any more.
    static func processIsGone(_ pid: Int32) -> Bool { kill(pid, 0) != 0 && errno == ESRCH }
}
