#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The zone axis ticks fall on (`--display-zone`): UTC, a fixed offset, or a
/// named zone whose offsets (with DST) come from the system's tzdata TZif
/// files. The store keeps UTC epoch seconds; only the pictures use a zone.
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
    public init(argument: String, zoneinfo: String = "/usr/share/zoneinfo") throws {
        if let offset = try? UTCOffset(argument: argument) {
            self = offset.seconds == 0 ? .utc : .offset(offset.seconds)
            return
        }
        let parts = argument.split(separator: "/", omittingEmptySubsequences: false)
        guard !parts.isEmpty, parts.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." }) else {
            throw RangePipeError.usage("--display-zone: expected UTC, ±HH:MM or Area/City, got \"\(argument)\"")
        }
        guard let bytes = Self.readFile(zoneinfo + "/" + argument) else {
            throw RangePipeError.usage("--display-zone: no zone \"\(argument)\" in \(zoneinfo) (is tzdata installed?)")
        }
        guard let rules = ZoneRules(tzif: bytes) else {
            throw RangePipeError.usage("--display-zone: \(zoneinfo)/\(argument) is not a TZif file")
        }
        self.init(name: argument, fixed: nil, rules: rules)
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

    static func readFile(_ path: String) -> [UInt8]? {
        guard let f = fopen(path, "rb") else { return nil }
        defer { fclose(f) }
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = fread(&buffer, 1, buffer.count, f)
            if n <= 0 { break }
            out.append(contentsOf: buffer[0 ..< n])
            if out.count > 1 << 22 { return nil }
        }
        return out
    }
}
