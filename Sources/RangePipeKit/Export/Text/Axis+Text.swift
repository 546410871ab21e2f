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
