/// Where `--on-error skip` writes rejected rows: for each, a `# file:line:col:
/// reason` line, then the original record (CSV records re-quoted), so
/// `grep -v '^#'` gives back the rejected rows for fixing and re-ingest
/// (on stderr each escaped as one line; `--rejects FILE` keeps their bytes).
///
/// A file is written as `-o` is (`OutputTarget`): under a temporary name
/// beside it, moved into place by `close`, removed if the run fails first.
final class RejectWriter {
    private let path: String?
    private var output: FileOutput?
    /// The file being written and its interrupt registration, until `close`.
    private var pending: (file: AtomicFile, token: InterruptCleanup.Token?)?
    private(set) var count = 0

    private var discard = false
    /// With `init(collecting:)`, every reject as it would have been written.
    private(set) var collected: [String]?

    /// `path` nil writes to stderr. The file is created on the first reject only.
    init(path: String?) {
        self.path = path
    }

    /// Counts rejects and writes nothing (fuzzing).
    init(discarding: Void) {
        path = nil
        discard = true
    }

    /// Keeps rejects in `collected` (tests and fuzzing compare them).
    init(collecting: Void) {
        path = nil
        discard = true
        collected = []
    }

    func write(location: SourceLocation, reason: String, original: String) throws {
        collected?.append("# \(location): \(reason)\n\(original)")
        if discard { count += 1; return }
        if output == nil { output = try open() }
        count += 1
        var text = "# \(location): \(reason)\n"
        if path == nil {
            // On stderr a row is escaped as every message is, each as one
            // line (a quoted line feed too); a --rejects file keeps its bytes.
            let row = original.hasSuffix("\n") ? String(original.dropLast()) : original
            text = [String(text.dropLast()), row].escapedLines
        } else {
            text += original
            if !original.hasSuffix("\n") { text += "\n" }
        }
        try output!.write(text)
    }

    /// Where the first reject goes: standard error, a device or FIFO as it
    /// is, or a file's temporary name.
    private func open() throws -> FileOutput {
        guard let path else { return FileOutput.standardError() }
        switch try OutputTarget(resolving: path) {
        case let .stream(target):
            return try FileOutput.openExisting(path: target, name: path)
        case let .file(target, permissions):
            AtomicFile.removeAbandoned(of: target)
            let file = AtomicFile(path: target)
            let token = InterruptCleanup.register(file.temporaryPath)
            pending = (file, token)
            return try FileOutput.create(path: file.temporaryPath, name: path, permissions: permissions)
        }
    }

    /// Writes out the rejects and moves a file into place.
    func close() throws {
        try output?.close()
        guard let (file, token) = pending else { return }
        pending = nil
        defer { InterruptCleanup.unregister(token) }
        do {
            try file.replace()
        } catch let RangePipeError.cannotCreate(_, reason) {
            throw RangePipeError.cannotCreate(path: path ?? file.path, reason: reason)
        }
    }

    deinit {
        guard let (file, token) = pending else { return }
        output = nil
        file.removeTemporary()
        InterruptCleanup.unregister(token)
    }
}
