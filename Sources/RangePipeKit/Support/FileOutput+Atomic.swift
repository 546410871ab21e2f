extension FileOutput {
    /// Runs `body` with an output: stdout for nil or "-"; otherwise what
    /// `OutputTarget` decides for `path`. A regular or new file is written
    /// beside its final path and moved into place only when `body`
    /// succeeds (`AtomicFile`), so a failed or interrupted run never leaves
    /// a half-written file; a device, FIFO or socket is written directly.
    /// Messages name `path` as the user gave it.
    /// - Throws: `body`'s error (the temporary file removed), or
    ///   `.cannotCreate` when the output cannot be created or moved.
    public static func withOutput(_ path: String?, _ body: (FileOutput) throws -> Void) throws {
        guard let path, path != "-" else {
            let out = FileOutput.standardOutput()
            try body(out)
            try out.flush()
            return
        }
        switch try OutputTarget(resolving: path) {
        case let .stream(target):
            let out = try FileOutput.openExisting(path: target, name: path)
            try body(out)
            try out.flush()
        case let .file(target, permissions):
            try writeReplacing(target, name: path, permissions: permissions, body)
        }
    }

    /// Runs `body` with a file that replaces the directory entry `path`
    /// itself: for the files a command makes inside its own output
    /// directory (`render`'s frames), where whatever is planted at the
    /// name, a link included, is replaced and never followed.
    /// - Throws: as `withOutput`.
    public static func withEntry(_ path: String, _ body: (FileOutput) throws -> Void) throws {
        try writeReplacing(path, name: path, permissions: nil, body)
    }

    private static func writeReplacing(_ target: String, name: String, permissions: UInt32?,
                                       _ body: (FileOutput) throws -> Void) throws {
        AtomicFile.removeAbandoned(of: target)
        let file = AtomicFile(path: target)
        try file.whileInterruptible {
            let out = try FileOutput.create(path: file.temporaryPath, name: name, permissions: permissions)
            do {
                try body(out)
                try out.close()
            } catch {
                file.removeTemporary()
                throw error
            }
            do {
                try file.replace()
            } catch let RangePipeError.cannotCreate(_, reason) {
                throw RangePipeError.cannotCreate(path: name, reason: reason)
            }
        }
    }

    /// Fails unless stdout is open for writing: a command whose result goes
    /// to stdout checks before it changes anything (`ingest --json >&-`
    /// must not commit data and then fail to say so).
    /// - Throws: `.io` naming stdout.
    public static func requireStandardOutput() throws {
        guard Platform.isOpenForWriting(Platform.standardOutput) else {
            throw RangePipeError.io(path: "stdout", reason: "standard output is closed")
        }
    }

    /// Whether stdout is a terminal (tables for people, NDJSON for pipes).
    public static var standardOutputIsTerminal: Bool { Platform.isTerminal(Platform.standardOutput) }

    /// Makes a write past the process's file-size limit fail with an error
    /// (exit 74, nothing half-written kept) rather than kill the process.
    public static func failWritesPastFileSizeLimit() { Platform.ignoreFileSizeSignal() }
}
