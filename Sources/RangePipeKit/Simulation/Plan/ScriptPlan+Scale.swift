/// `x.scale` resolved on a series: the map (`XScale`), spans and windows in
/// its view units u. Linear scripts take the plain axis-unit paths.
extension ScriptPlan {
    /// The scale `kind` on `series` with x bounds `bounds`.
    /// - Throws: a located error (`x.scale`, or the bounds' path) when the
    ///   axis does not take the scale: log needs a number axis with every x
    ///   and both bounds > 0; ordinal needs a time axis with distinct x;
    ///   category axes stay linear.
    /// - Complexity: O(n).
    static func scale(_ kind: XScaleKind, _ series: Series, bounds: (Double, Double),
                      _ fail: (String, String) -> RangePipeError) throws -> XScale {
        let name = series.name, axis = series.axis
        switch kind {
        case .linear:
            return .linear
        case .log:
            guard axis == .number else {
                throw fail("x.scale", "\"log\" needs a number axis, but series '\(name)' has a \(axis.rawValue) axis")
            }
            if let i = series.x.firstIndex(where: { !($0 > 0) }) {
                throw fail("x.scale", "\"log\" needs every x > 0, but series '\(name)' has x = \(series.x[i].plainText) at point \(i)")
            }
            if !(bounds.0 > 0) {
                throw fail("window.bounds.min", "\(bounds.0.plainText) is not > 0, which a log x axis needs")
            }
        case .ordinal:
            guard axis == .time else {
                throw fail("x.scale", "\"ordinal\" needs a time axis, but series '\(name)' has a \(axis.rawValue) axis")
            }
            for i in 1 ..< series.x.count where series.x[i] == series.x[i - 1] {
                throw fail("x.scale", "\"ordinal\" needs distinct x, but series '\(name)' has points \(i - 1) and \(i) at the same x")
            }
        }
        let pinned = [bounds.0, bounds.1].filter { b in
            let j = series.x.lowerBound(of: b)
            return j == series.x.count || series.x[j] != b
        }
        return XScale(kind, x: series.x, pinned: pinned)
    }

    /// A span limit in view units on a log or ordinal scale: log numbers are
    /// ratios (> 1), ordinal durations and numbers (seconds) become the
    /// point count of that many calendar days with data at the series' end,
    /// fractions are of the u-extent, points stay points.
    static func scaledLimit(_ spec: SpanSpec, _ series: Series, _ scale: XScale, extent: Double, zone: DisplayZone,
                            _ path: String, _ fail: (String, String) -> RangePipeError) throws -> SpanLimit {
        switch spec {
        case let .points(k): return .points(k)
        case let .fraction(f): return .width(f * extent)
        case .units, .seconds:
            switch scale.kind {
            case .ordinal:
                let end = series.x.count - 1
                let first = Self.firstIndexOfDays(spec, series.x, endingAt: end, zone: zone)
                return .points(end - first + 1)
            case .linear, .log:
                return .width(try logWidth(spec, series, path, fail))
            }
        }
    }

    /// ln of a ratio span (number axes only).
    static func logWidth(_ spec: SpanSpec, _ series: Series, _ path: String,
                         _ fail: (String, String) -> RangePipeError) throws -> Double {
        let ratio = try width(spec, series, extent: 0, path, fail)
        guard ratio > 1 else {
            throw fail(path, "on a log x axis a span is a ratio b/a and must be > 1, got \(ratio.plainText)")
        }
        return XScale.ln(ratio)
    }

    /// Whole calendar days (in `zone`) a duration covers, at least one.
    static func dayCount(_ spec: SpanSpec) -> Int {
        let seconds: Double
        switch spec {
        case let .units(v), let .seconds(v, _): seconds = v
        case .points, .fraction: seconds = 86_400
        }
        return max(1, Int(min((seconds / 86_400 - 1e-9).rounded(.up), 1e9)))
    }

    /// The local day number of an instant.
    static func day(_ t: Double, _ zone: DisplayZone) -> Double { (zone.local(t) / 86_400).rounded(.down) }

    /// The first point of the last `dayCount(spec)` calendar days that hold
    /// a point, counting back from point `end` (0 when fewer days exist).
    /// - Complexity: O(points walked).
    static func firstIndexOfDays(_ spec: SpanSpec, _ x: [Double], endingAt end: Int, zone: DisplayZone) -> Int {
        var days = 1, i = end, today = day(x[end], zone)
        let want = dayCount(spec)
        while i > 0 {
            let d = day(x[i - 1], zone)
            if d != today {
                if days == want { return i }
                days += 1
                today = d
            }
            i -= 1
        }
        return 0
    }

    /// The last point of the first `dayCount(spec)` calendar days that hold
    /// a point, counting on from point `start` (the last point when fewer exist).
    /// - Complexity: O(points walked).
    static func lastIndexOfDays(_ spec: SpanSpec, _ x: [Double], startingAt start: Int, zone: DisplayZone) -> Int {
        var days = 1, i = start, today = day(x[start], zone)
        let want = dayCount(spec)
        while i < x.count - 1 {
            let d = day(x[i + 1], zone)
            if d != today {
                if days == want { return i }
                days += 1
                today = d
            }
            i += 1
        }
        return x.count - 1
    }

    /// A script window resolved and settled in view units.
    static func resolveWindow(_ spec: WindowSpec, _ series: Series, _ c: WindowConstraints, _ scale: XScale, zone: DisplayZone,
                              _ path: String, _ fail: (String, String) -> RangePipeError) throws -> Window {
        if scale.isLinear { return try resolveWindow(spec, series, c, zone: zone, path, fail) }
        let n = series.x.count, us = scale.us
        let raw: Window
        switch spec {
        case .all: raw = Window(c.lower, c.upper)
        case let .preset(p):
            let w = try presetWindow(p, series, c, zone: zone, path, fail)
            let calendar = series.x.last.flatMap { p.start(endingAt: $0, zone: zone) } != nil
            raw = calendar ? scale.u(w) : w
        case .seedDefault: raw = Window(us[Int(0.6 * Double(n))], us[min(Int(0.8 * Double(n)), n - 1)])
        case let .fraction(f0, f1): raw = Window(c.lower + f0 * c.extent, c.lower + f1 * c.extent)
        case let .range(lo, hi):
            let a = try resolveX(lo, series, path + ".min", fail), b = try resolveX(hi, series, path + ".max", fail)
            guard a < b else { throw fail(path, "min is not less than max") }
            if scale.kind == .log, !(a > 0) { throw fail(path + ".min", "\(a.plainText) is not > 0, which a log x axis needs") }
            raw = scale.u(Window(a, b))
        case let .last(span):
            switch span {
            case let .points(k): raw = Window(us[max(n - k, 0)], c.upper)
            case .fraction: raw = Window(c.upper - (try width(span, series, extent: c.extent, path + ".last", fail)), c.upper)
            case .units, .seconds:
                if scale.kind == .ordinal {
                    let end = max(series.x.upperBound(of: scale.x(c.upper)) - 1, 0)
                    raw = Window(max(us[firstIndexOfDays(span, series.x, endingAt: end, zone: zone)], c.lower), c.upper)
                } else {
                    raw = Window(c.upper - (try logWidth(span, series, path + ".last", fail)), c.upper)
                }
            }
        case let .first(span):
            switch span {
            case let .points(k): raw = Window(c.lower, us[min(k - 1, n - 1)])
            case .fraction: raw = Window(c.lower, c.lower + (try width(span, series, extent: c.extent, path + ".first", fail)))
            case .units, .seconds:
                if scale.kind == .ordinal {
                    let start = min(series.x.lowerBound(of: scale.x(c.lower)), n - 1)
                    raw = Window(c.lower, min(us[lastIndexOfDays(span, series.x, startingAt: start, zone: zone)], c.upper))
                } else {
                    raw = Window(c.lower, c.lower + (try logWidth(span, series, path + ".first", fail)))
                }
            }
        }
        return c.settle(raw)
    }
}

extension ScriptPlan {
    /// `preset(matching:)` for a frame's window in x (the pictures): the
    /// buttons' view windows are compared after the same map to x.
    /// - Complexity: O(presets · log n).
    public func preset(matchingX w: Window) -> RangePreset? {
        scale.isLinear ? preset(matching: w) : presetButtons.first { $0.offered && scale.x($0.window) == w }?.preset
    }
}
