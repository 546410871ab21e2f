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
    @OptionGroup var input: InputFormatArguments
    @Flag(help: "Read every row, not a sample (the file is held in memory).")
    var full = false
    @Flag(help: "One JSON object per file (NDJSON) on stdout.")
    var json = false

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(files, as: "input")
                paths.writesStandardOutput()
            }
            let options = try ingest.options(seriesName: nil, format: input.format, timeFormat: input.timeFormat)
            var out = ""
            for file in files {
                let report = try Inspector.inspect(path: file, options: options, full: full)
                let words = ["rangepipe", "ingest", file] + ingest.commandLine() + input.commandLine()
                let command = (words + report.suggestions).map(ShellWords.quote).joined(separator: " ")
                out += json ? InspectText.json(report, command: command) + "\n" : InspectText.text(report, command: command)
            }
            try writeStdout(out)
        }
    }
}
