import ArgumentParser

/// `rangepipe script …`: tools for scripts. (Minimal group for
/// `from-events`; merged with the other script subcommands on main.)
struct ScriptCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "script",
        abstract: "Work with play scripts.",
        subcommands: [ScriptFromEventsCommand.self]
    )
}
