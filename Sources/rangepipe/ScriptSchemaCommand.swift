import ArgumentParser
import RangePipeKit

struct ScriptSchemaCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "schema",
        abstract: "Print the JSON Schema (draft 2020-12) of play scripts (the same bytes as docs/script.schema.json)."
    )

    @Option(name: .shortAndLong, help: "Write to FILE instead of stdout (replaced whole when done).")
    var output: String?

    func run() throws {
        try runReportingErrors {
            try withOutput(output) { try $0.write(ScriptSchema.text) }
        }
    }
}
