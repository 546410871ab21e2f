#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A buffered writer over a file descriptor (stdout, stderr, or a file).
/// Write errors surface as `RangePipeError.io` on `write` or `flush`.
public final class FileOutput {
    public let name: String
    private let fd: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity: Int

    public static func standardError() -> FileOutput { FileOutput(fd: 2, name: "stderr", owns: false, capacity: 0) }
    public static func standardOutput() -> FileOutput { FileOutput(fd: 1, name: "stdout", owns: false, capacity: 1 << 16) }

    init(fd: Int32, name: String, owns: Bool, capacity: Int) {
        self.fd = fd
        self.name = name
        self.ownsDescriptor = owns
        self.capacity = capacity
        buffer.reserveCapacity(capacity)
    }

    /// Creates or truncates a file.
    public static func create(path: String) throws -> FileOutput {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        guard fd >= 0 else {
            throw RangePipeError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        return FileOutput(fd: fd, name: path, owns: true, capacity: 1 << 16)
    }

    deinit {
        try? flush()
        if ownsDescriptor { Glibc.close(fd) }
    }

    public func write(_ text: String) throws {
        var t = text
        try t.withUTF8 { try write(bytes: UnsafeRawBufferPointer($0)) }
    }

    public func write(bytes: UnsafeRawBufferPointer) throws {
        if buffer.count + bytes.count > capacity {
            try flush()
            if bytes.count > capacity { try writeAll(bytes); return }
        }
        buffer.append(contentsOf: bytes)
    }

    public func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try buffer.withUnsafeBytes { try writeAll($0) }
    }

    /// Flushes and closes a file this writer opened; reports a failed close.
    public func close() throws {
        try flush()
        if ownsDescriptor, fsync(fd) != 0, errno != EINVAL {
            throw RangePipeError.io(path: name, reason: String(cString: strerror(errno)))
        }
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws {
        var offset = 0
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw RangePipeError.io(path: name, reason: String(cString: strerror(errno)))
            }
            offset += n
        }
    }
}

/// Writes one line of diagnostics to stderr, ignoring failure (nowhere left to report it).
public func writeToStandardError(_ text: String) {
    try? FileOutput.standardError().write(text)
}
