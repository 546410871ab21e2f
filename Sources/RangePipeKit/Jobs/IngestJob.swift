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
        let parsed: (series: [IngestedSeries], unattributedRejects: Int, files: [FileReport])
        do {
            parsed = try Ingestor(options: options).parse(files: files)
            Trace.say("phases", "all files parsed")
            Trace.progress("parsed")
        } catch {
            store?.rollback()
            throw error
        }
        let written: [IngestReport.Entry]
        if let store {
            written = try apply(parsed.series, to: store)
        } else {
            written = try SeriesStore.create(at: storePath, wait: wait) { try apply(parsed.series, to: $0) }
        }
        Trace.say("phases", "stored and committed")
        return IngestReport(series: written, unattributedRejects: parsed.unattributedRejects,
                            seconds: Platform.monotonicSeconds() - start, files: parsed.files)
    }

    /// Writes (or, in append mode, merges) every series and commits; rolls
    /// back on any error. Closes the store.
    private func apply(_ series: [IngestedSeries], to store: SeriesStore) throws -> [IngestReport.Entry] {
        var entries = [IngestReport.Entry?](repeating: nil, count: series.count)
        // Written in name order, so the store's name index grows at its end
        // (10^6 series in first-appearance order would land all over it);
        // the report keeps the input's order.
        let byName = series.indices.sorted { series[$0].series.name.utf8.lexicographicallyPrecedes(series[$1].series.name.utf8) }
        // A new store with names all distinct (`--split-fields` can make
        // `KEY/COLUMN` equal another key) needs no lookup before each write.
        let allNew = store.isBuilding && zip(byName, byName.dropFirst()).allSatisfy { series[$0].series.name != series[$1].series.name }
        do {
            try store.sizeCache(forSeries: series.count)
            for k in byName {
                let item = series[k]
                var final = item.series
                var stats = item.stats
                if options.mode == .append, let old = try store.loadSeries(named: item.series.name) {
                    let (merged, dropped) = try old.appending(item.series, duplicates: options.duplicates)
                    final = merged
                    stats.duplicatesDropped += dropped
                }
                entries[k] = .init(info: try store.write(final, isNew: allNew), stats: stats)
                Trace.progress("stored series \(final.name)")
            }
            Trace.say("phases", "series written")
            Trace.progress("before commit")
            try store.commit()
            Trace.say("phases", "committed")
            Trace.progress("committed")
        } catch {
            store.rollback()
            throw error
        }
        store.close()
        return entries.map { $0! }
    }
}
