
/// Reads input files into series (`parse`); `IngestJob` writes them to a
/// store. Nothing is written unless every file parsed (or, with
/// `--on-error skip`, every bad row was set aside).
public struct Ingestor {
    public var options: IngestOptions

    /// An ingestor reading with `options`.
    public init(options: IngestOptions) {
        self.options = options
    }

    /// Parses every file for a store write: series of one plain file are
    /// built as they are taken (`ParsedInput`); several files, `--split-fields`
    /// and `--layout rows` are built and merged first (`parse(files:)`).
    /// - Complexity: O(rows) to read and group; each series' own cost as taken.
    public func parseForWriting(files: [String]) throws -> ParsedInput {
        guard files.count == 1, options.layout != .rows, !options.splitFields else {
            let (series, unattributed, reports) = try parse(files: files)
            return ParsedInput(built: series, unattributedRejects: unattributed, files: reports)
        }
        let rejects = RejectWriter(path: options.rejectsPath)
        var unattributed = 0
        var reports: [FileReport] = []
        let source = try InputSource(path: files[0])
        switch try read(source, rejects: rejects, unattributed: &unattributed, report: &reports) {
        case var .series(series):
            try rejects.close()
            for k in series.indices { series[k].sources = files }
            return ParsedInput(built: series, unattributedRejects: unattributed, files: reports)
        case let .table(builder, finishReport):
            let grouped = try builder.grouped()
            try rejects.close()
            Trace.say("phases", "\(source.displayName): grouped")
            return ParsedInput(grouped: grouped, file: files[0], unattributedRejects: unattributed, finishReport: finishReport)
        }
    }

    /// Parses every file and merges series of the same name, in file order.
    public func parse(files: [String]) throws -> (series: [IngestedSeries], unattributedRejects: Int, files: [FileReport]) {
        let rejects = RejectWriter(path: options.rejectsPath)
        var merged: [IngestedSeries] = []
        var index: [String: Int] = [:]
        var unsorted: Set<Int> = []  // merged series with rows appended since they were sorted
        var unattributed = 0
        var reports: [FileReport] = []
        if files.count == 1 {
            // One file's series have distinct names already: no merge.
            var series = try parse(InputSource(path: files[0]), rejects: rejects, unattributed: &unattributed, report: &reports)
            for k in series.indices { series[k].sources = files }
            try rejects.close()
            return (series, unattributed, reports)
        }
        // Later files are parsed ahead on other cores (`--jobs`); each is
        // taken in file order, or parsed here when its worker's strict
        // attempt failed, so errors and rejects are those of one pass.
        let ahead = WorkAhead<ParsedAhead>(count: files.count, workers: aheadWorkers(files)) { k in parseAhead(files[k]) }
        defer { ahead.finish() }
        for (k, file) in files.enumerated() {
            let items: [IngestedSeries]
            if let done = ahead.take(k) {
                Trace.say("split", "\(file): parsed ahead")
                items = done.series
                reports += done.reports
            } else {
                if k > 0 { Trace.say("split", "\(file): parsed in turn") }
                items = try parse(InputSource(path: file), rejects: rejects, unattributed: &unattributed, report: &reports)
            }
            for var item in items {
                item.sources = [file]
                if let k = index[item.series.name] {
                    // Appended in place (O(the file's rows)); sorted and
                    // deduplicated once after the last file, which gives
                    // what doing it after every file gives. Under
                    // `--duplicates error` after every file, so a repeat
                    // stops the ingest before later files are read, as ever.
                    try merged[k].series.append(item.series)
                    merged[k].stats = merged[k].stats + item.stats
                    if options.duplicates == .error {
                        try merged[k].series.normalizeNamingDuplicate(duplicates: .error)
                    } else {
                        unsorted.insert(k)
                    }
                    if !merged[k].sources.contains(file) { merged[k].sources.append(file) }
                } else {
                    index[item.series.name] = merged.count
                    merged.append(item)
                }
            }
        }
        for k in unsorted.sorted() {
            merged[k].stats.duplicatesDropped += try merged[k].series.normalizeNamingDuplicate(duplicates: options.duplicates)
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
        switch try read(source, rejects: rejects, unattributed: &unattributed, report: &reports, jsonTemplates: jsonTemplates) {
        case let .series(series):
            return series
        case let .table(builder, finishReport):
            defer { Trace.say("phases", "\(source.displayName): sorted and checked") }
            let series = try builder.finish()
            reports.append(finishReport(builder.totals))
            return series
        }
    }

    /// What reading one source gave: series (`--layout rows`), or a table
    /// builder holding the rows, and what completes the file's report once
    /// the counts over its series are known.
    enum Read {
        case series([IngestedSeries])
        case table(TableBuilder, finishReport: (IngestedSeries.Stats) -> FileReport)
    }

    /// Reads one source: sniffs, parses every record, and stops before
    /// the rows are grouped into series.
    func read(_ source: InputSource, rejects: RejectWriter, unattributed: inout Int, report reports: inout [FileReport],
              jsonTemplates: Bool = true) throws -> Read {
        let file = source.displayName
        let format = try resolvedFormat(file: file, source: source)
        if options.layout == .rows { return .series(try RowLayoutReader(options: options).read(source, format: format, reports: &reports)) }
        var options = self.options
        var report = FileReport(file: file, format: format)
        if options.sniff {
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
        return .table(builder) { [report, options] totals in
            var report = report
            builder.totals = totals
            report.collapse = collapse(builder, report, options, format)
            if format == .csv || format == .tsv { report.rowLayout = report.sample.flatMap { RowLayoutHint.of($0, rows: totals.rowsRead) } }
            return report
        }
    }

    /// The reader for a resolved format, as a function of source and sink.
    static func reader(_ format: InputFormat, _ options: IngestOptions,
                       jsonTemplates: Bool = true) -> (InputSource, any RecordSink) throws -> Void {
        switch format {
        case .csv, .tsv:
            let reader = CSVReader(delimiter: options.delimiter ?? (format == .tsv ? 0x09 : 0x2c),
                                   hasHeader: options.hasHeader, quote: options.quote, skipRecords: options.skipRecords,
                                   jobs: options.jobs)
            return { try reader.read($0, into: $1) }
        case .ndjson: return { try JSONReader(layout: .lines, usesTemplates: jsonTemplates, jobs: options.jobs).read($0, into: $1) }
        case .json, .auto: return { try JSONReader(layout: .array).read($0, into: $1) }
        case .arrow: return { try ArrowReader().read($0, into: $1) }
        }
    }

    func resolvedFormat(file: String, source: InputSource) throws -> InputFormat {
        if options.format != .auto { return options.format }
        var name = file.lowercased()
        if name.hasSuffix(".gz") { name.removeLast(3) }
        if name.hasSuffix(".csv") { return .csv }
        if name.hasSuffix(".tsv") || name.hasSuffix(".tab") { return .tsv }
        if name.hasSuffix(".ndjson") || name.hasSuffix(".jsonl") { return .ndjson }
        if name.hasSuffix(".json") { return .json }
        if [".arrow", ".arrows", ".feather", ".ipc"].contains(where: name.hasSuffix) { return .arrow }
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
