/// Which file a path names, whatever its spelling: the question `cat`
/// asks before it reads its own output, asked of every path a run reads
/// or writes (`RunPaths`).
///
/// Links are followed as a write would follow them (`Platform.resolvingLinks`).
/// Something there is known by its device and inode, so a symbolic link,
/// a hard link and `a/../b` all meet; a file not made yet is known by the
/// directory it would be made in (device and inode again) and its name.
struct PathIdentity: Sendable, Equatable {
    /// The file itself, or the entry a new file would take.
    enum Key: Sendable, Hashable {
        case file(device: UInt64, inode: UInt64)
        case entry(directory: Directory, name: String)
    }

    /// A directory: its device and inode, or its text when it cannot be
    /// looked at (a write there fails on its own).
    enum Directory: Sendable, Hashable {
        case found(device: UInt64, inode: UInt64)
        case missing(String)
    }

    /// The file, or the entry a new one would take.
    let key: Key
    /// The directory entry the path ends at after its links, and its name
    /// there: the place beside which temporary files are made.
    let directory: Directory
    let name: String
    /// What is there now; nil for nothing.
    let kind: Platform.FileKind?

    /// Looks at `path` now.
    /// - Throws: `.cannotCreate` for a link loop or an unreadable link.
    /// - Complexity: one `lstat` per link, two `stat`s.
    init(of path: String) throws {
        let resolved = try Platform.resolvingLinks(path)
        let (parent, name) = Platform.split(resolved.final)
        let directory: Directory = Platform.status(parent).map { .found(device: $0.device, inode: $0.inode) } ?? .missing(parent)
        self.directory = directory
        self.name = name
        kind = resolved.status?.kind
        if let status = resolved.status {
            key = .file(device: status.device, inode: status.inode)
        } else {
            key = .entry(directory: directory, name: name)
        }
    }

    /// The identity of an open descriptor (standard output), when it is a
    /// file a path could also name; nil for a terminal, pipe or socket.
    init?(descriptor fd: Platform.Descriptor) {
        guard let status = Platform.status(of: fd), status.kind == .regular || status.kind == .fifo else { return nil }
        key = .file(device: status.device, inode: status.inode)
        // No entry of its own: a descriptor has no name to clash with.
        directory = .missing("")
        name = ""
        kind = status.kind
    }
}
