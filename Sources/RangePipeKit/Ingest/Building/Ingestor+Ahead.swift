/// Several input files read at once: while the calling thread parses one
/// file, other threads parse the next ones (`WorkAhead`).
extension Ingestor {
    /// A later file parsed on another thread: its series and report.
    struct ParsedAhead {
        var series: [IngestedSeries]
        var reports: [FileReport]
    }

    /// How many threads parse files ahead: one fewer than `--jobs`, only
    /// for regular files (stdin and pipes are read once, in order).
    func aheadWorkers(_ files: [String]) -> Int {
        guard options.jobs > 1, files.count > 1,
              files.allSatisfy({ Platform.status($0)?.kind == .regular }) else { return 0 }
        return options.jobs - 1
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
