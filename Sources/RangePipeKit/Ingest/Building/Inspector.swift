/// What `inspect` found in one file: the sniffer's view of a sample (or
/// the whole file), and the ingest options it would add.
public struct InspectReport: Sendable {
    /// The plan with the suggested options applied.
    public var file: FileReport
    /// True when every row was read (a small file, or `--full`).
    public var wholeFile: Bool
    /// Arguments to add to `rangepipe ingest FILE` (the user's own come first).
    public var suggestions: [String] = []
    /// What the suggestions assume or why they are there.
    public var notes: [String] = []
    /// Rows that repeat an x before a suggested `--series-column`.
    public var repeatsBefore: Int?
    /// The suggested `--series-column`.
    public var seriesColumn: String?
}

/// `rangepipe inspect`: runs the ingest sniffer on a file without ingesting it.
public enum Inspector {
    /// What ingest would do with the file at `path`: its dialect, column profiles, x choice and suggested flags.
    /// - Parameter full: read every row rather than the sniffer's sample.
    /// - Throws: `.noInput` for a missing file, `.badData` when it cannot be read.
    /// - Complexity: O(sample), or O(file) with `full`.
    public static func inspect(path: String, options: IngestOptions, full: Bool) throws -> InspectReport {
        let source = try InputSource(path: path)
        let format = try Ingestor(options: options).resolvedFormat(file: path, source: source)
        if options.layout == .rows {
            // Read as ingest reads it: the whole file, each row a series.
            var reports: [FileReport] = []
            let series = try RowLayoutReader(options: options).read(source, format: format, reports: &reports)
            var report = InspectReport(file: reports[0], wholeFile: true)
            report.notes.append("\(series.count) series, one per row, of up to \(series.map(\.series.count).max() ?? 0) values")
            return report
        }
        let (bytes, whole) = full ? (try readAll(source), true)
            : format == .arrow ? try SniffPlan.arrowHead(source) : try source.peek(Sniffer.sampleBytes)
        if format != .arrow { try TextEncoding.check(bytes, file: path) }
        let rows = full ? Int.max : Sniffer.sampleRows
        var opts = options
        var plan = SniffPlan(bytes: bytes, isWholeInput: whole, file: path, format: format, options: opts, maxRows: rows)
        var report = InspectReport(file: plan.report, wholeFile: whole && plan.report.sample.map { $0.rows.count < rows } ?? true)
        let xIndex = plan.report.x?.index
        if plan.ambiguity != nil, let shape = plan.report.x?.profile?.time, case let .pattern(monthFirst) = shape.format,
           let dayFirst = shape.dayFirstAlternative {
            report.suggestions += ["--input-time-format", monthFirst]
            report.notes.append("no date in column '\(plan.report.x!.column)' has a day above 12: the command assumes month/day (US); "
                                + "for day/month give --input-time-format \(ShellWords.quote(dayFirst))")
            opts.timeFormat = .pattern(monthFirst)
        }
        let strays = plan.report.profiles.filter { $0.index != xIndex && !$0.strayTokens.isEmpty }
        for token in Set(strays.flatMap(\.strayTokens.keys)).sorted() where !opts.nulls.contains(token) {
            report.suggestions += ["--null", token]
            opts.nulls.append(token)
        }
        for p in strays {
            let list = p.strayTokens.sorted { $0.key < $1.key }.map { "\"\($0.key)\" ×\($0.value)" }.joined(separator: ", ")
            report.notes.append("column '\(p.name)' is numbers but for \(list): read as missing with --null")
        }
        if opts.seriesColumn == nil, let column = plan.report.sampleRepeats?.seriesColumn {
            report.suggestions += ["--series-column", column]
            report.repeatsBefore = plan.report.sampleRepeats?.repeats
            report.seriesColumn = column
            opts.seriesColumn = column
        }
        if !report.suggestions.isEmpty {
            plan = SniffPlan(bytes: bytes, isWholeInput: whole, file: path, format: format, options: opts, maxRows: rows)
            report.file = plan.report
        }
        if let repeats = plan.report.sampleRepeats, repeats.repeatsObservations, opts.seriesColumn == nil {
            report.notes.append("\(repeats.repeats) of \(repeats.rows) rows repeat an x, \(repeats.sameNumbers) of them with the numbers "
                                + "of an earlier row with that x (they differ only in text): ingest keeps the last of each (--duplicates)")
        } else if let repeats = plan.report.sampleRepeats, repeats.repeats > 0, opts.seriesColumn == nil {
            report.notes.append("\(repeats.repeats) of \(repeats.rows) rows repeat an x and no text column tells them apart: "
                                + "ingest keeps the last of each (--duplicates)")
        }
        if format != .arrow, let bad = TextEncoding.firstInvalid(bytes) {
            report.notes.append("line \(bad.line) has a byte (0x\(String(bad.byte, radix: 16, uppercase: true))) that is not UTF-8: "
                                + "the file looks Latin-1 or Windows-1252; names and labels in it cannot be read: convert it, "
                                + "e.g. iconv -f WINDOWS-1252 -t UTF-8 \(ShellWords.quote(path)) > converted.csv")
        }
        try trialRead(bytes, whole: whole, path: path, format: format, options: opts)
        if let ambiguity = plan.report.longFormatAmbiguity { report.notes.append(ambiguity) }
        if let sample = plan.report.sample, report.wholeFile, format == .csv || format == .tsv,
           let hint = RowLayoutHint.of(sample, rows: sample.rows.count) {
            report.notes.append(hint.advice)
        }
        let numeric = plan.report.profiles.contains { p in
            p.index != plan.report.x?.index && p.name != opts.seriesColumn && p.kind == .number
                && !(p.index == 0 && plan.report.sample?.rowNamesColumn != nil)
        }
        if !numeric, opts.yColumns == nil {
            report.notes.append("no numeric value column besides x: ingest would fail; name one with --y or choose x with --x")
        }
        return report
    }

    /// Reads the sample as ingest would with the suggested options (the
    /// sample cut at its last line end), so that what would stop ingest on
    /// these rows stops inspect with the same located error (exit 65).
    /// A JSON array or Arrow stream cut by the sample is not tried.
    private static func trialRead(_ bytes: [UInt8], whole: Bool, path: String, format: InputFormat, options: IngestOptions) throws {
        guard whole || (format != .json && format != .arrow) else { return }
        var text = bytes
        if !whole, format != .arrow, let cut = text.lastIndex(of: 0x0a) { text.removeSubrange((cut + 1)...) }
        var trial = options
        trial.onError = .fail
        trial.rejectsPath = nil
        var unattributed = 0
        do {
            _ = try Ingestor(options: trial).parse(InputSource(name: path, bytes: text), rejects: RejectWriter(discarding: ()),
                                                   unattributed: &unattributed)
        } catch let error as RangePipeError {
            // A quoted field the cut left open is the sample's end, not the file's fault.
            if !whole, "\(error)".contains("unterminated quoted field") { return }
            throw error
        }
    }

    private static func readAll(_ source: InputSource) throws -> [UInt8] {
        var all: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let n = try source.read(into: &buffer)
            if n == 0 { return all }
            all.append(contentsOf: buffer[0 ..< n])
        }
    }
}
