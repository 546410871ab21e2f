import ArgumentParser
import RangePipeKit

/// `rangepipe player`: one self-contained HTML page that replays a script.
struct PlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player",
        abstract: "Write a self-contained HTML page that replays a script (overview, selection, main chart, axes, annotation).",
        discussion: """
        The page embeds, per frame, the NDJSON line `play --tracks range,annotation,selector,values,points` \
        (with `,preset` when the script uses presets) writes for the same options; window.rangepipePlayer.frame() \
        returns it parsed. Linked series (the script's `sync`, or --sync) get one panel each, moving together; \
        frame(j) is panel j's line. On a script with a box-zoom or a hover the page draws the zoom box and the \
        crosshair too. Nothing is fetched.
        """
    )

    @Argument(help: "The script (JSON).")
    var script: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var from: SeriesInputOptions
    @OptionGroup(title: "Ingest options (with --input)") var ingest: IngestArguments
    @Option(name: .customLong("series"), help: "The series (default: the script's, or the store's only one).")
    var seriesName: String?
    @OptionGroup var linked: SyncOption
    @Option(help: "Frames per second (overrides the script).")
    var fps: Double?
    // `--output-time-format` names the output side everywhere; `--time-format` is its old name.
    @Option(name: [.customLong("output-time-format"), .customLong("time-format")], help: "How time x values are written in the frames.")
    var timeFormat: TimeOutputFormat = .iso8601
    @OptionGroup var display: DisplayZoneOption
    @Option(name: .customLong("max-mb"), help: "Size budget in MB (10^6 bytes); past it the points track is decimated.")
    var maxMB: Double = 50
    @Option(name: .shortAndLong, help: "The HTML file (- for stdout).")
    var output: String

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(self.script, as: "the script")
                from.declare(&paths, store: store, ingest: ingest)
                paths.writes(output, as: "-o")
            }
            var script = try ScriptFile.load(path: self.script)
            try script.override(fps: fps)
            // The budget only decides decimation (nothing is reserved), so it
            // has no upper bound: past Int.max bytes it is no budget at all.
            guard maxMB > 0 else { throw RangePipeError.usage("--max-mb: expected a positive number of MB, got \(maxMB)") }
            let budget = maxMB * 1_000_000 < Double(Int.max) ? Int(maxMB * 1_000_000) : Int.max
            let zone = try display.zone()
            let source = try from.source(store: store, ingest: ingest)
            script = try source.withAppendSources(script)
            let linkedSeries = try linked.linkedSeries(script, series: seriesName != nil, all: false, skip: false)
            let shown = try ShownSeries(script: script, source: source, series: seriesName, linked: linkedSeries)
            let job = PlayerJob(shown: shown, zone: zone, time: timeFormat, budget: budget)
            let (html, d) = try job.run()
            let full = job.fullColumns
            if d.columns < full || d.every > 1 {
                writeMessage("rangepipe: note: the page would pass \(maxMB) MB; the points track is M4 at \(d.columns) columns instead of \(full)"
                    + (d.every > 1 ? ", stored every \(d.every) frames" : ""))
            }
            if html.utf8.count > budget {
                writeMessage("rangepipe: note: the page is \(html.utf8.count) bytes, over --max-mb: the other tracks alone take more (lower --fps)")
            }
            try withOutput(output) { try $0.write(html) }
        }
    }
}
