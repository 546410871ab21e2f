import ArgumentParser

/// `rangepipe script …`: tools for play scripts.
struct ScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Tools for play scripts: print their JSON Schema, check one, import recorded pointer input.",
        subcommands: [ScriptSchemaCommand.self, ScriptCheckCommand.self, ScriptFromEventsCommand.self]
    )
}
