extension FileOutput {
    /// Runs `body` with an output: stdout for nil or "-", else a file
    /// written beside `path` and moved into place when `body` succeeds
    /// (`AtomicFile`), so a failed run never leaves a half-written file.
    /// - Throws: `body`'s error (the temporary file removed), or
    ///   `.cannotCreate` when the file cannot be created or moved.
    public static func withOutput(_ path: String?, _ body: (FileOutput) throws -> Void) throws {
        guard let path, path != "-" else {
            let out = FileOutput.standardOutput()
            try body(out)
            try out.flush()
            return
        }
        let file = AtomicFile(path: path)
        let out = try FileOutput.create(path: file.temporaryPath)
        do {
            try body(out)
            try out.close()
        } catch {
            file.removeTemporary()
            throw error
        }
        try file.replace()
    }

    /// Whether stdout is a terminal (tables for people, NDJSON for pipes).
    public static var standardOutputIsTerminal: Bool { Platform.isTerminal(Platform.standardOutput) }

    /// Makes a write past the process's file-size limit fail with an error
    /// (exit 74, nothing half-written kept) rather than kill the process.
    public static func failWritesPastFileSizeLimit() { Platform.ignoreFileSizeSignal() }
}
