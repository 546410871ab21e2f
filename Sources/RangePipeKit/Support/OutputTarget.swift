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
/// - a directory is refused, and so is a file this user may not write
///   (as a shell redirection refuses it; root may write any file).
enum OutputTarget: Sendable, Equatable {
    /// Replaced atomically; `permissions` are those of the file it replaces.
    case file(path: String, permissions: UInt32?)
    /// Written in place, as it is.
    case stream(path: String)

    /// Looks at what is at `path` now.
    /// - Throws: `.cannotCreate` naming `path` for a directory, a link that
    ///   cannot be read, or a loop of links.
    /// - Complexity: one `lstat` per link followed.
    init(resolving path: String) throws {
        let resolved = try Platform.resolvingLinks(path)
        guard let status = resolved.status else {
            self = .file(path: resolved.final, permissions: nil)
            return
        }
        switch status.kind {
        case .regular:
            // As a shell redirection decides: a file this user may not
            // write is refused, never replaced by a rename beside it.
            guard AtomicFile.isWritable(resolved.final) else {
                throw RangePipeError.cannotCreate(path: path, reason: "permission denied (the file is read-only)")
            }
            self = .file(path: resolved.final, permissions: status.permissions)
        case .directory:
            throw RangePipeError.cannotCreate(path: path, reason: "is a directory")
        case .fifo, .socket, .characterDevice, .blockDevice, .other, .symbolicLink:
            self = .stream(path: resolved.final)
        }
    }
}
