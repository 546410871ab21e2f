/// The `y` keys of a hand-zoomed y-window (`fit: "manual"`) and of a log
/// y-axis, and the combinations they refuse.
extension ScriptDecoder {
    /// The keys only `fit: "manual"` reads.
    static let yZoomKeys = ["initial", "minSpan", "maxSpan", "bounds", "lock"]

    /// `initial` (required), `minSpan`, `maxSpan`, `bounds` and `lock` of
    /// a manual fit; nil for the other fits, which refuse these keys.
    static func yZoom(_ o: inout ObjectReader, fit: YFit) throws -> YZoomSettings? {
        switch fit {
        case .edges, .points, .neighbours, .none:
            for key in yZoomKeys where o.take(key) != nil {
                throw Failure(path: o.child(key), message: "applies only with \"fit\": \"manual\"")
            }
            return nil
        case .manual:
            break
        }
        guard let x = o.take("initial") else {
            throw Failure(path: o.child("fit"), message: "\"manual\" needs \"initial\": {\"min\": a, \"max\": b}")
        }
        var zoom = YZoomSettings(initial: try valueRange(x, o.child("initial")))
        if let x = o.take("minSpan"), x != .null { zoom.minSpan = try number(x, o.child("minSpan"), 0 ... .greatestFiniteMagnitude, open: true) }
        if let x = o.take("maxSpan"), x != .null { zoom.maxSpan = try number(x, o.child("maxSpan"), 0 ... .greatestFiniteMagnitude, open: true) }
        if let x = o.take("bounds"), x != .null { zoom.bounds = try valueRange(x, o.child("bounds")) }
        if let x = o.take("lock") { zoom.lock = try choice(x, o.child("lock")) }
        if let lo = zoom.minSpan, let hi = zoom.maxSpan, lo > hi {
            throw Failure(path: o.child("minSpan"), message: "minSpan is larger than maxSpan")
        }
        if let lo = zoom.minSpan, let b = zoom.bounds, lo > b.span {
            throw Failure(path: o.child("minSpan"), message: "minSpan (\(lo.plainText)) is larger than the bounds (\(b.span.plainText))")
        }
        return zoom
    }

    /// `{"min": a, "max": b}` in value units, a < b, both finite.
    static func valueRange(_ v: JSONValue, _ path: String) throws -> Window {
        var o = try ObjectReader(v, path)
        guard let lo = o.take("min"), let hi = o.take("max") else { throw Failure(path: path, message: "expected {\"min\": a, \"max\": b}") }
        let finite = -Double.greatestFiniteMagnitude ... .greatestFiniteMagnitude
        let a = try number(lo, o.child("min"), finite), b = try number(hi, o.child("max"), finite)
        try o.finish(allowed: ["min", "max"])
        guard a < b else { throw Failure(path: path, message: "min (\(a.plainText)) is not less than max (\(b.plainText))") }
        return Window(a, b)
    }

    /// A log axis cannot reach 0 and its hand zoom is not modelled.
    static func checkYScale(_ y: YSettings, _ o: ObjectReader) throws {
        switch y.scale {
        case .linear:
            return
        case .log:
            if y.includeZero { throw Failure(path: o.child("includeZero"), message: "a log scale cannot include 0") }
            if y.zoom != nil { throw Failure(path: o.child("scale"), message: "\"log\" cannot be zoomed by hand (\"fit\": \"manual\")") }
        }
    }
}
