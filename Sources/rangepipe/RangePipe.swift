import ArgumentParser
import RangePipeKit

@main
struct RangePipe: ParsableCommand {
    static func main() {
        // Past a file-size limit, let the write fail (exit 74, store
        // unchanged) instead of dying of SIGXFSZ.
        FileOutput.failWritesPastFileSizeLimit()
        // Out of memory: one line and exit 71, never a crash.
        MemoryGuard.arm()
        var command: any ParsableCommand
        do {
            command = try parseAsRoot()
        } catch {
            exit(usage: error)
        }
        do {
            try command.run()
        } catch {
            exit(withError: error)
        }
    }

    /// Exits for an error found while parsing: help, --version and
    /// completion scripts as swift-argument-parser prints them; a usage
    /// error (a bad value, an unknown option, a missing argument) as one
    /// line on stderr, like every other error of the tool, with exit 64.
    static func exit(usage error: any Error) -> Never {
        guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
        // A long list of values comes as a bulleted block: one line, comma-separated.
        let lines = message(for: error).split(separator: "\n").map { String($0).trimmingSpaces }
        let items = lines.dropFirst().map { $0.hasPrefix("- ") ? String($0.dropFirst(2)) : $0 }
        let text = lines.first.map { items.isEmpty ? $0 : $0 + " " + items.joined(separator: ", ") } ?? "usage error"
        writeMessage("rangepipe: error: \(text)")
        exit(withError: ExitCode.validationFailure)
    }

    static let configuration = CommandConfiguration(
        commandName: "rangepipe",
        abstract: "Batch processor for chart interaction tracks: ingest series, replay range-selector gestures, emit per-frame tracks.",
        version: RangePipeVersion.string,
        subcommands: [IngestCommand.self, InspectCommand.self, SeriesCommand.self, PlayCommand.self, PreviewCommand.self,
                      PlayerCommand.self, RenderCommand.self, DiffCommand.self, ScriptCommand.self]
    )
}
