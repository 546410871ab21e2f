/// The script's settings objects: chart sizes, window, momentum, y, annotation.
extension ScriptDecoder {
    static func chartSize(_ v: JSONValue, _ path: String, default d: ChartSize) throws -> ChartSize {
        var o = try ObjectReader(v, path)
        let size = try chartSize(&o, default: d)
        try o.finish(allowed: ["width", "height"])
        return size
    }

    /// `width` and `height` of a chart size object, each optional.
    private static func chartSize(_ o: inout ObjectReader, default d: ChartSize) throws -> ChartSize {
        var size = d
        if let w = o.take("width") { size.width = try number(w, o.child("width"), minPixels ... maxPixels) }
        if let h = o.take("height") { size.height = try number(h, o.child("height"), minPixels ... maxPixels) }
        return size
    }

    /// `main`: its size and `drag` (`"pan"` or `"zoom"`).
    static func mainSettings(_ v: JSONValue, _ path: String, default d: ChartSize) throws -> (ChartSize, MainDrag?) {
        var o = try ObjectReader(v, path)
        let size = try chartSize(&o, default: d)
        let drag: MainDrag? = try o.take("drag").map { try choice($0, o.child("drag")) }
        try o.finish(allowed: ["width", "height", "drag"])
        return (size, drag)
    }

    static func windowSettings(_ v: JSONValue, _ path: String) throws -> WindowSettings {
        var o = try ObjectReader(v, path)
        var w = WindowSettings()
        if let x = o.take("initial") { w.initial = try window(x, o.child("initial")) }
        if let x = o.take("minSpan"), x != .null { w.minSpan = try span(x, o.child("minSpan")) }
        if let x = o.take("maxSpan"), x != .null { w.maxSpan = try span(x, o.child("maxSpan")) }
        if let x = o.take("bounds") {
            w.boundsGiven = true
            if case .string("data") = x {
                w.bounds = .data
            } else {
                var b = try ObjectReader(x, o.child("bounds"))
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
        var o = try ObjectReader(v, path)
        var m = MomentumSettings()
        if let x = o.take("model") { m.model = try choice(x, o.child("model")) }
        if let x = o.take("deceleration") { m.deceleration = try number(x, o.child("deceleration"), 0 ... 0.999999, open: true) }
        if let x = o.take("duration") { m.duration = try number(x, o.child("duration"), 0 ... 60, open: true) }
        try o.finish(allowed: ["model", "deceleration", "duration"])
        return m
    }

    static func ySettings(_ v: JSONValue, _ path: String) throws -> YSettings {
        var o = try ObjectReader(v, path)
        var y = YSettings()
        if let x = o.take("fit") { y.fit = try choice(x, o.child("fit")) }
        if let x = o.take("padding") { y.padding = try number(x, o.child("padding"), 0 ... 100) }
        if let x = o.take("includeZero") { y.includeZero = try bool(x, o.child("includeZero")) }
        if let x = o.take("scale") { y.scale = try choice(x, o.child("scale")) }
        y.zoom = try yZoom(&o, fit: y.fit)
        try o.finish(allowed: ["fit", "padding", "includeZero", "scale", "initial", "minSpan", "maxSpan", "bounds", "lock"])
        try checkYScale(y, o)
        return y
    }

    static func annotation(_ v: JSONValue, _ path: String) throws -> AnnotationSettings {
        var o = try ObjectReader(v, path)
        var a = AnnotationSettings()
        if let x = o.take("source") { a.source = try choice(x, o.child("source")) }
        if let x = o.take("format") {
            do {
                a.format = try LabelFormat(try string(x, o.child("format")))
                a.formatGiven = true
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
        var o = try ObjectReader(v, path)
        let spec: WindowSpec
        if let f = o.take("fraction") {
            guard case let .array(pair) = f, pair.count == 2 else { throw Failure(path: o.child("fraction"), message: "expected [a, b]") }
            let a = try number(pair[0], o.child("fraction") + "[0]", 0 ... 1)
            let b = try number(pair[1], o.child("fraction") + "[1]", 0 ... 1)
            guard a < b else { throw Failure(path: o.child("fraction"), message: "\(a.plainText) is not less than \(b.plainText)") }
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
        } else if let p = o.take("preset") {
            spec = try preset(p, o.child("preset"))
            try o.finish(allowed: ["preset"])
        } else {
            throw Failure(path: path, message: "expected \"all\", {\"fraction\": [a, b]}, {\"min\": X, \"max\": X}, {\"last\": SPAN}, {\"first\": SPAN} or {\"preset\": NAME}")
        }
        return spec
    }

    static func span(_ v: JSONValue, _ path: String) throws -> SpanSpec {
        switch v {
        case let .number(n):
            guard n > 0 else { throw Failure(path: path, message: "a span must be positive, got \(n.plainText)") }
            return .units(n)
        case let .string(text):
            guard let seconds = DurationText.parse(text), seconds > 0 else {
                throw Failure(path: path, message: "\"\(text)\" is not a duration (90s, 15m, 12h, 4d, 2w, P1W, PT12H)")
            }
            return .seconds(seconds, text: text)
        case .object:
            var o = try ObjectReader(v, path)
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
}
