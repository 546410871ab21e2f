import ArgumentParser
import RangePipeKit

@main
struct RangePipe: ParsableCommand {
    static func main() {
        // Past a file-size limit, let the write fail (exit 74, store
        // unchanged) instead of dying of SIGXFSZ.
        FileOutput.failWritesPastFileSizeLimit()
        Self.main(nil)
    }

    static let configuration = CommandConfiguration(
        commandName: "rangepipe",
        abstract: "Batch processor for chart interaction tracks: ingest series, replay range-selector gestures, emit per-frame tracks.",
        version: RangePipeVersion.string,
        subcommands: [IngestCommand.self, InspectCommand.self, SeriesCommand.self, PlayCommand.self, PreviewCommand.self,
                      PlayerCommand.self, RenderCommand.self, DiffCommand.self, ScriptCommand.self]
    )
}
