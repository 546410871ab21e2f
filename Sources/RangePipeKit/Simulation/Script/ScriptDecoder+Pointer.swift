/// Raw pointer input (`"input": "pointer"`): the samples, validated and split
/// into contacts and wheel runs (docs/script-events.md, "Raw pointer input").
extension ScriptDecoder {
    static let inputNames = ["pointer"]

    /// One decoded raw sample.
    struct PointerSample {
        enum Kind: String, CaseIterable { case down, move, up, wheel }
        var kind: Kind
        var id: Int
        var area: PointerInteraction.Area?
        var deltaX = 0.0
        var deltaY: Double
        var shift = false
        var pointer = RawPointerEvent.PointerKind.mouse
        var sample: PointerInteraction.Sample
    }

    /// The interactions of an `"input": "pointer"` event at `at`, whose other
    /// keys `o` still holds.
    static func pointerInput(_ o: inout ObjectReader, at: Double) throws -> (interactions: [PointerInteraction], raw: [RawPointerEvent]) {
        let path = o.child("samples")
        guard let v = o.take("samples") else { throw Failure(path: path, message: "missing (the raw pointer samples)") }
        guard case let .array(list) = v, !list.isEmpty else { throw Failure(path: path, message: "expected a non-empty array of samples") }
        var samples: [PointerSample] = []
        for (k, item) in list.enumerated() {
            let s = try pointerSample(item, "\(path)[\(k)]", at: at)
            if let previous = samples.last, s.sample.t < previous.sample.t {
                throw Failure(path: s.sample.path + ".t", message: "time \(s.sample.t.plainText) is before the previous sample's \(previous.sample.t.plainText)")
            }
            samples.append(s)
        }
        try o.finish(allowed: ["at", "input", "samples"])
        let interactions = try split(samples, eventAt: at)
        // The same samples as a library profile reads them: one at a time,
        // each move and up in the area its pointer went down in.
        var areas: [Int: PointerInteraction.Area] = [:]
        var pointers: [Int: RawPointerEvent.PointerKind] = [:]
        let raw = samples.map { s -> RawPointerEvent in
            let area: PointerInteraction.Area
            switch s.kind {
            case .down: area = s.area!; areas[s.id] = area; pointers[s.id] = s.pointer
            case .move, .up: area = areas[s.id]!
            case .wheel: area = s.area!
            }
            return RawPointerEvent(t: at + s.sample.t, kind: RawPointerEvent.Kind(rawValue: s.kind.rawValue)!, id: s.id, area: area,
                                   x: s.sample.x, y: s.sample.y, deltaX: s.deltaX, deltaY: s.deltaY, shift: s.shift,
                                   pointer: s.kind == .wheel ? .mouse : pointers[s.id] ?? .mouse)
        }
        return (interactions, raw)
    }

    static func pointerSample(_ v: JSONValue, _ path: String, at: Double) throws -> PointerSample {
        var o = try ObjectReader(v, path)
        guard let tv = o.take("t") else { throw Failure(path: o.child("t"), message: "missing (seconds after the event's at)") }
        let t = try number(tv, o.child("t"), 0 ... maxDuration - at)
        guard let kv = o.take("type") else { throw Failure(path: o.child("type"), message: "missing (down, move, up or wheel)") }
        let kind: PointerSample.Kind = try choice(kv, o.child("type"))
        guard let xv = o.take("x") else { throw Failure(path: o.child("x"), message: "missing (px from the area's left edge)") }
        let x = try number(xv, o.child("x"), -maxPixels ... maxPixels)
        let y = try o.take("y").map { try number($0, o.child("y"), -maxPixels ... maxPixels) } ?? 0
        let area: PointerInteraction.Area? = try o.take("area").map { try choice($0, o.child("area")) }
        let shift = try o.take("shift").map { try bool($0, o.child("shift")) } ?? false
        var id = 0, deltaX = 0.0, deltaY = 0.0
        var pointer = RawPointerEvent.PointerKind.mouse
        switch kind {
        case .down, .move, .up:
            guard let iv = o.take("id") else { throw Failure(path: o.child("id"), message: "missing (the pointer's id)") }
            let n = try number(iv, o.child("id"), 0 ... 2_147_483_647)
            guard n == n.rounded() else { throw Failure(path: o.child("id"), message: "\(n.plainText) is not an integer") }
            id = Int(n)
            if kind == .down, area == nil { throw Failure(path: o.child("area"), message: "missing (\"overview\", \"main\" or \"x-axis\": where the pointer went down)") }
            if kind == .down {
                if let pv = o.take("pointer") { pointer = try choice(pv, o.child("pointer")) }
                try o.finish(allowed: ["t", "type", "id", "x", "y", "area", "pointer", "shift"])
            } else {
                try o.finish(allowed: ["t", "type", "id", "x", "y", "area", "shift"])
            }
        case .wheel:
            guard let dv = o.take("deltaY") else { throw Failure(path: o.child("deltaY"), message: "missing (px, as WheelEvent.deltaY)") }
            deltaY = try number(dv, o.child("deltaY"), -1e9 ... 1e9)
            deltaX = try o.take("deltaX").map { try number($0, o.child("deltaX"), -1e9 ... 1e9) } ?? 0
            if area == nil { throw Failure(path: o.child("area"), message: "missing (\"overview\", \"main\" or \"x-axis\")") }
            try o.finish(allowed: ["t", "type", "x", "y", "area", "deltaX", "deltaY", "shift"])
        }
        return PointerSample(kind: kind, id: id, area: area, deltaX: deltaX, deltaY: deltaY, shift: shift, pointer: pointer,
                             sample: .init(t: t, x: x, y: y, path: path))
    }

    /// Splits samples into contacts and wheel runs, checking that each
    /// pointer goes down before it moves or lifts and lifts by the end.
    /// - Complexity: O(samples · pointers down).
    static func split(_ samples: [PointerSample], eventAt: Double) throws -> [PointerInteraction] {
        var result: [PointerInteraction] = []
        var contact: [PointerInteraction.Track] = []
        /// Indices into `contact` of the pointers down now.
        var down = ContactTracker<Int>()
        var previous: PointerSample.Kind?
        for s in samples {
            defer { previous = s.kind }
            switch s.kind {
            case .down:
                guard down.press(s.id, contact.count) else { throw Failure(path: s.sample.path + ".id", message: "pointer \(s.id) is already down") }
                contact.append(.init(id: s.id, area: s.area!, samples: [s.sample], shift: s.shift))
            case .move, .up:
                guard let k = down[s.id] else {
                    throw Failure(path: s.sample.path, message: "pointer \(s.id) is not down (a \(s.kind.rawValue) needs a down first)")
                }
                if let area = s.area, area != contact[k].area {
                    throw Failure(path: s.sample.path + ".area", message: "pointer \(s.id) went down on the \(contact[k].area.rawValue); it stays in that area")
                }
                contact[k].samples.append(s.sample)
                // The up that leaves no pointer down ends the contact.
                guard s.kind == .up, down.lift(s.id)?.endsContact == true else { break }
                result.append(PointerInteraction(eventAt: eventAt, t: contact[0].down, path: contact[0].samples[0].path, kind: .contact(contact)))
                contact = []
            case .wheel:
                if let k = down.earliest?.pointer {
                    throw Failure(path: s.sample.path, message: "a wheel sample while pointer \(contact[k].id) is down")
                }
                let area = s.area!
                var run = PointerInteraction.WheelRun()
                let extend: Bool
                if previous == .wheel, let last = result.last, case .wheel(area, s.sample.x, let before) = last.kind {
                    run = before
                    extend = true
                } else {
                    extend = false
                }
                run.times.append(s.sample.t)
                run.deltaX.append(s.deltaX)
                run.deltaY.append(s.deltaY)
                run.shift.append(s.shift)
                if extend {
                    result[result.count - 1].kind = .wheel(area, x: s.sample.x, run)
                } else {
                    result.append(PointerInteraction(eventAt: eventAt, t: s.sample.t, path: s.sample.path, kind: .wheel(area, x: s.sample.x, run)))
                }
            }
        }
        if let k = down.earliest?.pointer {
            throw Failure(path: contact[k].samples[0].path, message: "pointer \(contact[k].id) is still down at the end of the samples")
        }
        return result
    }
}
