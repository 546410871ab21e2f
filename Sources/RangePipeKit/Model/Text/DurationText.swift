/// Duration strings: `90s`, `15m`, `12h`, `4d`, `2w` (decimals allowed) and
/// ISO-8601 `P…` durations with weeks, days, hours, minutes and seconds.
/// Months and years are not fixed lengths and are refused.
public enum DurationText {
    /// Seconds for a duration string, or nil when it is not one.
    /// - Complexity: O(length).
    public static func parse(_ text: String) -> Double? {
        let s = text.trimmingSpaces
        guard !s.isEmpty else { return nil }
        if s.hasPrefix("P") || s.hasPrefix("p") { return iso(String(s.dropFirst()).uppercased()) }
        guard let unit = s.last, let value = Double(s.dropLast()), value.isFinite else { return nil }
        switch unit {
        case "s": return value
        case "m": return value * 60
        case "h": return value * 3600
        case "d": return value * 86_400
        case "w": return value * 604_800
        default: return nil
        }
    }

    private static func iso(_ body: String) -> Double? {
        var total = 0.0
        var inTime = false
        var number = ""
        var any = false
        for c in body {
            if c == "T" {
                guard !inTime, number.isEmpty else { return nil }
                inTime = true
                continue
            }
            if c.isNumber || c == "." || c == "," { number.append(c == "," ? "." : c); continue }
            guard let v = Double(number) else { return nil }
            number = ""
            any = true
            switch (c, inTime) {
            case ("W", false): total += v * 604_800
            case ("D", false): total += v * 86_400
            case ("H", true): total += v * 3600
            case ("M", true): total += v * 60
            case ("S", true): total += v
            default: return nil // years, months, or a misplaced unit
            }
        }
        return any && number.isEmpty ? total : nil
    }
}
