import ArgumentParser
import RangePipeKit

/// A comma-separated list of named values (`--tracks range,points`,
/// `diff --fields window,y`): --help lists the names, completions offer
/// them, and a name that is not one is a usage error (exit 64). Spaces
/// around a name and empty names are ignored.
struct ChoiceList<Choice: CaseIterable & RawRepresentable & Hashable & ExpressibleByArgument>: ExpressibleByArgument
where Choice.RawValue == String {
    /// The names given, each once.
    let values: Set<Choice>

    init?(argument: String) {
        var values: Set<Choice> = []
        for name in argument.split(separator: ",") {
            let trimmed = String(name).trimmingSpaces
            guard !trimmed.isEmpty else { continue }
            guard let value = Choice(rawValue: trimmed) else { return nil }
            values.insert(value)
        }
        self.values = values
    }

    static var allValueStrings: [String] { Choice.allValueStrings }
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
