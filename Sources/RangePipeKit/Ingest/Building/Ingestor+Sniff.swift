/// What one input file turned out to be: the dialect and x column the
/// sniffer chose, and rows that collapsed onto the same x.
public struct FileReport: Sendable {
    public var file: String
    public var format: InputFormat
    /// CSV/TSV only: the sample the choices were made on.
    public var sample: CSVSample?
    public var decimalComma = false
    public var thousands = false
    public var profiles: [ColumnProfile] = []
    public var x: XChoice?
    /// The strptime pattern ingest reads x with, when it is one (sniffed or
    /// `--input-time-format`): what a reader of part of the file must be told.
    public var timePattern: String?
    /// The series column the sniffer chose for a long-format file (no
    /// `--series-column` given): ingest splits by it and says so.
    public var longFormat: String?
    /// Another column splits the rows as well (see `LongFormatGuess.alternative`):
    /// which one ingest took, and the flags for the other.
    public var longFormatAmbiguity: String?
    /// How x is read when the user's flags decide it (`time, --input-time-format '%Y%m%d'`);
    /// nil when the sniffed column profile says it.
    public var xReading: String?
    /// The long-format hint from the sample (rows that repeat an x).
    public var sampleRepeats: RepeatHint?
    public var collapse: Collapse?
    /// Many more columns of numbers than rows: each row may be a series (`--layout rows`).
    public var rowLayout: RowLayoutHint?

    /// Rows dropped as duplicates beyond 1% of a file's rows.
    public struct Collapse: Sendable {
        public var rows: Int
        public var dropped: Int
        public var xColumn: String
        public var policy: DuplicatePolicy
        /// `--series-column NAME` when a text column tells the rows apart.
        public var seriesColumn: String?
        /// The sample's repeats are earlier rows' numbers again (see `RepeatHint.repeatsObservations`).
        public var repeatsObservations = false
    }
}

/// The sniffer's choices for one CSV/TSV input, applied to the options
/// its builder is made with.
struct SniffPlan {
    var options: IngestOptions
    var report: FileReport
    /// x holds dates whose day/month order no sampled value tells: ingest
    /// stops with this error, which names the `--input-time-format` to give.
    var ambiguity: RangePipeError?

    /// Sniffs `source` (a sample of its first bytes, left in place for the
    /// reader) and fixes the delimiter, quote, header, number style, x
    /// column and time pattern that the options left open.
    init(source: InputSource, format: InputFormat, options base: IngestOptions) throws {
        let (bytes, whole) = format == .arrow ? try Self.arrowHead(source) : try source.peek(Sniffer.sampleBytes)
        if format != .arrow { try TextEncoding.check(bytes, file: source.displayName) }
        self.init(bytes: bytes, isWholeInput: whole, file: source.displayName, format: format, options: base)
    }

    init(bytes: [UInt8], isWholeInput: Bool, file: String, format: InputFormat, options base: IngestOptions,
         maxRows: Int = Sniffer.sampleRows) {
        var options = base
        let sample: CSVSample
        if format == .ndjson {
            sample = Sniffer.ndjsonSample(bytes, isWholeInput: isWholeInput, maxRows: maxRows)
        } else if format == .json {
            sample = Sniffer.jsonArraySample(bytes, isWholeInput: isWholeInput, maxRows: maxRows)
        } else if format == .arrow {
            sample = Sniffer.arrowSample(bytes, isWholeInput: true, maxRows: maxRows)!
        } else {
            sample = Sniffer.sample(bytes, isWholeInput: isWholeInput, options: base, format: format, maxRows: maxRows)
            options.delimiter = sample.delimiter
            options.quote = sample.quote
            options.header = sample.hasHeader
            options.skipRecords = sample.skippedRecords
            options.rowNames = sample.rowNames
            options.trailingEmptyName = sample.trailingEmptyName
            options.rowNamesColumn = sample.rowNamesColumn != nil
            (options.decimalComma, options.thousands) = ColumnProfiler.numberStyle(sample, options: options)
        }
        self.init(sample: sample, file: file, format: format, settled: options)
    }

    /// An Arrow input's head, peeked at until its first record batch is
    /// whole (a batch is not read in part), or all of it.
    static func arrowHead(_ source: InputSource) throws -> (bytes: [UInt8], isWholeInput: Bool) {
        var count = Sniffer.sampleBytes
        while true {
            let (bytes, whole) = try source.peek(count)
            if Sniffer.arrowSample(bytes, isWholeInput: whole, maxRows: 1) != nil { return (bytes, whole) }
            count *= 4
            try MemoryBudget.require(count, for: "the first Arrow record batch", of: source.displayName)
        }
    }

    /// The choices made on `sample`, with what `base` settles already.
    private init(sample: CSVSample, file: String, format: InputFormat, settled base: IngestOptions) {
        options = base
        report = FileReport(file: file, format: format, sample: sample, decimalComma: options.decimalComma,
                            thousands: options.thousands)
        func locate(_ name: String) -> Int? {
            if let k = sample.names.firstIndex(of: name) { return k }
            if !sample.hasHeader, let k = Int(name), k >= 1, k <= sample.names.count { return k - 1 }
            return nil
        }
        var seriesIndex = options.seriesColumn.flatMap(locate)
        let profiles = ColumnProfiler.profile(sample, options: options, series: seriesIndex)
        report.profiles = profiles
        guard !sample.rows.isEmpty else { return }
        var excluded = Set((options.yColumns ?? []).compactMap(locate))
        if let seriesIndex { excluded.insert(seriesIndex) }
        // The columns of a series key over several (`--series-column a,b`) are never x or values.
        if seriesIndex == nil, let parts = options.seriesColumn.flatMap(SeriesKeyParts.names) { excluded.formUnion(parts.compactMap(locate)) }
        // Row names that only count the rows are x only when nothing else can be.
        let rowCounter = sample.rowNamesColumn == .counter && !excluded.contains(0) ? profiles.first : nil
        if rowCounter != nil { excluded.insert(0) }
        var choice: XChoice
        if let wanted = options.xColumn {
            // An unknown --x is the builder's error, with its location.
            if locate(wanted) == nil, wanted == XChoice.rowNumber {
                let choice = XChoice(column: wanted, index: -1, reason: "--x", profile: nil)
                options.xChoice = choice
                report.x = choice
                return
            }
            if locate(wanted) == nil, let composite = CompositeTime.named(wanted, in: sample.names) {
                choice = XChoice(column: composite.name, index: composite.parts[0], reason: "--x: a time over several columns",
                                 profile: nil, parts: composite.parts)
                options.xChoice = choice
                report.x = choice
                report.xReading = Self.reading(base) ?? composite.pattern.map { "time, \($0) from the parts joined by spaces" }
                return
            }
            guard let k = locate(wanted) else { return }
            choice = XChoice(column: sample.names[k], index: k, reason: "--x", profile: profiles[k])
        } else {
            guard let chosen = XColumnChooser.choose(profiles, excluding: excluded, axis: options.axis, rowCounter: rowCounter) else { return }
            choice = chosen
            if chosen.index == 0, sample.rowNamesColumn == .labels { choice.reason = "row names: " + chosen.reason }
            options.xColumn = chosen.column
        }
        // A number column named as a time's part (`Day` 1–31 rising) may be chosen before the
        // time it is part of: the parts joined win then too.
        let partOfATime = choice.profile?.kind == .number && CompositeTime.directive(choice.column) != nil
        if base.xColumn == nil, base.axis == .auto || base.axis == .time, Self.mayBeLong(choice) || partOfATime,
           let composite = CompositeTime.find(sample, profiles: profiles, excluded: excluded)
               ?? (Self.mayBeLong(choice) ? choice.profile.flatMap({ CompositeTime.dateAndClock(sample, profiles: profiles, date: $0) }) : nil) {
            let reason = "a time written over several columns (the same as --x \(ShellWords.quote(composite.name)))"
            choice = XChoice(column: composite.name, index: composite.parts[0], reason: reason, profile: nil, parts: composite.parts)
            // Long format under that time: the text column that, with it, makes the sample's rows unique.
            let candidates = profiles.filter { !composite.parts.contains($0.index) && !excluded.contains($0.index) }
            let repeats = RepeatHint.find(rows: sample.rows, x: composite.parts, series: seriesIndex, candidates: candidates)
            report.sampleRepeats = repeats
            if seriesIndex == nil, !repeats.repeatsObservations, repeats.repeats * 2 >= repeats.rows, let column = repeats.seriesColumn {
                options.seriesColumn = column
                report.longFormat = column
                report.sampleRepeats = nil
            }
            options.xColumn = composite.name
            if base.timeFormat == .auto, let pattern = composite.pattern { options.timeFormat = .pattern(pattern) }
            if case let .pattern(p) = options.timeFormat { report.timePattern = p }
            options.xChoice = choice
            report.x = choice
            report.xReading = Self.reading(base) ?? composite.pattern.map { "time, \($0) from the parts joined by spaces" }
            return
        }
        if base.axis != .category, base.xColumn == nil || base.seriesColumn == nil,
           base.xColumn != nil || base.seriesColumn != nil || Self.mayBeLong(choice),
           let guess = LongFormatGuess.find(sample, profiles: profiles, preferredX: choice.index,
                                            fixedX: base.xColumn == nil ? nil : choice.index, fixedSeries: seriesIndex,
                                            excluded: excluded.subtracting(seriesIndex.map { [$0] } ?? []), timezone: options.timezone) {
            if base.xColumn == nil {
                let reason = "long format: the time-like column that, with the series column '\(guess.series.name)', makes the rows unique"
                choice = XChoice(column: guess.x.name, index: guess.x.index, reason: reason, profile: guess.x)
                options.xColumn = guess.x.name
            }
            if seriesIndex == nil {
                seriesIndex = guess.series.index
                excluded.insert(guess.series.index)
                options.seriesColumn = guess.series.name
                report.longFormat = guess.series.name
                if let other = guess.alternative {
                    let x = ShellWords.quote(options.xColumn ?? guess.x.name)
                    report.longFormatAmbiguity = "the rows are unique by '\(guess.x.name)' within '\(guess.series.name)' and within "
                        + "'\(other.name)' too, which group them otherwise: split by '\(guess.series.name)' (the fewer values); "
                        + "if the series are by '\(other.name)', give --series-column \(ShellWords.quote(other.name)) --x \(x)"
                }
            }
        }
        options.xChoice = choice
        report.x = choice
        report.xReading = Self.reading(base)
        guard !choice.isRowNumber else { return }
        let candidates = profiles.filter { $0.index != choice.index && !excluded.contains($0.index) }
        // A key over several columns counts with x: rows repeat only when both do.
        let keyParts = seriesIndex == nil ? (options.seriesColumn.flatMap(SeriesKeyParts.names) ?? []).compactMap(locate) : []
        report.sampleRepeats = RepeatHint.find(rows: sample.rows, x: [choice.index] + keyParts, series: seriesIndex, candidates: candidates)
        fixTimeFormat(choice, sample: sample, file: file)
        report.timePattern = options.timeFormat.argument
        if ambiguity != nil, case let .pattern(p)? = choice.profile?.time?.format { report.timePattern = p }
    }

    /// A sniffed x that may hide a long-format file: x is the row number,
    /// repeats, or is neither times nor numbers whose name says time.
    static func mayBeLong(_ choice: XChoice) -> Bool {
        guard let p = choice.profile else { return true }
        return p.distinct < p.values || !(p.kind == .time || (p.kind == .number && XColumnChooser.namesTime(p.name)))
    }

    /// x's reading as the user's flags fix it, in their words; nil when they leave it to the sniffer.
    static func reading(_ options: IngestOptions) -> String? {
        switch options.timeFormat {
        case let .pattern(p): return "time, --input-time-format \(ShellWords.quote(p))"
        case .iso8601: return "time, --input-time-format iso8601"
        case .epochSeconds: return "time, --input-time-format epoch-s"
        case .epochMilliseconds: return "time, --input-time-format epoch-ms"
        case .dayOrdinal: return "time, --input-time-format ordinal"
        case .decimalYear: return "time, --input-time-format decimal-year"
        case .auto: break
        }
        switch options.axis {
        case .auto: return nil
        case .category: return "category, --axis category"
        case .number: return "number, --axis number"
        case .time: return "time, --axis time"
        }
    }

    /// Day/month dates need their pattern before the first row is read.
    private mutating func fixTimeFormat(_ choice: XChoice, sample: CSVSample, file: String) {
        guard options.timeFormat == .auto, options.axis == .auto || options.axis == .time,
              let shape = choice.profile?.time else { return }
        if shape.format == .dayOrdinal || shape.format == .decimalYear { options.timeFormat = shape.format }
        guard case let .pattern(pattern) = shape.format else { return }
        if let dayFirst = shape.dayFirstAlternative {
            let row = sample.rows.firstIndex { choice.index < $0.count && !$0[choice.index].trimmingSpaces.isEmpty } ?? 0
            let example = choice.profile?.example ?? ""
            ambiguity = RangePipeError.badData(
                SourceLocation(file: file, line: sample.lines[row], column: choice.index + 1),
                "column '\(choice.column)' (x: \(choice.reason)): dates like \"\(example)\" could be month/day or day/month "
                    + "(no value in the first \(sample.rows.count) rows has a day above 12); "
                    + "give --input-time-format '\(pattern)' or --input-time-format '\(dayFirst)'")
            return
        }
        options.timeFormat = .pattern(pattern)
    }
}
