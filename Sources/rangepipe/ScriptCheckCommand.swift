import ArgumentParser
import RangePipeKit

struct ScriptCheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a script as play would (same errors, exit 65) and summarise it: events in start order, and per series the field, frame count and last frame time.",
        discussion: "With --no-series only the script is checked; otherwise the series come from --store or --input, chosen as play chooses them."
    )

    @Argument(help: "The script (JSON; - is stdin).")
    var script: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var from: SeriesInputOptions
    @OptionGroup(title: "Ingest options (with --input)") var ingest: IngestArguments
    @Option(name: .customLong("series"), help: "Series to check (repeatable; default: the script's \"series\").")
    var seriesNames: [String] = []
    @Flag(help: "Check against every series in the store.")
    var all = false
    @OptionGroup var linked: SyncOption
    @Option(help: "Frames per second (overrides the script).")
    var fps: Double?
    @Flag(name: .customLong("no-series"), help: "Check the script alone, without a store or input.")
    var noSeries = false

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(self.script, as: "the script")
                if !noSeries { from.declare(&paths, store: store, ingest: ingest) }
                paths.writesStandardOutput()
            }
            var script = try ScriptFile.load(path: self.script)
            try script.override(fps: fps)
            let check: ScriptCheck
            if noSeries {
                guard seriesNames.isEmpty, !all, from.input.isEmpty, linked.sync == nil else {
                    throw RangePipeError.usage("--no-series: give no --series, --all, --sync or --input")
                }
                check = ScriptCheck(script: script)
            } else if let (names, whereFrom) = try linked.linkedSeries(script, series: !seriesNames.isEmpty, all: all, skip: false) {
                check = try ScriptCheck(script: script, source: try from.source(store: store, ingest: ingest), linked: names, whereFrom: whereFrom)
            } else {
                check = try ScriptCheck(script: script, source: try from.source(store: store, ingest: ingest), seriesNames: seriesNames, all: all)
            }
            try writeStdout(check.text)
        }
    }
}
