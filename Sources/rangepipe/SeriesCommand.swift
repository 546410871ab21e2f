import ArgumentParser
import RangePipeKit

struct SeriesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "series",
        abstract: "List the series in the store: a table on a terminal, NDJSON with --json or when piped."
    )

    @OptionGroup var store: StoreOptions
    @Flag(help: "NDJSON, one object per series, sorted by name.")
    var json = false
    // `--output-time-format` names the output side everywhere; `--time-format` is its old name.
    @Option(name: [.customLong("output-time-format"), .customLong("time-format")], help: "How time x values are written.")
    var timeFormat: TimeOutputFormat = .iso8601

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.store(store.store, writing: false)
                paths.writesStandardOutput()
            }
            let s = try SeriesStore.openForReading(path: store.store)
            let infos = try s.listSeries()
            if json || !stdoutIsTerminal() {
                try writeStdout(infos.map { SeriesListing.ndjson($0, time: timeFormat) + "\n" }.joined())
            } else {
                try writeStdout(SeriesListing.table(infos, time: timeFormat))
            }
        }
    }
}
