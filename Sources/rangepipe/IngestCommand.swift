import ArgumentParser
import RangePipeKit

/// The ingest options shared by `ingest` and `play --input` (without
/// `--format` and `--input-time-format`, which `play` spells with `input-`
/// for both).
struct IngestArguments: ParsableArguments {
    @Option(help: "The x column (default: a column of times, else sorted numbers, else the first; see docs/ingest.md).")
    var x: String?
    @Option(help: "Value columns, comma-separated (default: every other numeric column).")
    var y: String?
    @Option(name: .customLong("series-column"), help: "Long format: one series per distinct value of this column.")
    var seriesColumn: String?
    @Flag(name: .customLong("split-fields"), help: "One series per value column, named by the column.")
    var splitFields = false
    @Option(help: "columns: columns are fields over x; rows: each row is one series (an optional --series-column label, then values at x = 1, 2, …).")
    var layout: InputLayout = .columns
    @Option(help: "x axis kind (auto: detected).")
    var axis: AxisChoice = .auto
    @Option(help: "Zone for times written without one: UTC or ±HH:MM.")
    var timezone: String = "UTC"
    @Option(help: "CSV field delimiter (one character; \\t for tab).")
    var delimiter: String?
    @Flag(name: .customLong("no-header"), help: "The first CSV row is data; columns are col1, col2, …")
    var noHeader = false
    @Flag(help: "The first CSV row is a header (default: sniffed; a first row of only numbers and times is data).")
    var header = false
    @Flag(name: .customLong("decimal-comma"), help: "Numbers are written 1,5 or 1.234,5 (sniffed for ;-delimited files).")
    var decimalComma = false
    @Flag(help: "Commas group thousands: 1,234.5 (sniffed when unambiguous).")
    var thousands = false
    @Option(name: .customLong("null"), help: "A missing-value marker added to the defaults (repeatable).")
    var nulls: [String] = []
    @Option(name: .customLong("on-error"), help: "fail: stop at the first bad row; skip: set bad rows aside.")
    var onError: ErrorPolicy = .fail
    @Option(help: "Where --on-error skip writes rejected rows (default: stderr).")
    var rejects: String?
    @Option(help: "Same x twice in a series: keep the last, the first, fail, or keep every one.")
    var duplicates: DuplicatePolicy = .last

    func options(seriesName: String?, format: InputFormat, timeFormat: String) throws -> IngestOptions {
        var o = IngestOptions()
        o.format = format
        o.xColumn = x
        o.yColumns = y.map { $0.split(separator: ",").map { String($0).trimmingSpaces } }
        o.seriesColumn = seriesColumn
        o.seriesName = seriesName
        o.splitFields = splitFields
        o.layout = layout
        o.axis = axis
        o.timeFormat = try TimeFormat(argument: timeFormat)
        o.timezone = try UTCOffset(argument: timezone)
        if let delimiter {
            let d = delimiter == "\\t" || delimiter == "tab" ? "\t" : delimiter
            guard d.utf8.count == 1 else { throw RangePipeError.usage("--delimiter: expected one character, got \"\(delimiter)\"") }
            o.delimiter = d.utf8.first
        }
        if noHeader && header { throw RangePipeError.usage("--header and --no-header contradict each other") }
        o.header = noHeader ? false : header ? true : nil
        if decimalComma && thousands { throw RangePipeError.usage("--decimal-comma and --thousands contradict each other") }
        o.decimalComma = decimalComma
        o.thousands = thousands
        o.nulls = nulls
        o.onError = onError
        o.rejectsPath = rejects
        o.duplicates = duplicates
        return o
    }
}

/// `--format` and `--input-time-format` for the commands that read input
/// files (`play` names them `--input-format` and `--input-time-format`).
struct InputFormatArguments: ParsableArguments {
    @Option(help: "Input format (auto: by extension, then content).")
    var format: InputFormat = .auto
    // `--input-time-format` is the name every command uses for reading times;
    // `--time-format` stays as ingest's old name for it.
    @Option(name: [.customLong("input-time-format"), .customLong("time-format")],
            help: "How x values are read as times: auto, iso8601, epoch-s, epoch-ms, ordinal (Python date.toordinal days), decimal-year (R time(): 1949.0833 is February 1949) or a strptime pattern (%q: quarter 1-4).")
    var timeFormat: String = "auto"

    /// The options given, as words for a printed `rangepipe ingest` command.
    func commandLine() -> [String] {
        (format != .auto ? ["--format", format.rawValue] : []) + (timeFormat != "auto" ? ["--input-time-format", timeFormat] : [])
    }
}

extension IngestArguments {
    /// The arguments given, as words for a printed `rangepipe ingest` command.
    func commandLine() -> [String] {
        var w: [String] = []
        if let x { w += ["--x", x] }
        if let y { w += ["--y", y] }
        if let seriesColumn { w += ["--series-column", seriesColumn] }
        if splitFields { w.append("--split-fields") }
        if layout != .columns { w += ["--layout", layout.rawValue] }
        if axis != .auto { w += ["--axis", axis.rawValue] }
        if timezone != "UTC" { w += ["--timezone", timezone] }
        if let delimiter { w += ["--delimiter", delimiter] }
        if noHeader { w.append("--no-header") }
        if header { w.append("--header") }
        if decimalComma { w.append("--decimal-comma") }
        if thousands { w.append("--thousands") }
        for token in nulls { w += ["--null", token] }
        if duplicates != .last { w += ["--duplicates", duplicates.rawValue] }
        return w
    }
}

struct IngestCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ingest",
        abstract: "Load CSV, TSV, NDJSON, JSON or Arrow IPC files (or - for stdin, .gz transparently) into the series store."
    )

    @Argument(help: "Input files; - reads stdin.")
    var files: [String]
    @OptionGroup var store: StoreOptions
    @OptionGroup var ingest: IngestArguments
    @OptionGroup var input: InputFormatArguments
    @Option(help: "Series name (default: the file stem; - is \"stdin\").")
    var series: String?
    @Option(help: "Replace or append to series already in the store.")
    var mode: WriteMode = .replace
    @Option(parsing: .unconditional, help: "Seconds to wait for another writer, 0 to 86400 (default: fail at once with exit 75).")
    var wait: Double?
    // Unconditional: `--jobs -1` reaches the range check below.
    @Option(parsing: .unconditional,
            help: "Pieces one large plain file is read in at once, 1 to \(IngestOptions.maxJobs) (default: the cores this process may use); the result is the same for any value.")
    var jobs: Int?
    @Flag(help: "Print the summary as one JSON object on stdout.")
    var json = false
    @Flag(help: "No progress bar.")
    var quiet = false

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(files, as: "input")
                paths.store(store.store, writing: true)
                paths.writes(ingest.rejects, as: "--rejects")
            }
            ProgressReporter.shared.configure(quiet: quiet)
            var options = try ingest.options(seriesName: series, format: input.format, timeFormat: input.timeFormat)
            options.mode = mode
            if let jobs {
                guard (1 ... IngestOptions.maxJobs).contains(jobs) else {
                    throw RangePipeError.usage("--jobs: expected a whole number from 1 to \(IngestOptions.maxJobs), got \(jobs)")
                }
                options.jobs = jobs
            }
            if json { try FileOutput.requireStandardOutput() }
            if let wait, !(0 ... 86_400).contains(wait) {
                throw RangePipeError.usage("--wait: expected seconds from 0 to 86400, got \(wait)")
            }
            let report = try IngestJob(options: options).run(files: files, storePath: store.store, wait: wait)
            ProgressReporter.shared.finish()
            if json {
                try writeStdout(IngestSummary.json(report) + "\n")
            } else if !quiet {
                writeToStandardError(IngestSummary.text(report))
            }
            // After the summary, so it is the last thing on the screen.
            IngestSummary.warnings(report).forEach(writeMessage)
        }
    }
}
