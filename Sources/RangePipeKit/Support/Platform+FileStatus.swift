#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What is at a path (`stat(2)` / `lstat(2)`), typed.
extension Platform {
    /// The kind of file a path names.
    enum FileKind: Sendable, Equatable {
        case regular, directory, symbolicLink, fifo, socket, characterDevice, blockDevice, other
    }

    /// A path's kind and permission bits.
    struct FileStatus: Sendable, Equatable {
        let kind: FileKind
        /// The permission bits (`st_mode & 07777`).
        let permissions: UInt32
        /// The size in bytes (regular files).
        let size: Int
        /// The device and inode: equal for two paths to the same file
        /// (through links, hard links or any spelling).
        var device: UInt64 = 0
        var inode: UInt64 = 0
    }

    /// The status of `path`, following symbolic links unless
    /// `followLinks` is false; nil when nothing is there (or it cannot be
    /// looked at).
    static func status(_ path: String, followLinks: Bool = true) -> FileStatus? {
        var info = stat()
        let result = followLinks ? stat(path, &info) : lstat(path, &info)
        guard result == 0 else { return nil }
        return FileStatus(info)
    }

    /// The status of an open descriptor (`fstat(2)`); nil on failure.
    static func status(of fd: Descriptor) -> FileStatus? {
        var info = stat()
        guard fstat(fd, &info) == 0 else { return nil }
        return FileStatus(info)
    }

    /// True when `fd` is open and may be written (`fcntl(F_GETFL)`).
    static func isOpenForWriting(_ fd: Descriptor) -> Bool {
        let flags = fcntl(fd, F_GETFL)
        return flags >= 0 && (flags & O_ACCMODE) != O_RDONLY
    }

    /// `fchmod(2)`: sets the permission bits of an open file; false on failure.
    static func setPermissions(_ fd: Descriptor, _ permissions: UInt32) -> Bool {
        fchmod(fd, mode_t(permissions)) == 0
    }
}

extension Platform.FileKind {
    /// The kind with its article, for messages: "a FIFO", "a directory".
    var described: String {
        switch self {
        case .regular: "a file"
        case .directory: "a directory"
        case .symbolicLink: "a symbolic link"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .other: "not a regular file"
        }
    }
}

extension Platform.FileStatus {
    init(_ info: stat) {
        let mode = UInt32(info.st_mode)
        let kind: Platform.FileKind
        switch mode & UInt32(S_IFMT) {
        case UInt32(S_IFREG): kind = .regular
        case UInt32(S_IFDIR): kind = .directory
        case UInt32(S_IFLNK): kind = .symbolicLink
        case UInt32(S_IFIFO): kind = .fifo
        case UInt32(S_IFSOCK): kind = .socket
        case UInt32(S_IFCHR): kind = .characterDevice
        case UInt32(S_IFBLK): kind = .blockDevice
        default: kind = .other
        }
        self.init(kind: kind, permissions: mode & 0o7777, size: Int(info.st_size),
                  device: UInt64(info.st_dev), inode: UInt64(info.st_ino))
    }
}
