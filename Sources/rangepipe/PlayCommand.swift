import ArgumentParser
import RangePipeKit

struct PlayCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "play",
        abstract: "Replay a script of gestures against stored series and write one record per frame."
    )

    @Argument(help: "The script (JSON).")
    var script: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var from: SeriesInputOptions
    @OptionGroup(title: "Ingest options (with --input)") var ingest: IngestArguments
    @OptionGroup var linked: SyncOption
    @Option(name: .customLong("series"), help: "Series to play (repeatable; default: the script's \"series\").")
    var seriesNames: [String] = []
    @Flag(help: "Play every series in the store, by name.")
    var all = false
    @Option(help: "Frames per second (overrides the script).")
    var fps: Double?
    @Option(help: "The output format.")
    var format: FrameFormat = .ndjson
    @Option(help: "Comma-separated tracks (default: all but points; preset only when the script uses presets, omitted only when y is log, box with a box zoom, crosshair with a hover).")
    var tracks: ChoiceList<Track>?
    // `--output-time-format` names the output side everywhere; `--time-format` is its old name.
    @Option(name: [.customLong("output-time-format"), .customLong("time-format")], help: "How time x values are written.")
    var timeFormat: TimeOutputFormat = .iso8601
    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout (replaced whole when done).")
    var output: String?
    // Unconditional: `--jobs -1` reaches the range check below.
    @Option(parsing: .unconditional, help: "Series played in parallel (1 to \(PlayJob.maxJobs)); the output is the same for any value.")
    var jobs: Int = 1
    @Option(name: .customLong("on-series-error"),
            help: "fail (default): stop at a series that cannot be played; skip: leave it out, name it on stderr, exit 3.")
    var onSeriesError: SeriesErrorPolicy = .fail
    @Option(name: .customLong("changed-since"),
            help: ArgumentHelp("Play only the series whose data, or the script and output options, changed since the run that wrote STATE; then record this run in STATE (no file yet: play every series).",
                               valueName: "STATE"))
    var changedSince: String?

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(self.script, as: "the script")
                from.declare(&paths, store: store, ingest: ingest)
                paths.writes(output ?? "-", as: "-o")
                paths.writes(changedSince, as: "--changed-since")
            }
            let (loaded, scriptBytes) = try ScriptFile.read(path: self.script)
            var script = loaded
            try script.override(fps: fps)
            guard (1 ... PlayJob.maxJobs).contains(jobs) else {
                throw RangePipeError.usage("--jobs: expected a whole number from 1 to \(PlayJob.maxJobs), got \(jobs)")
            }
            if output == nil || output == "-" { try FileOutput.requireStandardOutput() }
            var session = PlayJob(script: script, tracks: tracks?.values ?? Track.defaults(for: script), format: format,
                                  time: timeFormat, jobs: jobs, onSeriesError: onSeriesError)
            let linkedSeries = try linked.linkedSeries(script, series: !seriesNames.isEmpty, all: all, skip: session.onSeriesError == .skip)
            let source = try from.source(store: store, ingest: ingest)
            session.script = try source.withAppendSources(script)
            if linkedSeries != nil, changedSince != nil {
                throw RangePipeError.usage("--changed-since plays series one at a time; it cannot be used with linked charts (--sync or the script's sync)")
            }
            if let (syncNames, whereFrom) = linkedSeries {
                // Linked charts: one simulation; a series that cannot be played stops it.
                let series = try source.linked(syncNames, source: whereFrom)
                try withOutput(output) { out in try session.playSync(series, source: whereFrom, write: { try out.write(bytes: $0) }) }
                return
            }
            var names: [String]
            // --changed-since: the state this run records once its output is written.
            var next: PlayState?
            if let statePath = changedSince {
                let options = ["fps=\(fps.map { "\($0)" } ?? "script")", "format=\(format.rawValue)",
                               "tracks=\(session.tracks.map(\.rawValue).sorted().joined(separator: ","))", "time=\(timeFormat.rawValue)"]
                (names, next) = try source.changedPlayList(state: statePath, named: seriesNames, all: all, script: session.script,
                                                           scriptBytes: scriptBytes, options: options)
            } else {
                names = try source.playList(named: seriesNames, all: all, script: script)
            }
            var skipped: [SkippedSeries] = []
            let loader = try source.loader(for: names)
            try withOutput(output) { out in
                skipped = try session.playAll(count: names.count, name: { names[$0] }, load: { try loader.load($0) },
                                              write: { try out.write(bytes: $0) })
            }
            // A run that skipped a series records nothing: the next run plays it (and the rest) again.
            if let next, let statePath = changedSince, skipped.isEmpty { try next.write(path: statePath) }
            guard !skipped.isEmpty else { return }
            for s in skipped {
                let prefix = "series '\(s.name)': "
                let reason = s.reason.hasPrefix(prefix) ? String(s.reason.dropFirst(prefix.count)) : s.reason
                writeMessage("rangepipe: skipped series '\(s.name)': \(reason)")
            }
            writeMessage("rangepipe: played \(names.count - skipped.count) of \(names.count) series; skipped \(skipped.count) (--on-series-error skip)")
            throw ExitCode(ExitStatus.seriesSkipped.rawValue)
        }
    }
}
