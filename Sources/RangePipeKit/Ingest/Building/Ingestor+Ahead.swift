/// Several input files read at once: while the calling thread parses one
/// file, other threads parse the next ones (`WorkAhead`).
extension Ingestor {
    /// A later file parsed on another thread: its series and report.
    struct ParsedAhead {
        var series: [IngestedSeries]
        var reports: [FileReport]
    }

    /// How many threads parse files ahead: one fewer than `--jobs`, only
    /// for regular files (stdin and pipes are read once, in order), and
    /// fewer when the files they parse and hold would pass the memory
    /// budget (`ulimit -v`): a file parsed is taken as up to 10 times its
    /// bytes while it is read (mapping, rows, series), a parsed file waiting
    /// as 4 (x and a value a row of a few bytes), and each thread (`MemoryBudget.threadBytes`).
    func aheadWorkers(_ files: [String]) -> Int {
        let status = files.map { Platform.status($0) }
        guard options.jobs > 1, files.count > 1, status.allSatisfy({ $0?.kind == .regular }) else { return 0 }
        // Only files under the cut size are parsed ahead.
        let largest = status.map { min($0?.size ?? 0, FileSplit.minimumBytes) }.max() ?? 0
        let (reading, waiting) = (10 * largest, 4 * largest)
        let thread = MemoryBudget.threadBytes
        // n parts: the calling thread and n - 1 workers read, n files wait.
        let parts = MemoryBudget.parts(options.jobs, onePass: reading) { n in
            (n - 1) * (thread + reading) + n * waiting
        }
        if parts < options.jobs { Trace.say("split", "\(parts - 1) of \(options.jobs - 1) threads to parse files ahead fit the memory budget (ulimit -v)") }
        return parts - 1
    }

    /// Parses `file` strictly (the first bad row fails it, nothing is
    /// written, no progress is shown, one piece at a time): nil when that
    /// fails, and the calling thread then parses it as the user asked, in
    /// its turn. A file with no bad row parses to the same series and
    /// report either way. A plain file large enough to be cut into pieces
    /// is declined (nil at once): in its turn it is read on every core,
    /// not on this one thread.
    func parseAhead(_ file: String) -> ParsedAhead? {
        var strict = options
        strict.onError = .fail
        strict.jobs = 1
        var unattributed = 0
        var reports: [FileReport] = []
        guard let source = try? InputSource(path: file, reportsProgress: false),
              !(source.isPlainFile && FileSplit.cuts(size: source.sizeHint)),
              let series = try? Ingestor(options: strict).parse(source, rejects: RejectWriter(discarding: ()),
                                                               unattributed: &unattributed, report: &reports)
        else { return nil }
        return ParsedAhead(series: series, reports: reports)
    }
}
