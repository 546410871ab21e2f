/// `rangepipe ingest`: reads input files into series with `Ingestor`, then
/// writes them to a store in one transaction with `SeriesStore`. Nothing is
/// written unless every file parsed (or, with `--on-error skip`, every bad
/// row was set aside).
public struct IngestJob: Sendable {
    public var options: IngestOptions

    /// A job reading with `options` (mode, duplicates and the rest).
    public init(options: IngestOptions) {
        self.options = options
    }

    /// Parses `files` and writes the series to the store at `storePath`,
    /// creating it atomically if there is none.
    /// - Parameter wait: seconds to wait for another writer; nil fails at once.
    /// - Throws: `.noInput` for an unreadable file (before any parsing),
    ///   `.storeLocked`, `.badData` from parsing, `.cannotCreate`.
    /// - Complexity: O(rows) to parse; one store write per series.
    public func run(files: [String], storePath: String, wait: Double?) throws -> IngestReport {
        let start = Platform.monotonicSeconds()
        Trace.start = start
        MemoryPolicy.shareOneArena()
        for file in files { try InputSource.requireReadable(file) }
        let store = try SeriesStore.openExisting(forWritingAt: storePath, wait: wait)
        Trace.progress("started")
        var parsed: ParsedInput
        do {
            parsed = try Ingestor(options: options).parseForWriting(files: files)
            Trace.say("phases", "all files parsed")
            Trace.progress("parsed")
        } catch {
            store?.rollback()
            throw error
        }
        let written: (entries: IngestReport.Entries, totals: IngestedSeries.Stats, replaced: [IngestReport.Replacement])
        if let store {
            written = try apply(&parsed, to: store)
        } else {
            written = try SeriesStore.create(at: storePath, wait: wait) { try apply(&parsed, to: $0) }
        }
        Trace.say("phases", "stored and committed")
        return IngestReport(series: written.entries, unattributedRejects: parsed.unattributedRejects,
                            seconds: Platform.monotonicSeconds() - start, files: parsed.files(totals: written.totals),
                            replaced: written.replaced)
    }

    /// Writes (or, in append mode, merges) every series, each built as it
    /// is taken, and commits; rolls back on any error. Closes the store.
    /// Returns the report's entries, the counts the input's own series
    /// had (before any merge with stored series) and the series replaced
    /// that came from other files.
    private func apply(_ parsed: inout ParsedInput, to store: SeriesStore) throws
        -> (entries: IngestReport.Entries, totals: IngestedSeries.Stats, replaced: [IngestReport.Replacement]) {
        var entries = IngestReport.Entries(count: parsed.count)
        var totals = IngestedSeries.Stats.zero
        var ledger = SourceLedger()
        // Written in name order, so the store's name index grows at its end
        // (10^6 series in first-appearance order would land all over it);
        // the report keeps the input's order.
        let (byName, distinct) = parsed.nameOrder()
        // A new store with names all distinct (several files or
        // `--split-fields` can make two alike) needs no lookup before each write.
        let allNew = store.isBuilding && distinct
        do {
            try store.sizeCache(forSeries: parsed.count)
            // A thread for the inserts when --jobs allows one and, under
            // `ulimit -v`, its stack fits beside the write's 8 MiB page cache.
            if options.jobs > 1, MemoryBudget.threads(2, onePass: 8 << 20, perThread: 0) > 1 {
                store.insertBatchesOnThread()
                store.digestLongSeriesOnThread()
            }
            // A grouped file's series (not too short) are built and digested
            // ahead, on the other jobs' cores (see `SeriesAhead`).
            var ahead = SeriesAhead.pays(for: parsed) ? SeriesAhead(parsed: parsed, order: byName, helpers: aheadHelpers()) : nil
            defer { ahead?.finish() }
            // One file's series share one source, looked up once: a fleet of
            // 10^6 series pays nothing a series for it.
            let shared = try parsed.sharedSources.map { try ledger.id(for: ledger.canonical($0), in: store) }
            for k in byName {
                let item: IngestedSeries
                var digest: SeriesDigest?
                if ahead != nil { (item, digest) = try ahead!.next().get() } else { item = try parsed.take(k) }
                totals = totals + item.stats
                var final = item.series
                var stats = item.stats
                var source: Int64
                if options.mode == .append, let old = try store.loadSeries(named: item.series.name) {
                    let (merged, dropped) = try old.appending(item.series, duplicates: options.duplicates)
                    final = merged
                    digest = nil // of the input's rows alone
                    stats.duplicatesDropped += dropped
                    // Rows from both: the earlier files, then the new ones.
                    let earlier = try store.sourceFiles(ofSeries: final.name) ?? []
                    source = try ledger.id(for: ledger.canonical(earlier + (parsed.sharedSources ?? item.sources)), in: store)
                } else {
                    source = try shared ?? ledger.id(for: ledger.canonical(item.sources), in: store)
                }
                let write = try store.write(final, isNew: allNew, source: source, digest: digest)
                if options.mode == .replace, let previous = write.replacedSource {
                    try ledger.noteReplaced(final.name, previous: previous, current: source, in: store)
                }
                entries.set(k, .init(info: write.info, stats: stats))
                Trace.progress("stored series \(final.name)")
            }
            Trace.say("phases", "series written")
            Trace.progress("before commit")
            try store.commit()
            Trace.say("phases", "committed")
            Trace.progress("committed")
        } catch {
            let first = store.firstError(before: error)
            store.rollback()
            throw first
        }
        store.close()
        return (entries, totals, ledger.replaced)
    }

    /// The threads that build series ahead of the writes: the jobs beyond
    /// this one that fit the memory budget, each holding a batch and the
    /// one it hands over (`SeriesAhead.batchCells` values each), beside
    /// the write's page cache and a long series' digest thread.
    private func aheadHelpers() -> Int {
        MemoryBudget.threads(options.jobs, onePass: (8 << 20) + MemoryBudget.threadBytes,
                             perThread: 2 * 8 * SeriesAhead.batchCells) - 1
    }
}
