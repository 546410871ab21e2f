import ArgumentParser
import RangePipeKit

/// `rangepipe player`: one self-contained HTML page that replays a script.
struct PlayerCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "player",
        abstract: "Write a self-contained HTML page that replays a script (overview, selection, main chart, axes, annotation).",
        discussion: """
        The page embeds, per frame, the NDJSON line `play --tracks range,annotation,selector,values,points` \
        writes for the same options; window.rangepipePlayer.frame() returns it parsed. Nothing is fetched.
        """
    )

    @Argument(help: "The script (JSON).")
    var script: String
    @OptionGroup var store: StoreOptions
    @Option(parsing: .upToNextOption, help: "Ingest these files into an in-memory store for this run instead of using --store (- is stdin).")
    var input: [String] = []
    @OptionGroup(title: "Ingest options (with --input)") var ingest: IngestArguments
    @Option(name: .customLong("input-format"), help: "With --input: auto, csv, tsv, ndjson, json.")
    var inputFormat: String = "auto"
    @Option(name: .customLong("input-time-format"), help: "With --input: how x values are read as times.")
    var inputTimeFormat: String = "auto"
    @Option(name: .customLong("series"), help: "The series (default: the script's, or the store's only one).")
    var seriesName: String?
    @Option(help: "Frames per second (overrides the script).")
    var fps: Double?
    @Option(name: .customLong("time-format"), help: "How time x values are written in the frames: iso8601 or epoch-s.")
    var timeFormat: String = "iso8601"
    @Option(name: .customLong("display-zone"), help: "Zone for time-axis ticks: UTC, ±HH:MM or Area/City (tzdata).")
    var displayZone: String = "UTC"
    @Option(name: .customLong("max-mb"), help: "Size budget in MB (10^6 bytes); past it the points track is decimated.")
    var maxMB: Double = 50
    @Option(name: .shortAndLong, help: "The HTML file (- for stdout).")
    var output: String

    func run() throws {
        try runReportingErrors {
            var script = try ScriptDecoder.load(path: self.script)
            if let fps {
                guard fps > 0, fps <= ScriptDecoder.maxFPS else {
                    throw RangePipeError.usage("--fps: expected a number in (0, \(Int(ScriptDecoder.maxFPS))], got \(fps)")
                }
                script.fps = fps
            }
            guard maxMB > 0, maxMB < 100_000 else { throw RangePipeError.usage("--max-mb: expected a positive number") }
            let zone = try DisplayZone(argument: displayZone)
            let time: TimeOutputFormat = try choice(timeFormat, "--time-format")
            let source = try SeriesSource(input: input, store: store.store,
                                          options: input.isEmpty ? nil : ingest.options(seriesName: nil, format: inputFormat, timeFormat: inputTimeFormat))
            let available = try source.names()
            guard let name = seriesName ?? script.series ?? (available.count == 1 ? available[0] : nil) else {
                throw RangePipeError.invalid("\(script.source): series: the script names no series; give --series")
            }
            guard available.contains(name) else {
                throw RangePipeError.invalid("series '\(name)' is not in the store (series: \(available.sorted().joined(separator: ", ")))")
            }
            let plan = try PlayPlan(script: script, series: try source.load(name))
            let player = HTMLPlayer(plan: plan, zone: zone, time: time, budget: Int(maxMB * 1_000_000))
            let (html, d) = try player.render()
            let full = Int(plan.script.main.width.rounded(.up))
            if d.columns < full || d.every > 1 {
                writeToStandardError("rangepipe: note: the page would pass \(maxMB) MB; the points track is M4 at \(d.columns) columns instead of \(full)"
                    + (d.every > 1 ? ", stored every \(d.every) frames" : "") + "\n")
            }
            if html.utf8.count > Int(maxMB * 1_000_000) {
                writeToStandardError("rangepipe: note: the page is \(html.utf8.count) bytes, over --max-mb: the other tracks alone take more (lower --fps)\n")
            }
            try withOutput(output) { try $0.write(html) }
        }
    }
}
