/// A recorded session as script text: raw pointer events (`"input":
/// "pointer"`), one per contact or wheel run, with the areas' sizes.
public enum RecordedScriptText {
    /// The script: `base`'s settings in their order (without its `overview`,
    /// `main` and `events`), then `overview` and `main` (the layout's sizes,
    /// or `base`'s for an area the layout lacks), then the events. An
    /// event's `at` is `start` plus the seconds from the recording's origin
    /// to its first sample; a sample's `t` is the ms since the event's first sample / 1000.
    /// Numbers are written in the shortest form that reads back the same.
    /// - Complexity: O(samples + base).
    public static func script(_ session: RecordedSession, start: Double = 0, base: JSONValue? = nil) -> String {
        var members: [(String, String)] = []
        var baseMembers: [(String, JSONValue)] = []
        if case let .object(m)? = base { baseMembers = m }
        for (key, value) in baseMembers where !["overview", "main", "events"].contains(key) {
            members.append((key, json(value)))
        }
        for area in RecordedArea.allCases {
            if let rect = session.layout.rect(area) {
                members.append((area.rawValue, "{\"width\": \(number(rect.width)), \"height\": \(number(rect.height))}"))
            } else if let kept = baseMembers.first(where: { $0.0 == area.rawValue }) {
                members.append((area.rawValue, json(kept.1)))
            }
        }
        var out = "{\n"
        for (key, text) in members { out += "  \(JSONText.string(key)): \(text),\n" }
        out += "  \"events\": ["
        for (k, event) in session.events.enumerated() {
            let at = (event.start - session.origin) / 1000 + start
            out += k == 0 ? "\n" : ",\n"
            out += "    {\"at\": \(number(at)), \"input\": \"pointer\", \"samples\": [\n"
            out += event.samples.map { "      " + sample($0, from: event.start) }.joined(separator: ",\n")
            out += "\n    ]}"
        }
        out += session.events.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    /// One sample object: `area` on downs and wheels only (moves and ups
    /// stay in their pointer's down area).
    static func sample(_ s: RecordedSample, from start: Double) -> String {
        let t = number((s.milliseconds - start) / 1000)
        let at = "\"x\": \(number(s.x)), \"y\": \(number(s.y))"
        switch s.kind {
        case let .down(id): return "{\"t\": \(t), \"id\": \(id), \"type\": \"down\", \(at), \"area\": \"\(s.area.rawValue)\"}"
        case let .move(id): return "{\"t\": \(t), \"id\": \(id), \"type\": \"move\", \(at)}"
        case let .up(id): return "{\"t\": \(t), \"id\": \(id), \"type\": \"up\", \(at)}"
        case let .wheel(deltaY): return "{\"t\": \(t), \"type\": \"wheel\", \(at), \"deltaY\": \(number(deltaY)), \"area\": \"\(s.area.rawValue)\"}"
        }
    }

    /// 512 → "512", 0.1 → "0.1": whole numbers without ".0", others in
    /// Swift's shortest round-trip form (valid JSON).
    static func number(_ v: Double) -> String {
        if v == v.rounded(), abs(v) < 1e15 { return String(Int64(v)) }
        return JSONText.number(v)
    }

    /// A base script's value on one line.
    static func json(_ v: JSONValue) -> String {
        switch v {
        case .null: return "null"
        case let .bool(b): return b ? "true" : "false"
        case let .number(n): return number(n)
        case let .string(s): return JSONText.string(s)
        case let .array(items): return "[" + items.map(json).joined(separator: ", ") + "]"
        case let .object(m): return "{" + m.map { "\(JSONText.string($0.0)): \(json($0.1))" }.joined(separator: ", ") + "}"
        }
    }
}
