#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The result of one ingest, for the summary.
public struct IngestReport: Sendable {
    public var series: [Entry]
    /// Rejected rows that could not be tied to a series (bad series cell, JSON syntax).
    public var unattributedRejects: Int
    public var seconds: Double
    /// Per input file: the sniffed dialect, the x choice, collapse warnings.
    public var files: [FileReport] = []

    public struct Entry: Sendable {
        public var info: SeriesInfo
        public var stats: IngestedSeries.Stats
    }
}

/// Reads input files into series (`parse`) and applies them to a store in
/// one transaction (`run`). Nothing is written unless every file parsed
/// (or, with `--on-error skip`, every bad row was set aside).
public struct Ingestor {
    public var options: IngestOptions

    public init(options: IngestOptions) {
        self.options = options
    }

    /// Parses every file and merges series of the same name, in file order.
    public func parse(files: [String]) throws -> (series: [IngestedSeries], unattributedRejects: Int, files: [FileReport]) {
        let rejects = RejectWriter(path: options.rejectsPath)
        var merged: [IngestedSeries] = []
        var index: [String: Int] = [:]
        var unattributed = 0
        var reports: [FileReport] = []
        if files.count == 1 {
            // One file's series have distinct names already: no merge.
            let series = try parse(InputSource(path: files[0]), rejects: rejects, unattributed: &unattributed, report: &reports)
            try rejects.close()
            return (series, unattributed, reports)
        }
        for file in files {
            let source = try InputSource(path: file)
            for item in try parse(source, rejects: rejects, unattributed: &unattributed, report: &reports) {
                if let k = index[item.series.name] {
                    let (series, dropped) = try merged[k].series.appending(item.series, duplicates: options.duplicates)
                    var stats = merged[k].stats + item.stats
                    stats.duplicatesDropped += dropped
                    merged[k] = IngestedSeries(series: series, stats: stats)
                } else {
                    index[item.series.name] = merged.count
                    merged.append(item)
                }
            }
        }
        try rejects.close()
        return (merged, unattributed, reports)
    }

    func parse(_ source: InputSource, rejects: RejectWriter, unattributed: inout Int,
               jsonTemplates: Bool = true) throws -> [IngestedSeries] {
        var reports: [FileReport] = []
        return try parse(source, rejects: rejects, unattributed: &unattributed, report: &reports, jsonTemplates: jsonTemplates)
    }

    /// Reads one source into its series. `jsonTemplates` false reads every
    /// NDJSON line with the general scanner (tests and fuzzing compare the two).
    func parse(_ source: InputSource, rejects: RejectWriter, unattributed: inout Int, report reports: inout [FileReport],
               jsonTemplates: Bool = true) throws -> [IngestedSeries] {
        let file = source.displayName
        let format = try resolvedFormat(file: file, source: source)
        var options = self.options
        var report = FileReport(file: file, format: format)
        if format != .json, options.sniff {
            let plan = try SniffPlan(source: source, format: format, options: options)
            if let ambiguity = plan.ambiguity { throw ambiguity }
            (options, report) = (plan.options, plan.report)
            Trace.say("phases", "\(file): sniffed")
        }
        let builder = try TableBuilder(file: file, options: options,
                                       defaultSeriesName: options.seriesName ?? Self.stem(of: file), rejects: rejects)
        try Self.reader(format, options, jsonTemplates: jsonTemplates)(source, builder)
        unattributed += builder.unattributedRejects
        Trace.say("phases", "\(file): read")
        defer { Trace.say("phases", "\(file): sorted and checked") }
        let series = try builder.finish()
        report.collapse = collapse(builder, report, options, format)
        reports.append(report)
        return series
    }

    /// The reader for a resolved format, as a function of source and sink.
    static func reader(_ format: InputFormat, _ options: IngestOptions,
                       jsonTemplates: Bool = true) -> (InputSource, any RecordSink) throws -> Void {
        switch format {
        case .csv, .tsv:
            let reader = CSVReader(delimiter: options.delimiter ?? (format == .tsv ? 0x09 : 0x2c),
                                   hasHeader: options.hasHeader, quote: options.quote)
            return { try reader.read($0, into: $1) }
        case .ndjson: return { try JSONReader(layout: .lines, usesTemplates: jsonTemplates).read($0, into: $1) }
        case .json, .auto: return { try JSONReader(layout: .array).read($0, into: $1) }
        }
    }

    /// Parses `files` and writes the series to the store at `storePath`.
    public func run(files: [String], storePath: String, wait: Double?) throws -> IngestReport {
        let start = monotonicSeconds()
        Trace.start = start
        MemoryPolicy.shareOneArena()
        for file in files where file != "-" && access(file, R_OK) != 0 {
            throw RangePipeError.noInput(path: file, reason: String(cString: strerror(errno)))
        }
        let existing = SeriesStore.exists(at: storePath)
        // Take the write lock first on an existing store, so a second writer
        // learns at once rather than after parsing a large file.
        let store = existing ? try SeriesStore.openForWriting(path: storePath, create: false, wait: wait) : nil
        // A first ingest killed between linking its build into place and
        // unlinking the build's name leaves that name beside a store.
        if existing { removeAbandonedBuilds(of: storePath) }
        Trace.progress("started")
        let parsed: (series: [IngestedSeries], unattributedRejects: Int, files: [FileReport])
        do {
            parsed = try parse(files: files)
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
            written = try createStore(at: storePath, with: parsed.series, wait: wait)
        }
        Trace.say("phases", "stored and committed")
        return IngestReport(series: written, unattributedRejects: parsed.unattributedRejects,
                            seconds: monotonicSeconds() - start, files: parsed.files)
    }

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

    /// A new store is built beside its final path and linked into place, so
    /// a killed first ingest leaves no store rather than a partial one.
    private func createStore(at path: String, with series: [IngestedSeries], wait: Double?) throws -> [IngestReport.Entry] {
        let directory = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        var info = stat()
        guard stat(directory.isEmpty ? "/" : directory, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw RangePipeError.cannotCreate(path: path, reason: "no such directory '\(directory)'")
        }
        guard access(directory.isEmpty ? "/" : directory, W_OK) == 0 else {
            throw RangePipeError.cannotCreate(path: path, reason: "directory '\(directory)' is not writable")
        }
        removeAbandonedBuilds(of: path)
        let temporary = "\(path).tmp-\(getpid())"
        unlinkStoreFiles(temporary)
        defer { unlinkStoreFiles(temporary) }
        let store = try SeriesStore.openForWriting(path: temporary, create: true, wait: wait, building: true)
        let entries = try apply(series, to: store)
        Trace.say("phases", "store closed")
        if link(temporary, path) != 0 {
            if errno == EEXIST {
                // Another ingest created the store meanwhile: write into it.
                let other = try SeriesStore.openForWriting(path: path, create: false, wait: wait)
                return try apply(series, to: other)
            }
            throw RangePipeError.cannotCreate(path: path, reason: String(cString: strerror(errno)))
        }
        Trace.progress("linked")
        return entries
    }

    /// A first ingest killed mid-way leaves its `PATH.tmp-PID` build behind
    /// (never a store at PATH); the next first ingest removes builds whose
    /// process is gone.
    private func removeAbandonedBuilds(of path: String) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let prefix = (slash.map { String(path[path.index(after: $0)...]) } ?? path) + ".tmp-"
        guard let dir = opendir(directory.isEmpty ? "/" : directory) else { return }
        defer { closedir(dir) }
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            guard name.hasPrefix(prefix), let pid = Int32(name.dropFirst(prefix.count)), pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlinkStoreFiles((directory.isEmpty ? "" : directory) + "/" + name)
            }
        }
    }

    private func unlinkStoreFiles(_ path: String) {
        unlink(path)
        unlink(path + "-wal")
        unlink(path + "-shm")
    }

    func resolvedFormat(file: String, source: InputSource) throws -> InputFormat {
        if options.format != .auto { return options.format }
        var name = file.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if name.hasSuffix(".csv") { return .csv }
        if name.hasSuffix(".tsv") || name.hasSuffix(".tab") { return .tsv }
        if name.hasSuffix(".ndjson") || name.hasSuffix(".jsonl") { return .ndjson }
        if name.hasSuffix(".json") { return .json }
        // By content: peek without consuming is not possible on a pipe, so
        // the first byte decides through a small look-ahead source.
        return try source.sniffFormat()
    }

    /// The file's name without directories and extensions; "stdin" for "-".
    public static func stem(of path: String) -> String {
        if path == "-" { return "stdin" }
        var name = path.split(separator: "/").last.map(String.init) ?? path
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = String(name[..<dot]) }
        return name
    }
}

func monotonicSeconds() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
}
