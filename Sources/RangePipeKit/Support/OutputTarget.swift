/// Where `-o PATH` writes, decided the way coreutils' tools decide it
/// (`sort -o`, `install`, shell redirection):
///
/// - a regular file, or a path where nothing is yet, is written under a
///   temporary name beside it and renamed into place, keeping an existing
///   file's permission bits;
/// - a device, FIFO or socket is written directly, streaming: it is never
///   replaced (`-o /dev/null` stays the system's device);
/// - a symbolic link is followed, and its final target is what the two
///   rules above apply to (the link itself stays a link);
/// - a directory is refused.
enum OutputTarget: Sendable, Equatable {
    /// Replaced atomically; `permissions` are those of the file it replaces.
    case file(path: String, permissions: UInt32?)
    /// Written in place, as it is.
    case stream(path: String)

    /// How many links are followed before giving up (Linux's `ELOOP` limit).
    static let linkLimit = 40

    /// Looks at what is at `path` now.
    /// - Throws: `.cannotCreate` naming `path` for a directory, a link that
    ///   cannot be read, or a loop of links.
    /// - Complexity: one `lstat` per link followed.
    init(resolving path: String) throws {
        var current = path
        for _ in 0...Self.linkLimit {
            guard let status = Platform.status(current, followLinks: false) else {
                self = .file(path: current, permissions: nil)
                return
            }
            switch status.kind {
            case .regular:
                self = .file(path: current, permissions: status.permissions)
                return
            case .directory:
                throw RangePipeError.cannotCreate(path: path, reason: "is a directory")
            case .fifo, .socket, .characterDevice, .blockDevice, .other:
                self = .stream(path: current)
                return
            case .symbolicLink:
                guard let target = Platform.linkTarget(current) else {
                    throw RangePipeError.cannotCreate(path: path, reason: "cannot read the symbolic link '\(current)'")
                }
                current = target.hasPrefix("/") ? target : Self.directoryPrefix(of: current) + target
            }
        }
        throw RangePipeError.cannotCreate(path: path, reason: "too many levels of symbolic links")
    }

    /// `a/b/` for `a/b/c`, empty for a bare name.
    private static func directoryPrefix(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[...slash])
    }
}
