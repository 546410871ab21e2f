/// Every error rangepipe reports: one line of text and an exit status.
///
/// The CLI prints `rangepipe: error: \(description)` and exits with
/// `status`; nothing else reaches stderr for an error.
public enum RangePipeError: Error, Sendable, CustomStringConvertible {
    /// Bad data at a location in an input file (exit 65).
    case badData(SourceLocation, String)
    /// Bad data or script with a free-form location prefix, e.g. a JSON path (exit 65).
    case invalid(String)
    /// An input file is missing or unreadable (exit 66).
    case noInput(path: String, reason: String)
    /// An output or the store cannot be created (exit 73).
    case cannotCreate(path: String, reason: String)
    /// A read or write failed part way (exit 74).
    case io(path: String, reason: String)
    /// Another writer holds the store (exit 75).
    case storeLocked(path: String, waited: Double?)
    /// Bad command-line usage (exit 64).
    case usage(String)
    /// A program rangepipe runs (ffmpeg) is missing or failed (exit 69).
    case unavailable(String)
    /// Reading or writing `path` needs more memory than is available:
    /// `needed` bytes at once against `budget` (exit 71).
    case outOfMemory(path: String, needed: Int, budget: Int, what: String)

    /// The exit status the CLI ends with for this error.
    public var status: ExitStatus {
        switch self {
        case .badData, .invalid: return .dataError
        case .noInput: return .noInput
        case .cannotCreate: return .cannotCreate
        case .io: return .ioError
        case .storeLocked: return .storeLocked
        case .usage: return .usage
        case .unavailable: return .unavailable
        case .outOfMemory: return .outOfMemory
        }
    }

    /// The one-line message, without the `rangepipe: error: ` prefix.
    public var description: String {
        switch self {
        case let .badData(location, message): return "\(location): \(message)"
        case let .invalid(message): return message
        case let .noInput(path, reason): return "\(path): \(reason)"
        case let .cannotCreate(path, reason): return "\(path): cannot create: \(reason)"
        case let .io(path, reason): return "\(path): I/O error: \(reason)"
        case let .storeLocked(path, waited):
            if let waited {
                return "\(path): the store is locked by another writer (waited \(waited) s)"
            }
            return "\(path): the store is locked by another writer (use --wait SECONDS to wait)"
        case let .usage(message): return message
        case let .unavailable(message): return message
        case let .outOfMemory(path, needed, budget, what):
            return "\(path): out of memory: \(what) needs \(MemoryBudget.text(needed, roundingUp: true)), "
                + "over the memory budget of \(MemoryBudget.text(budget)) (\(MemoryBudget.source))"
        }
    }
}
