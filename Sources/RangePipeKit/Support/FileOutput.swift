/// A buffered writer over a file descriptor (stdout, stderr, or a file).
/// Write errors surface as `RangePipeError.io` on `write` or `flush`.
public final class FileOutput {
    /// The path, or `stdout`/`stderr`, for messages.
    public let name: String
    private let fd: Platform.Descriptor
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []
    private let capacity: Int
    /// Whether the file is one this writer created (and `close` syncs): then
    /// its write-back starts every `writebackBytes` as it is written, so
    /// the closing sync of a large output waits for the last stretch only.
    private let startsWriteback: Bool
    private var written = 0, handedToDisk = 0
    /// How often write-back was started (for the tests).
    package private(set) var writebackStarts = 0
    /// Write-back starts once this many bytes are written past the last
    /// start: 0.22 s of the sync that ended a 594 MB output (play --all,
    /// 10^6 series) ran after everything else.
    static let writebackBytes = 8 << 20

    /// Unbuffered standard error: each write goes out at once.
    public static func standardError() -> FileOutput {
        FileOutput(fd: Platform.standardError, name: "stderr", owns: false, capacity: 0)
    }

    /// Standard output, buffered 64 KiB at a time.
    public static func standardOutput() -> FileOutput {
        FileOutput(fd: Platform.standardOutput, name: "stdout", owns: false, capacity: 1 << 16)
    }

    init(fd: Platform.Descriptor, name: String, owns: Bool, capacity: Int, startsWriteback: Bool = false) {
        self.fd = fd
        self.name = name
        self.ownsDescriptor = owns
        self.capacity = capacity
        self.startsWriteback = startsWriteback
        buffer.reserveCapacity(capacity)
    }

    /// Creates a new file at a temporary name (mode 0666 less the umask,
    /// or exactly `permissions`, those of a file it is to replace). What
    /// was at the name is removed first, and the file is created
    /// exclusively: a link planted at a predictable temporary name is
    /// replaced, never followed. `name` is what messages call it (the
    /// user's path, not a temporary one).
    public static func create(path: String, name: String? = nil, permissions: UInt32? = nil) throws -> FileOutput {
        let shown = name ?? path
        Platform.unlink(path)
        let fd = Platform.open(path, [.writeOnly, .create, .exclusive], mode: 0o666)
        guard fd >= 0 else {
            throw RangePipeError.cannotCreate(path: shown, reason: Platform.errorText)
        }
        if let permissions, !Platform.setPermissions(fd, permissions) {
            let reason = Platform.errorText
            Platform.close(fd)
            throw RangePipeError.cannotCreate(path: shown, reason: reason)
        }
        return FileOutput(fd: fd, name: shown, owns: true, capacity: 1 << 16, startsWriteback: true)
    }

    /// Opens a device, FIFO or socket for writing as it is (never created,
    /// truncated or synced), waiting for a FIFO's reader as a shell
    /// redirection does.
    static func openExisting(path: String, name: String) throws -> FileOutput {
        var fd: Platform.Descriptor
        repeat { fd = Platform.open(path, [.writeOnly]) } while fd < 0 && Platform.wasInterrupted
        guard fd >= 0 else {
            throw RangePipeError.cannotCreate(path: name, reason: Platform.errorText)
        }
        return FileOutput(fd: fd, name: name, owns: true, capacity: 1 << 16)
    }

    deinit {
        try? flush()
        if ownsDescriptor { Platform.close(fd) }
    }

    /// Writes `text` as UTF-8 (buffered, unless it is larger than the buffer).
    /// - Complexity: O(n) in the text's UTF-8 length.
    public func write(_ text: String) throws {
        let utf8 = text.utf8
        if buffer.count + utf8.count > capacity {
            try flush()
            if utf8.count > capacity { try writeAll(ArraySlice(utf8)); return }
        }
        buffer.append(contentsOf: utf8)
    }

    /// Writes bytes (buffered, unless they are more than the buffer holds).
    /// - Complexity: O(n).
    public func write(bytes: [UInt8]) throws {
        if buffer.count + bytes.count > capacity {
            try flush()
            if bytes.count > capacity { try writeAll(bytes[...]); return }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Writes out what is buffered.
    public func flush() throws {
        guard !buffer.isEmpty else { return }
        defer { buffer.removeAll(keepingCapacity: true) }
        try writeAll(buffer[...])
    }

    /// Flushes and syncs a file this writer opened; reports a failed sync.
    /// The descriptor is closed when the writer goes away.
    public func close() throws {
        try flush()
        if ownsDescriptor, !Platform.sync(fd) {
            throw RangePipeError.io(path: name, reason: Platform.errorText)
        }
    }

    private func writeAll(_ bytes: ArraySlice<UInt8>) throws {
        var rest = bytes
        while !rest.isEmpty {
            let n = Platform.write(fd, rest)
            if n < 0 {
                if Platform.wasInterrupted { continue }
                throw RangePipeError.io(path: name, reason: Platform.errorText)
            }
            rest = rest.dropFirst(n)
            written += n
        }
        if startsWriteback, written - handedToDisk >= Self.writebackBytes {
            Platform.startWriteback(fd, offset: handedToDisk, length: written - handedToDisk)
            handedToDisk = written
            writebackStarts += 1
        }
    }
}

/// Writes diagnostics to stderr, ignoring failure (nowhere left to report
/// it): lines already made (`escapedLines`), with anything hostile left in
/// them escaped (`escapingControls`).
public func writeToStandardError(_ text: String) {
    try? FileOutput.standardError().write(text.escapingControls)
}

/// Writes one message (an error, a note, a warning) to stderr as one line:
/// a line feed or control in a name, label or path is escaped with the
/// rest (`escapedLine`), so no message can pass for two.
public func writeMessage(_ line: String) {
    try? FileOutput.standardError().write(line.escapedLine + "\n")
}

/// Writes `text` to stderr as it is: the progress bar's own carriage
/// returns and erase-line sequences (whatever else it shows is escaped
/// by the caller).
func writeControlsToStandardError(_ text: String) {
    try? FileOutput.standardError().write(text)
}
