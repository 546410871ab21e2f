/// The events array: gestures with their pointer paths, and actions.
extension ScriptDecoder {
    static let gestureNames = ["drag-selection", "drag-handle", "pan", "pinch", "double-tap-drag", "wheel",
                               "wheel-pan", "box-zoom", "double-click", "drag-axis", "hover"]
    static let actionNames = ["set-window", "reset", "switch-field", "append"]

    /// One entry of the events array: an event, or raw pointer input still
    /// to be recognised (across the whole script, see `PointerRecognizer`).
    enum Entry {
        case event(ScriptEvent)
        case pointer([PointerInteraction], raw: [RawPointerEvent])
    }

    static func event(_ v: JSONValue, _ path: String) throws -> Entry {
        var o = try ObjectReader(v, path)
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
                kind = .pinch(try pinchPath(o.take("path"), o.child("path")))
                try o.finish(allowed: ["at", "gesture", "path"])
            case "double-tap-drag":
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [2])
                var scale = 50.0
                if let s = o.take("scale") { scale = try number(s, o.child("scale"), 0 ... maxPixels, open: true) }
                kind = .doubleTapDrag(p, scale: scale)
                try o.finish(allowed: ["at", "gesture", "path", "scale"])
            case "wheel", "wheel-pan":
                guard let xv = o.take("x") else { throw Failure(path: o.child("x"), message: "missing (the pointer's x in px)") }
                let x = try number(xv, o.child("x"), -maxPixels ... maxPixels)
                let s = try samples(o.take("path"), o.child("path"), coordinates: [1])
                // wheel-pan: each sample scrolls sideways by its px and zooms nothing.
                kind = .wheel(x: x, name == "wheel" ? WheelNotches(times: s.times, notches: s.first)
                              : WheelNotches(times: s.times, notches: s.times.map { _ in 0 }, pixels: s.first))
                try o.finish(allowed: ["at", "gesture", "x", "path"])
            case "box-zoom", "drag-axis", "hover":
                let p = try pointerPath(o.take("path"), o.child("path"), coordinates: [1, 2])
                kind = name == "box-zoom" ? .boxZoom(p) : name == "drag-axis" ? .dragAxis(p) : .hover(p)
                try o.finish(allowed: ["at", "gesture", "path"])
            case "double-click":
                kind = .doubleClick
                try o.finish(allowed: ["at", "gesture"])
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
            case "append":
                kind = try append(&o)
            default:
                throw Failure(path: o.child("action"), message: "unknown action \"\(name)\" (expected one of: \(actionNames.joined(separator: ", ")))")
            }
        } else if let i = o.take("input") {
            let name = try string(i, o.child("input"))
            guard inputNames.contains(name) else {
                throw Failure(path: o.child("input"), message: "unknown input \"\(name)\" (expected one of: \(inputNames.joined(separator: ", ")))")
            }
            let (interactions, raw) = try pointerInput(&o, at: at)
            return .pointer(interactions, raw: raw)
        } else {
            throw Failure(path: path, message: "an event needs \"gesture\", \"action\" or \"input\"")
        }
        return .event(ScriptEvent(at: at, kind: kind, path: path))
    }

    /// One pointer's path: samples `[dt, x]` or `[dt, x, y]` as `coordinates` allows.
    static func pointerPath(_ v: JSONValue?, _ path: String, coordinates: [Int]) throws -> PointerPath {
        let s = try samples(v, path, coordinates: coordinates)
        return PointerPath(times: s.times, xs: s.first, ys: s.second)
    }

    /// Samples `[dt, c1 (, c2)]`: `coordinates` lists the allowed counts
    /// after dt; a missing c2 reads as 0.
    static func samples(_ v: JSONValue?, _ path: String, coordinates: [Int]) throws
        -> (times: [Double], first: [Double], second: [Double]) {
        guard let v else { throw Failure(path: path, message: "missing") }
        guard case let .array(samples) = v, !samples.isEmpty else { throw Failure(path: path, message: "expected a non-empty array of samples") }
        var times: [Double] = [], first: [Double] = [], second: [Double] = []
        for (k, sample) in samples.enumerated() {
            let p = "\(path)[\(k)]"
            guard case let .array(parts) = sample, coordinates.contains(parts.count - 1) else {
                let forms = coordinates.map { $0 == 1 ? "[dt, x]" : "[dt, x, y]" }.joined(separator: " or ")
                throw Failure(path: p, message: "expected \(forms)")
            }
            let t = try number(parts[0], p + "[0]", 0 ... maxDuration)
            if let previous = times.last, t <= previous {
                throw Failure(path: p, message: "time \(t.plainText) is not after \(previous.plainText)")
            }
            times.append(t)
            first.append(try number(parts[1], p + "[1]", -1e9 ... 1e9))
            second.append(parts.count > 2 ? try number(parts[2], p + "[2]", -1e9 ... 1e9) : 0)
        }
        return (times, first, second)
    }

    static func animate(_ v: JSONValue, _ path: String) throws -> WindowAnimation {
        var o = try ObjectReader(v, path)
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
        var o = try ObjectReader(v, path)
        var s = SpringSettings()
        if let x = o.take("bounciness") { s.bounciness = try number(x, o.child("bounciness"), 0 ... 20) }
        if let x = o.take("speed") { s.speed = try number(x, o.child("speed"), 0 ... 20) }
        if let x = o.take("threshold") { s.threshold = try number(x, o.child("threshold"), 0 ... 1e12, open: true) }
        if let x = o.take("clampMin"), x != .null { s.clampMin = try number(x, o.child("clampMin")) }
        try o.finish(allowed: ["bounciness", "speed", "threshold", "clampMin"])
        return s
    }
}
