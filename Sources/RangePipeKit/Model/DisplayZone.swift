/// The zone axis ticks fall on (`--display-zone`): UTC, a fixed offset, or a
/// named zone whose offsets (with DST) come from the system's tzdata TZif
/// files. The store keeps UTC epoch seconds; the pictures' ticks and the
/// script's calendar presets (`"x": {"zone": ...}`) use a zone. A plain
/// value: the TZif file is read by `ZoneInfoFile` (Support).
public struct DisplayZone: Sendable, Equatable {
    public let name: String
    let fixed: Int?
    let rules: ZoneRules?

    public static let utc = DisplayZone(name: "UTC", fixed: 0, rules: nil)

    /// A zone with a constant offset east of UTC, in seconds.
    public static func offset(_ seconds: Int) -> DisplayZone {
        DisplayZone(name: "UTC\(seconds < 0 ? "-" : "+")\(seconds)", fixed: seconds, rules: nil)
    }

    init(name: String, fixed: Int?, rules: ZoneRules?) {
        self.name = name
        self.fixed = fixed
        self.rules = rules
    }

    /// Accepts `UTC`, `±HH:MM` (as ingest's `--timezone`) or an `Area/City`
    /// name found under `zoneinfo` (default `/usr/share/zoneinfo`).
    /// - Throws: `RangePipeError.usage` naming `--display-zone`.
    public init(argument: String, zoneinfo: String = ZoneInfoFile.directory) throws {
        do {
            self = try Self.named(argument, zoneinfo: zoneinfo, read: ZoneInfoFile.read)
        } catch {
            throw RangePipeError.usage("--display-zone: \(error)")
        }
    }

    /// Why a zone name was refused (the caller adds where it was written).
    public enum Problem: Error, Sendable, Equatable, CustomStringConvertible {
        /// Not `UTC`, `±HH:MM` or a relative `Area/City` path.
        case malformed(String)
        /// No such file under the zoneinfo directory.
        case missing(String, directory: String)
        /// The file is not TZif.
        case notTZif(path: String)

        public var description: String {
            switch self {
            case let .malformed(text): return "expected UTC, ±HH:MM or Area/City, got \"\(text)\""
            case let .missing(name, directory): return "no zone \"\(name)\" in \(directory) (is tzdata installed?)"
            case let .notTZif(path): return "\(path) is not a TZif file"
            }
        }
    }

    /// The zone `text` names; `read` fetches a TZif file's bytes by path
    /// (`ZoneInfoFile.read`, or a test's table).
    /// - Complexity: O(TZif file size).
    public static func named(_ text: String, zoneinfo: String = ZoneInfoFile.directory,
                             read: (String) -> [UInt8]?) throws(Problem) -> DisplayZone {
        if let offset = try? UTCOffset(argument: text) {
            return offset.seconds == 0 ? .utc : .offset(offset.seconds)
        }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw .malformed(text)
        }
        guard let bytes = read(zoneinfo + "/" + text) else { throw .missing(text, directory: zoneinfo) }
        guard let rules = ZoneRules(tzif: bytes) else { throw .notTZif(path: zoneinfo + "/" + text) }
        return DisplayZone(name: text, fixed: nil, rules: rules)
    }

    /// Seconds to add to a UTC instant to get the local wall-clock time.
    public func offset(at utc: Double) -> Int {
        if let fixed { return fixed }
        return rules?.offset(at: Int64(utc.rounded(.down))) ?? 0
    }

    /// Wall-clock seconds (as if UTC) of an instant.
    public func local(_ utc: Double) -> Double { utc + Double(offset(at: utc)) }

    /// The instant of a wall-clock time. In a DST gap the clock reading
    /// does not exist and the instant one offset later is used (02:30 in a
    /// spring-forward gap is 03:30); in an overlap the earlier instant.
    public func utc(fromLocal local: Double) -> Double {
        if let fixed { return local - Double(fixed) }
        // Zone transitions are days apart: the offsets a day either side
        // are the only ones this reading can have.
        let before = offset(at: local - 86_400), after = offset(at: local + 86_400)
        let valid = [before, after].filter { offset(at: local - Double($0)) == $0 }
        if let o = valid.max() { return local - Double(o) }
        return local - Double(before)
    }
}
