#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CWriteback

/// The C library calls RangePipeKit makes, in one spelling for Linux (Glibc)
/// and macOS (Darwin): thin wrappers with POSIX's names and results, so only
/// this file and its extensions (`Platform+Unsafe.swift`, `Platform+Cores.swift`)
/// import the C library for system calls. Calls that pass buffers are in
/// `Platform+Unsafe.swift`.
enum Platform {
    /// A file descriptor.
    typealias Descriptor = Int32

    /// The standard descriptors.
    static let standardInput: Descriptor = 0
    static let standardOutput: Descriptor = 1
    static let standardError: Descriptor = 2

    /// How `open` opens a file (`O_…` flags).
    struct OpenFlags: OptionSet, Sendable {
        let rawValue: Int32
        static let readOnly = OpenFlags(rawValue: O_RDONLY)
        static let writeOnly = OpenFlags(rawValue: O_WRONLY)
        static let readWrite = OpenFlags(rawValue: O_RDWR)
        static let create = OpenFlags(rawValue: O_CREAT)
        static let truncate = OpenFlags(rawValue: O_TRUNC)
        static let append = OpenFlags(rawValue: O_APPEND)
        /// With `create`: fail if anything is at the path, a link included
        /// (a link is never followed).
        static let exclusive = OpenFlags(rawValue: O_EXCL)
    }

    /// `errno`'s text (`strerror`), for messages.
    static var errorText: String { String(cString: strerror(errno)) }

    /// The last call was interrupted by a signal and may be retried.
    static var wasInterrupted: Bool { errno == EINTR }

    /// `open(2)`: a descriptor, or −1 with `errno` set.
    static func open(_ path: String, _ flags: OpenFlags, mode: Int = 0o644) -> Descriptor {
        #if canImport(Darwin)
        return Darwin.open(path, flags.rawValue, mode_t(mode))
        #else
        return Glibc.open(path, flags.rawValue, mode_t(mode))
        #endif
    }

    /// `close(2)`: 0, or −1 with `errno` set.
    @discardableResult
    static func close(_ fd: Descriptor) -> Int32 {
        #if canImport(Darwin)
        return Darwin.close(fd)
        #else
        return Glibc.close(fd)
        #endif
    }

    /// `fsync(2)`, reporting success; a descriptor that cannot be synced
    /// (a pipe, a terminal: `EINVAL`) counts as synced.
    static func sync(_ fd: Descriptor) -> Bool {
        fsync(fd) == 0 || errno == EINVAL
    }

    /// Starts writing a byte range of a file to the disk without waiting
    /// (`sync_file_range`, Linux; a no-op elsewhere). A hint: whether it
    /// worked is for the later `sync` to say.
    static func startWriteback(_ fd: Descriptor, offset: Int, length: Int) {
        _ = rangepipe_start_writeback(fd, Int64(offset), Int64(length))
    }

    /// `rename(2)`: 0, or −1 with `errno` set.
    static func rename(_ from: String, to: String) -> Int32 {
        #if canImport(Darwin)
        return Darwin.rename(from, to)
        #else
        return Glibc.rename(from, to)
        #endif
    }

    /// `unlink(2)`: 0, or −1 with `errno` set.
    @discardableResult
    static func unlink(_ path: String) -> Int32 {
        #if canImport(Darwin)
        return Darwin.unlink(path)
        #else
        return Glibc.unlink(path)
        #endif
    }

    /// Ignores SIGXFSZ, so a write past a file-size limit fails with an
    /// error instead of killing the process.
    static func ignoreFileSizeSignal() { signal(SIGXFSZ, SIG_IGN) }

    /// Makes a write to a pipe whose reader has gone fail with `EPIPE`
    /// rather than kill the process (`render` explains why ffmpeg stopped).
    static func ignoreBrokenPipeSignal() { signal(SIGPIPE, SIG_IGN) }

    /// `mkdir(2)` with mode 0777 less the umask: 0, or −1 with `errno` set.
    static func makeDirectory(_ path: String) -> Int32 { mkdir(path, 0o777) }

    /// `isatty(3)`.
    static func isTerminal(_ fd: Descriptor) -> Bool { isatty(fd) == 1 }

    /// `getpid(2)`.
    static var processID: Int32 { getpid() }

    /// An environment variable (`getenv(3)`), or nil when unset.
    static func environment(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Limits glibc's malloc to `count` arenas (`mallopt(M_ARENA_MAX)`);
    /// nothing on other C libraries.
    static func limitMallocArenas(to count: Int32) {
        #if os(Linux)
        _ = glibcMallopt(-8 /* M_ARENA_MAX */, count)
        #endif
    }

    /// Seconds on the monotonic clock (`CLOCK_MONOTONIC`): only differences
    /// mean anything.
    static func monotonicSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

#if os(Linux)
// <malloc.h> is not part of the Glibc module.
@_silgen_name("mallopt")
private func glibcMallopt(_ parameter: Int32, _ value: Int32) -> Int32
#endif
