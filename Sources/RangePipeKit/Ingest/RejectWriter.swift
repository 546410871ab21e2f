/// Where `--on-error skip` writes rejected rows: for each, a `# file:line:col:
/// reason` line, then the original record (CSV records re-quoted), so
/// `grep -v '^#'` gives back the rejected rows for fixing and re-ingest.
final class RejectWriter {
    private let path: String?
    private var output: FileOutput?
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
        if output == nil {
            output = try path.map { try FileOutput.create(path: $0) } ?? FileOutput.standardError()
        }
        count += 1
        var text = "# \(location): \(reason)\n"
        text += original
        if !original.hasSuffix("\n") { text += "\n" }
        try output!.write(text)
    }

    func close() throws {
        try output?.close()
    }
}
