import ArgumentParser
import RangePipeKit

@main
struct RangePipe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rangepipe",
        abstract: "Batch processor for chart interaction tracks: ingest series, replay range-selector gestures, emit per-frame tracks.",
        version: RangePipeVersion.string,
        subcommands: [IngestCommand.self, SeriesCommand.self, PlayCommand.self]
    )
}
