/// A recorded session as script text: raw pointer events (`"input":
/// "pointer"`), one per contact or wheel run, with the areas' sizes.
package enum RecordedScriptText {
    /// The script: `base`'s settings in their order (without its `overview`,
    /// `main` and `events`), `"profile"` when one is given (in the base's
    /// place, else after `series`/`sync`, else first), then `overview` and
    /// `main` (the layout's sizes, or `base`'s for an area the layout lacks;
    /// the base's other keys of the area, `main.drag`, are kept, and `drag`
    /// sets it), then the events. An event's `at` is `start` plus the
    /// seconds from the recording's origin to its first sample; a sample's
    /// `t` is the ms since the event's first sample / 1000. Numbers are
    /// written in the shortest form that reads back the same.
    /// - Complexity: O(samples + base).
    package static func script(_ session: RecordedSession, start: Double = 0, base: JSONValue? = nil,
                              profile: InteractionProfile? = nil, drag: MainDrag? = nil) -> String {
        var members: [(String, String)] = []
        var baseMembers: [(String, JSONValue)] = []
        if case let .object(m)? = base { baseMembers = m }
        for (key, value) in baseMembers where !["overview", "main", "events"].contains(key) {
            if key == "profile", let profile {
                members.append((key, JSONText.string(profile.rawValue)))
            } else {
                members.append((key, json(value)))
            }
        }
        if let profile, !baseMembers.contains(where: { $0.0 == "profile" }) {
            let at = members.lastIndex { ["series", "sync"].contains($0.0) }.map { $0 + 1 } ?? 0
            members.insert(("profile", JSONText.string(profile.rawValue)), at: at)
        }
        for area in ChartArea.sized {
            let kept = baseMembers.first { $0.0 == area.rawValue }?.1
            if let text = chartSize(session.layout.rect(area), kept: kept, drag: area == .main ? drag : nil) {
                members.append((area.rawValue, text))
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

    /// An area's `{"width", "height", …}`: the rectangle's size, else the
    /// base's; the base's other keys after them; `drag` last (replacing the
    /// base's). Nil when there is nothing to write.
    static func chartSize(_ rect: ClientRect?, kept: JSONValue?, drag: MainDrag?) -> String? {
        var keys: [(String, String)] = []
        if let rect { keys = [("width", number(rect.width)), ("height", number(rect.height))] }
        switch kept {
        case let .object(m)?:
            for (key, value) in m where rect == nil || !["width", "height"].contains(key) {
                keys.append((key, json(value)))
            }
        case let other?:
            // Not an object: the decoder refused the base already.
            if rect == nil, drag == nil { return json(other) }
        case nil:
            break
        }
        if let drag {
            let value = JSONText.string(drag.rawValue)
            if let k = keys.firstIndex(where: { $0.0 == "drag" }) { keys[k].1 = value } else { keys.append(("drag", value)) }
        }
        guard !keys.isEmpty else { return nil }
        return "{" + keys.map { "\(JSONText.string($0.0)): \($0.1)" }.joined(separator: ", ") + "}"
    }

    /// One sample object: `area` on downs and wheels only (moves and ups
    /// stay in their pointer's down area); `pointer` on downs of a pen or a
    /// finger; `deltaX` on wheels when not 0; `"shift": true` when held.
    static func sample(_ s: RecordedSample, from start: Double) -> String {
        let t = number((s.milliseconds - start) / 1000)
        let at = "\"x\": \(number(s.x)), \"y\": \(number(s.y))"
        let shift = s.shift ? ", \"shift\": true" : ""
        switch s.kind {
        case let .down(id, pointer):
            let kind = pointer == .mouse ? "" : ", \"pointer\": \"\(pointer.rawValue)\""
            return "{\"t\": \(t), \"id\": \(id), \"type\": \"down\", \(at), \"area\": \"\(s.area.rawValue)\"\(kind)\(shift)}"
        case let .move(id): return "{\"t\": \(t), \"id\": \(id), \"type\": \"move\", \(at)\(shift)}"
        case let .up(id): return "{\"t\": \(t), \"id\": \(id), \"type\": \"up\", \(at)\(shift)}"
        case let .wheel(deltaX, deltaY):
            let dx = deltaX == 0 ? "" : "\"deltaX\": \(number(deltaX)), "
            return "{\"t\": \(t), \"type\": \"wheel\", \(at), \(dx)\"deltaY\": \(number(deltaY)), \"area\": \"\(s.area.rawValue)\"\(shift)}"
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
