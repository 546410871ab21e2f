import ArgumentParser
import RangePipeKit

/// Where `play` and `player` get series: the store, or `--input` files
/// ingested in memory for the run (with ingest's options). The commands
/// hold `StoreOptions` and `IngestArguments` beside it rather than inside:
/// a debug build of swift-argument-parser validates every option group
/// once per level it is nested at, and three levels cost each `play`
/// about 0.1 s of CPU before it starts.
struct SeriesInputOptions: ParsableArguments {
    @Option(parsing: .upToNextOption, help: "Ingest these files into an in-memory store for this run instead of using --store (- is stdin).")
    var input: [String] = []
    @Option(name: .customLong("input-format"), help: "With --input: the input format (auto: by extension, then content).")
    var inputFormat: InputFormat = .auto
    @Option(name: .customLong("input-time-format"), help: "With --input: how x values are read as times.")
    var inputTimeFormat: String = "auto"
    @Option(name: .customLong("input-series"), help: "With --input: the ingested series' name (default: the file stem).")
    var inputSeries: String?

    /// The files the run reads series from (`--input`, else the store),
    /// and `--rejects` with `--input`.
    func declare(_ paths: inout RunPaths, store: StoreOptions, ingest: IngestArguments) {
        guard !input.isEmpty else { return paths.store(store.store, writing: false) }
        paths.reads(input, as: "--input")
        paths.writes(ingest.rejects, as: "--rejects")
    }

    func source(store: StoreOptions, ingest: IngestArguments) throws -> SeriesSource {
        try SeriesSource(input: input, store: store.store,
                         options: input.isEmpty ? nil : ingest.options(seriesName: inputSeries, format: inputFormat, timeFormat: inputTimeFormat))
    }
}

extension Script {
    /// Applies `--fps` when given, within the script's limits.
    mutating func override(fps: Double?) throws {
        guard let fps else { return }
        guard fps >= ScriptDecoder.minFPS, fps <= ScriptDecoder.maxFPS else {
            throw RangePipeError.usage("--fps: expected a number in [\(ScriptDecoder.minFPS), \(Int(ScriptDecoder.maxFPS))], got \(fps)")
        }
        self.fps = fps
    }
}

/// `--display-zone`, for the commands that draw time axes.
struct DisplayZoneOption: ParsableArguments {
    @Option(name: .customLong("display-zone"), help: "Zone for time-axis ticks: UTC, ±HH:MM or Area/City (tzdata).")
    var displayZone: String = "UTC"

    func zone() throws -> DisplayZone { try DisplayZone(argument: displayZone) }
}
