/// How x values are read as times (`--input-time-format`).
public enum TimeFormat: Sendable, Equatable {
    /// Detect from the first x value among the formats SPEC 1.1 lists.
    case auto
    /// ISO-8601 date or date-time, with or without zone.
    case iso8601
    /// Plain numbers, seconds since the epoch.
    case epochSeconds
    /// Plain numbers, milliseconds since the epoch.
    case epochMilliseconds
    /// Whole numbers, days since 0001-01-01 counted from 1 (Python's `date.toordinal`).
    case dayOrdinal
    /// Years with a fraction, as R's `time()` writes them (`TimeParser+DecimalYear`).
    case decimalYear
    /// A strptime-style pattern (subset, see `TimePattern`).
    case pattern(String)

    /// The argument that names this format again (`ordinal`, `%Y%m%d`); nil for `auto`.
    public var argument: String? {
        switch self {
        case .auto: return nil
        case .iso8601: return "iso8601"
        case .epochSeconds: return "epoch-s"
        case .epochMilliseconds: return "epoch-ms"
        case .dayOrdinal: return "ordinal"
        case .decimalYear: return "decimal-year"
        case let .pattern(p): return p
        }
    }

    /// Reads a `--input-time-format` argument: `auto`, `iso8601`, `epoch-s`, `epoch-ms`, `ordinal`, `decimal-year` or a strptime pattern.
    /// - Throws: `.usage` for any other word, or a pattern with an unknown directive.
    public init(argument: String) throws {
        switch argument {
        case "auto": self = .auto
        case "iso8601": self = .iso8601
        case "epoch-s": self = .epochSeconds
        case "epoch-ms": self = .epochMilliseconds
        case "ordinal": self = .dayOrdinal
        case "decimal-year": self = .decimalYear
        default:
            guard argument.contains("%") else {
                throw RangePipeError.usage("--input-time-format: expected auto, iso8601, epoch-s, epoch-ms, ordinal, decimal-year or a strptime pattern, got \"\(argument)\"")
            }
            _ = try TimePattern(argument)
            self = .pattern(argument)
        }
    }
}

/// A fixed UTC offset for times written without a zone (`--timezone`).
public struct UTCOffset: Sendable, Equatable {
    public var seconds: Int

    public static let utc = UTCOffset(seconds: 0)

    /// An offset of `seconds` east of UTC.
    public init(seconds: Int) { self.seconds = seconds }

    /// Accepts `UTC`, `Z`, `±HH:MM`, `±HHMM`, `±HH`.
    public init(argument: String) throws {
        if argument == "UTC" || argument == "Z" || argument == "utc" { self.seconds = 0; return }
        let parsed: Int? = argument.withByteView { b in
            var c = ByteCursor(b)
            guard let offset = c.zoneOffset(), c.atEnd else { return nil }
            return offset
        }
        guard let parsed else {
            throw RangePipeError.usage("--timezone: expected UTC or ±HH:MM, got \"\(argument)\"")
        }
        self.seconds = parsed
    }
}
