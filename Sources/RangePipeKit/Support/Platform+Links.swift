#if canImport(Glibc)
import Glibc
#else
import Darwin
#endif

/// Following symbolic links by hand, one `lstat` at a time, as a write
/// through the path would follow them: the one walk `OutputTarget`, the
/// store's first build and `PathIdentity` share, so all three agree on
/// which file a path names.
extension Platform {
    /// What a path leads to: the path after every link (`final`), and the
    /// status of what is there (nil when nothing is: a new file, or a
    /// dangling link's target).
    struct ResolvedPath: Sendable, Equatable {
        let final: String
        let status: FileStatus?
    }

    /// How many links are followed before giving up (Linux's `ELOOP` limit).
    static let linkLimit = 40

    /// Follows the links at `path`; a relative link is read from its own
    /// directory.
    /// - Throws: `.cannotCreate` naming `path` for a link that cannot be
    ///   read, or a loop of links.
    /// - Complexity: one `lstat` per link followed.
    static func resolvingLinks(_ path: String) throws -> ResolvedPath {
        var current = path
        for _ in 0...linkLimit {
            guard let status = status(current, followLinks: false) else {
                return ResolvedPath(final: current, status: nil)
            }
            guard status.kind == .symbolicLink else {
                return ResolvedPath(final: current, status: status)
            }
            guard let target = linkTarget(current) else {
                throw RangePipeError.cannotCreate(path: path, reason: "cannot read the symbolic link '\(current)'")
            }
            current = target.hasPrefix("/") ? target : directoryPrefix(of: current) + target
        }
        throw RangePipeError.cannotCreate(path: path, reason: "too many levels of symbolic links")
    }

    /// `a/b/` for `a/b/c`, empty for a bare name.
    static func directoryPrefix(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }

    /// The directory a file at `path` is made in (`.` for a bare name,
    /// `/` for a name at the root) and the file's own name.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}

extension Platform {
    /// The absolute path `path` names with every link and `.`/`..` resolved
    /// (`realpath`), or `path` itself when it cannot be resolved; `-`
    /// (standard input) stays `-`. What the store records as the file a
    /// series came from, so `./a.csv`, `d/../a.csv` and a link to it agree.
    /// - Complexity: one `lstat` per path component.
    static func canonicalPath(_ path: String) -> String {
        guard path != "-", let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
