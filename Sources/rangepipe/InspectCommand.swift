import ArgumentParser
import RangePipeKit

struct InspectCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "inspect",
        abstract: "Show what ingest would do with files: dialect, column types, x, long format, and the command to run."
    )

    @Argument(help: "Input files.")
    var files: [String]
    @OptionGroup var ingest: IngestArguments
    @Option(help: "Input format: auto (by extension, then content), csv, tsv, ndjson, json.")
    var format: String = "auto"
    @Option(name: .customLong("time-format"), help: "As for ingest.")
    var timeFormat: String = "auto"
    @Flag(help: "Read every row, not a sample (the file is held in memory).")
    var full = false
    @Flag(help: "One JSON object per file (NDJSON) on stdout.")
    var json = false

    func run() throws {
        try runReportingErrors {
            let options = try ingest.options(seriesName: nil, format: format, timeFormat: timeFormat)
            var out = ""
            for file in files {
                let report = try Inspector.inspect(path: file, options: options, full: full)
                var words = ["rangepipe", "ingest", file] + ingest.commandLine()
                if format != "auto" { words += ["--format", format] }
                if timeFormat != "auto" { words += ["--time-format", timeFormat] }
                let command = (words + report.suggestions).map(ShellWords.quote).joined(separator: " ")
                out += json ? InspectText.json(report, command: command) + "\n" : InspectText.text(report, command: command)
            }
            try writeStdout(out)
        }
    }
}
