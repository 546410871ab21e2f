/// Decodes and validates a script (SPEC 3). Every error names the JSON path:
/// `script.json: events[3].path[2]: time 0.1 is not after 0.25`.
public enum ScriptDecoder {
    /// Limits that make absurd scripts errors rather than runaway jobs.
    public static let maxFPS = 1000.0
    public static let maxDuration = 86_400.0
    public static let maxPixels = 100_000.0

    struct Failure: Error {
        var path: String
        var message: String
    }

    /// Reads and decodes a script file.
    public static func load(path: String) throws -> Script {
        let source = try InputSource(path: path)
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
            if n == 0 { break }
            bytes += chunk[0 ..< n]
            if bytes.count > 64 << 20 { throw RangePipeError.invalid("\(path): script larger than 64 MiB") }
        }
        return try decode(bytes, source: path)
    }

    public static func decode(_ bytes: [UInt8], source: String) throws -> Script {
        let root: JSONValue
        do {
            root = try JSONValue.parse(bytes)
        } catch {
            throw RangePipeError.badData(SourceLocation(file: source, line: error.line, column: error.column), error.message)
        }
        do {
            var script = try decodeScript(root)
            script.source = source
            return script
        } catch let failure as Failure {
            throw RangePipeError.invalid("\(source): \(failure.path.isEmpty ? "(top level)" : failure.path): \(failure.message)")
        }
    }

    // MARK: Readers

    struct Object {
        let members: [(String, JSONValue)]
        let path: String
        var used: Set<String> = []

        init(_ value: JSONValue, _ path: String) throws {
            guard case let .object(m) = value else { throw Failure(path: path, message: "expected an object, got \(value.kindName)") }
            members = m
            self.path = path
        }

        func child(_ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

        mutating func take(_ key: String) -> JSONValue? {
            used.insert(key)
            return members.first { $0.0 == key }?.1
        }

        /// Unknown keys are errors, not silently ignored.
        func finish(allowed: [String]) throws {
            for (key, _) in members where !used.contains(key) {
                throw Failure(path: child(key), message: "unknown key (expected one of: \(allowed.joined(separator: ", ")))")
            }
        }
    }

    static func number(_ v: JSONValue, _ path: String, _ range: ClosedRange<Double>? = nil, open lower: Bool = false) throws -> Double {
        guard case let .number(n) = v else { throw Failure(path: path, message: "expected a number, got \(v.kindName)") }
        if let range {
            if n < range.lowerBound || n > range.upperBound || (lower && n == range.lowerBound) {
                let low = lower ? "greater than \(range.lowerBound.clean)" : "at least \(range.lowerBound.clean)"
                throw Failure(path: path, message: "\(n.clean) is out of range (\(low), at most \(range.upperBound.clean))")
            }
        }
        return n
    }

    static func string(_ v: JSONValue, _ path: String) throws -> String {
        guard case let .string(s) = v else { throw Failure(path: path, message: "expected a string, got \(v.kindName)") }
        return s
    }

    static func bool(_ v: JSONValue, _ path: String) throws -> Bool {
        guard case let .bool(b) = v else { throw Failure(path: path, message: "expected true or false, got \(v.kindName)") }
        return b
    }

    static func choice<T: RawRepresentable & CaseIterable>(_ v: JSONValue, _ path: String) throws -> T where T.RawValue == String {
        let s = try string(v, path)
        guard let c = T(rawValue: s) else {
            throw Failure(path: path, message: "\"\(s)\" is not one of \(T.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))")
        }
        return c
    }

    // MARK: Script

    static let topKeys = ["series", "fps", "duration", "field", "overview", "main", "window", "momentum", "y", "annotation", "events"]

    static func decodeScript(_ root: JSONValue) throws -> Script {
        var o = try Object(root, "")
        var s = Script()
        if let v = o.take("series") { s.series = try string(v, "series") }
        if let v = o.take("fps") { s.fps = try number(v, "fps", 0 ... maxFPS, open: true) }
        if let v = o.take("duration"), v != .null { s.duration = try number(v, "duration", 0 ... maxDuration, open: true) }
        if let v = o.take("field") { s.field = try string(v, "field") }
        if let v = o.take("overview") { s.overview = try chartSize(v, "overview", default: s.overview) }
        if let v = o.take("main") { s.main = try chartSize(v, "main", default: s.main) }
        if let v = o.take("window") { s.window = try windowSettings(v, "window") }
        if let v = o.take("momentum") { s.momentum = try momentum(v, "momentum") }
        if let v = o.take("y") { s.y = try ySettings(v, "y") }
        if let v = o.take("annotation") { s.annotation = try annotation(v, "annotation") }
        guard let events = o.take("events") else { throw Failure(path: "events", message: "missing (every script needs an events array, which may be empty)") }
        guard case let .array(list) = events else { throw Failure(path: "events", message: "expected an array, got \(events.kindName)") }
        s.events = try list.enumerated().map { try event($1, "events[\($0)]") }
        try o.finish(allowed: topKeys)
        try checkOverlaps(s.events)
        if let duration = s.duration, duration * s.fps > 50_000_000 {
            throw Failure(path: "duration", message: "\(duration.clean) s at \(s.fps.clean) fps is more than 50 million frames")
        }
        return s
    }

    static func chartSize(_ v: JSONValue, _ path: String, default d: ChartSize) throws -> ChartSize {
        var o = try Object(v, path)
        var size = d
        if let w = o.take("width") { size.width = try number(w, o.child("width"), 0 ... maxPixels, open: true) }
        if let h = o.take("height") { size.height = try number(h, o.child("height"), 0 ... maxPixels, open: true) }
        try o.finish(allowed: ["width", "height"])
        return size
    }

    static func windowSettings(_ v: JSONValue, _ path: String) throws -> WindowSettings {
        var o = try Object(v, path)
        var w = WindowSettings()
        if let x = o.take("initial") { w.initial = try window(x, o.child("initial")) }
        if let x = o.take("minSpan"), x != .null { w.minSpan = try span(x, o.child("minSpan")) }
        if let x = o.take("maxSpan"), x != .null { w.maxSpan = try span(x, o.child("maxSpan")) }
        if let x = o.take("bounds") {
            if case .string("data") = x {
                w.bounds = .data
            } else {
                var b = try Object(x, o.child("bounds"))
                guard let lo = b.take("min"), let hi = b.take("max") else {
                    throw Failure(path: o.child("bounds"), message: "expected \"data\" or {\"min\": X, \"max\": X}")
                }
                w.bounds = .range(try xSpec(lo, b.child("min")), try xSpec(hi, b.child("max")))
                try b.finish(allowed: ["min", "max"])
            }
        }
        if let x = o.take("elastic") { w.elastic = try bool(x, o.child("elastic")) }
        try o.finish(allowed: ["initial", "minSpan", "maxSpan", "bounds", "elastic"])
        // Spans of the same kind compare now; mixed kinds once resolved on a series.
        if let lo = w.minSpan, let hi = w.maxSpan, let a = lo.comparable, let b = hi.comparable, a.kind == b.kind, a.value > b.value {
            throw Failure(path: o.child("minSpan"), message: "minSpan is larger than maxSpan")
        }
        return w
    }

    static func momentum(_ v: JSONValue, _ path: String) throws -> MomentumSettings {
        var o = try Object(v, path)
        var m = MomentumSettings()
        if let x = o.take("model") { m.model = try choice(x, o.child("model")) }
        if let x = o.take("deceleration") { m.deceleration = try number(x, o.child("deceleration"), 0 ... 0.999999, open: true) }
        if let x = o.take("duration") { m.duration = try number(x, o.child("duration"), 0 ... 60, open: true) }
        try o.finish(allowed: ["model", "deceleration", "duration"])
        return m
    }

    static func ySettings(_ v: JSONValue, _ path: String) throws -> YSettings {
        var o = try Object(v, path)
        var y = YSettings()
        if let x = o.take("fit") { y.fit = try choice(x, o.child("fit")) }
        if let x = o.take("padding") { y.padding = try number(x, o.child("padding"), 0 ... 100) }
        if let x = o.take("includeZero") { y.includeZero = try bool(x, o.child("includeZero")) }
        try o.finish(allowed: ["fit", "padding", "includeZero"])
        return y
    }

    static func annotation(_ v: JSONValue, _ path: String) throws -> AnnotationSettings {
        var o = try Object(v, path)
        var a = AnnotationSettings()
        if let x = o.take("source") { a.source = try choice(x, o.child("source")) }
        if let x = o.take("format") {
            do {
                a.format = try LabelFormat(try string(x, o.child("format")))
            } catch let invalid as LabelFormat.Invalid {
                throw Failure(path: o.child("format"), message: invalid.description)
            }
        }
        try o.finish(allowed: ["source", "format"])
        return a
    }

    // MARK: Windows and spans

    static func xSpec(_ v: JSONValue, _ path: String) throws -> XSpec {
        switch v {
        case let .number(n): return .number(n)
        case let .string(s): return .text(s)
        default: throw Failure(path: path, message: "expected a number or a string, got \(v.kindName)")
        }
    }

    static func window(_ v: JSONValue, _ path: String) throws -> WindowSpec {
        if case .string("all") = v { return .all }
        var o = try Object(v, path)
        let spec: WindowSpec
        if let f = o.take("fraction") {
            guard case let .array(pair) = f, pair.count == 2 else { throw Failure(path: o.child("fraction"), message: "expected [a, b]") }
            let a = try number(pair[0], o.child("fraction") + "[0]", 0 ... 1)
            let b = try number(pair[1], o.child("fraction") + "[1]", 0 ... 1)
            guard a < b else { throw Failure(path: o.child("fraction"), message: "\(a.clean) is not less than \(b.clean)") }
            spec = .fraction(a, b)
            try o.finish(allowed: ["fraction"])
        } else if let lo = o.take("min") {
            guard let hi = o.take("max") else { throw Failure(path: path, message: "\"min\" needs \"max\"") }
            spec = .range(try xSpec(lo, o.child("min")), try xSpec(hi, o.child("max")))
            try o.finish(allowed: ["min", "max"])
        } else if let s = o.take("last") {
            spec = .last(try span(s, o.child("last")))
            try o.finish(allowed: ["last"])
        } else if let s = o.take("first") {
            spec = .first(try span(s, o.child("first")))
            try o.finish(allowed: ["first"])
        } else {
            throw Failure(path: path, message: "expected \"all\", {\"fraction\": [a, b]}, {\"min\": X, \"max\": X}, {\"last\": SPAN} or {\"first\": SPAN}")
        }
        return spec
    }

    static func span(_ v: JSONValue, _ path: String) throws -> SpanSpec {
        switch v {
        case let .number(n):
            guard n > 0 else { throw Failure(path: path, message: "a span must be positive, got \(n.clean)") }
            return .units(n)
        case let .string(text):
            guard let seconds = DurationText.parse(text), seconds > 0 else {
                throw Failure(path: path, message: "\"\(text)\" is not a duration (90s, 15m, 12h, 4d, 2w, P1W, PT12H)")
            }
            return .seconds(seconds, text: text)
        case .object:
            var o = try Object(v, path)
            if let k = o.take("points") {
                let n = try number(k, o.child("points"), 1 ... 1e12)
                guard n == n.rounded() else { throw Failure(path: o.child("points"), message: "expected a whole number of points") }
                try o.finish(allowed: ["points"])
                return .points(Int(n))
            }
            if let f = o.take("fraction") {
                let x = try number(f, o.child("fraction"), 0 ... 1, open: true)
                try o.finish(allowed: ["fraction"])
                return .fraction(x)
            }
            throw Failure(path: path, message: "expected {\"points\": k} or {\"fraction\": f}")
        default:
            throw Failure(path: path, message: "expected a span: a number, a duration string, {\"points\": k} or {\"fraction\": f}")
        }
    }

    // MARK: Events

    static let gestureNames = ["drag-selection", "drag-handle", "pan", "pinch", "double-tap-drag", "wheel"]
    static let actionNames = ["set-window", "reset", "switch-field"]

    static func event(_ v: JSONValue, _ path: String) throws -> ScriptEvent {
        var o = try Object(v, path)
        guard let atValue = o.take("at") else { throw Failure(path: o.child("at"), message: "missing (every event needs a time)") }
        let at = try number(atValue, o.child("at"), 0 ... maxDuration)
        let kind: ScriptEvent.Kind
        if let g = o.take("gesture") {
            let name = try string(g, o.child("gesture"))
            switch name {
            case "drag-selection", "pan":
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [1, 2])
                var release = Release.stop
                if let r = o.take("release") {
                    let s = try string(r, o.child("release"))
                    guard let value = Release(rawValue: s) else { throw Failure(path: o.child("release"), message: "\"\(s)\" is not \"stop\" or \"fling\"") }
                    release = value
                }
                kind = name == "pan" ? .pan(p, release) : .dragSelection(p, release)
                try o.finish(allowed: ["at", "gesture", "path", "release"])
            case "drag-handle":
                guard let h = o.take("handle") else { throw Failure(path: o.child("handle"), message: "missing (\"min\" or \"max\")") }
                let s = try string(h, o.child("handle"))
                guard let side = HandleSide(rawValue: s) else { throw Failure(path: o.child("handle"), message: "\"\(s)\" is not \"min\" or \"max\"") }
                kind = .dragHandle(side, try pointerPath(o.take("path"), o.child("path"), coordinates: [1, 2]))
                try o.finish(allowed: ["at", "gesture", "handle", "path"])
            case "pinch":
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [2])
                for k in p.xs.indices where p.xs[k] == p.ys[k] {
                    throw Failure(path: o.child("path") + "[\(k)]", message: "the two pointers are at the same x (\(p.xs[k].clean))")
                }
                kind = .pinch(p)
                try o.finish(allowed: ["at", "gesture", "path"])
            case "double-tap-drag":
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [2])
                var scale = 50.0
                if let s = o.take("scale") { scale = try number(s, o.child("scale"), 0 ... maxPixels, open: true) }
                kind = .doubleTapDrag(p, scale: scale)
                try o.finish(allowed: ["at", "gesture", "path", "scale"])
            case "wheel":
                guard let xv = o.take("x") else { throw Failure(path: o.child("x"), message: "missing (the pointer's x in px)") }
                let x = try number(xv, o.child("x"), -maxPixels ... maxPixels)
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [1])
                kind = .wheel(x: x, p)
                try o.finish(allowed: ["at", "gesture", "x", "path"])
            default:
                throw Failure(path: o.child("gesture"), message: "unknown gesture \"\(name)\" (expected one of: \(gestureNames.joined(separator: ", ")))")
            }
        } else if let a = o.take("action") {
            let name = try string(a, o.child("action"))
            switch name {
            case "set-window":
                guard let w = o.take("window") else { throw Failure(path: o.child("window"), message: "missing") }
                let spec = try window(w, o.child("window"))
                var animation: WindowAnimation? = nil
                if let an = o.take("animate"), an != .null { animation = try animate(an, o.child("animate")) }
                kind = .setWindow(spec, animation)
                try o.finish(allowed: ["at", "action", "window", "animate"])
            case "reset":
                kind = .reset
                try o.finish(allowed: ["at", "action"])
            case "switch-field":
                guard let f = o.take("field") else { throw Failure(path: o.child("field"), message: "missing") }
                let field = try string(f, o.child("field"))
                var spring = SpringSettings()
                if let s = o.take("spring") { spring = try springSettings(s, o.child("spring")) }
                kind = .switchField(field, spring)
                try o.finish(allowed: ["at", "action", "field", "spring"])
            default:
                throw Failure(path: o.child("action"), message: "unknown action \"\(name)\" (expected one of: \(actionNames.joined(separator: ", ")))")
            }
        } else {
            throw Failure(path: path, message: "an event needs \"gesture\" or \"action\"")
        }
        return ScriptEvent(at: at, kind: kind, path: path)
    }

    /// Samples `[dt, c1 (, c2)]`: `coordinates` lists the allowed counts after dt.
    static func pointerPath(_ v: JSONValue?, _ path: String, coordinates: [Int]) throws -> PointerPath {
        guard let v else { throw Failure(path: path, message: "missing") }
        guard case let .array(samples) = v, !samples.isEmpty else { throw Failure(path: path, message: "expected a non-empty array of samples") }
        var times: [Double] = [], xs: [Double] = [], ys: [Double] = []
        for (k, sample) in samples.enumerated() {
            let p = "\(path)[\(k)]"
            guard case let .array(parts) = sample, coordinates.contains(parts.count - 1) else {
                let forms = coordinates.map { $0 == 1 ? "[dt, x]" : "[dt, x, y]" }.joined(separator: " or ")
                throw Failure(path: p, message: "expected \(forms)")
            }
            let t = try number(parts[0], p + "[0]", 0 ... maxDuration)
            if let previous = times.last, t <= previous {
                throw Failure(path: p, message: "time \(t.clean) is not after \(previous.clean)")
            }
            times.append(t)
            xs.append(try number(parts[1], p + "[1]", -1e9 ... 1e9))
            ys.append(parts.count > 2 ? try number(parts[2], p + "[2]", -1e9 ... 1e9) : 0)
        }
        return PointerPath(times: times, xs: xs, ys: ys)
    }

    static func animate(_ v: JSONValue, _ path: String) throws -> WindowAnimation {
        var o = try Object(v, path)
        var curve = CubicBezier.easeInOut
        if let c = o.take("curve") {
            switch c {
            case let .string(name):
                guard let named = CubicBezier.named(name) else {
                    throw Failure(path: o.child("curve"), message: "\"\(name)\" is not linear, ease-in, ease-out, ease-in-out or [x1, y1, x2, y2]")
                }
                curve = named
            case let .array(parts) where parts.count == 4:
                let p = try parts.enumerated().map { try number($1, o.child("curve") + "[\($0)]") }
                guard (0 ... 1).contains(p[0]), (0 ... 1).contains(p[2]) else {
                    throw Failure(path: o.child("curve"), message: "x1 and x2 must be within [0, 1]")
                }
                curve = CubicBezier(p[0], p[1], p[2], p[3])
            default:
                throw Failure(path: o.child("curve"), message: "expected a curve name or [x1, y1, x2, y2]")
            }
        }
        guard let d = o.take("duration") else { throw Failure(path: o.child("duration"), message: "missing (seconds)") }
        let duration = try number(d, o.child("duration"), 0 ... maxDuration, open: true)
        try o.finish(allowed: ["curve", "duration"])
        return WindowAnimation(curve: curve, duration: duration)
    }

    static func springSettings(_ v: JSONValue, _ path: String) throws -> SpringSettings {
        var o = try Object(v, path)
        var s = SpringSettings()
        if let x = o.take("bounciness") { s.bounciness = try number(x, o.child("bounciness"), 0 ... 20) }
        if let x = o.take("speed") { s.speed = try number(x, o.child("speed"), 0 ... 20) }
        if let x = o.take("threshold") { s.threshold = try number(x, o.child("threshold"), 0 ... 1e12, open: true) }
        if let x = o.take("clampMin"), x != .null { s.clampMin = try number(x, o.child("clampMin")) }
        try o.finish(allowed: ["bounciness", "speed", "threshold", "clampMin"])
        return s
    }

    /// Gestures may not overlap in time (SPEC 4.3).
    static func checkOverlaps(_ events: [ScriptEvent]) throws {
        let gestures = events.filter(\.isGesture).sorted { $0.at < $1.at }
        for (a, b) in zip(gestures, gestures.dropFirst()) where b.at < a.end || (b.at == a.at) {
            throw Failure(path: b.path, message: "gesture at \(b.at.clean) s overlaps \(a.path) (\(a.at.clean)–\(a.end.clean) s)")
        }
    }
}

extension SpanSpec {
    /// Spans comparable without a series: (kind, value).
    var comparable: (kind: Int, value: Double)? {
        switch self {
        case let .units(v): return (0, v)
        case let .seconds(v, _): return (0, v)
        case let .points(k): return (1, Double(k))
        case let .fraction(f): return (2, f)
        }
    }
}

extension Double {
    /// 4.0 → "4", 0.25 → "0.25": numbers in messages as a person writes them.
    var clean: String {
        if self == rounded(), abs(self) < 1e15 { return String(Int64(self)) }
        return description
    }
}

/// Duration strings: `90s`, `15m`, `12h`, `4d`, `2w` (decimals allowed) and
/// ISO-8601 `P…` durations with weeks, days, hours, minutes and seconds.
/// Months and years are not fixed lengths and are refused.
public enum DurationText {
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
