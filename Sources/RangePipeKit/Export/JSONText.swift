/// Minimal JSON text production: escaped strings and numbers in the
/// shortest form that reads back to the same Float64 (SPEC 5).
public enum JSONText {
    /// `null` for NaN and infinities; otherwise Swift's shortest round-trip
    /// form, which is valid JSON (`120.0`, `0.1`, `1e-07`).
    public static func number(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    public static func number(_ value: Double?) -> String {
        value.map(number) ?? "null"
    }

    public static func string(_ value: String) -> String {
        var out = "\""
        out.reserveCapacity(value.utf8.count + 2)
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

/// How time x values are written (`--time-format` on output).
public enum TimeOutputFormat: String, Sendable, CaseIterable {
    case iso8601
    case epochSeconds = "epoch-s"
}

extension Axis {
    /// An x value as JSON: an ISO string or epoch seconds for time, a number otherwise.
    public func jsonX(_ value: Double?, time: TimeOutputFormat) -> String {
        guard let value, value.isFinite else { return "null" }
        if self == .time, time == .iso8601 { return "\"" + CivilTime.iso8601(value) + "\"" }
        return JSONText.number(value)
    }

    /// An x value as plain text (tables, CSV).
    public func textX(_ value: Double?, time: TimeOutputFormat) -> String {
        guard let value, value.isFinite else { return "" }
        if self == .time, time == .iso8601 { return CivilTime.iso8601(value) }
        return value.description
    }
}
