import Foundation
import Testing
@testable import RangePipeKit

/// Random scripts and series; every frame is checked against the SPEC's
/// invariants and against brute-force queries over the raw points.
@Suite("Play properties over random scripts")
struct PlayPropertyTests {
    static func randomSeries(_ rng: inout SeededGenerator) -> Series {
        let n = rng.int(in: 2 ... 300)
        var x: [Double] = []
        var u = rng.double(in: -1000 ... 1000)
        for _ in 0 ..< n {
            x.append(u)
            u += rng.bool() ? rng.double(in: 0.01 ... 10) : Double(rng.int(in: 1 ... 5))
        }
        let values = (0 ..< n).map { _ in rng.int(in: 0 ..< 8) == 0 ? Double.nan : rng.double(in: -50 ... 50) }
        let other = (0 ..< n).map { _ in rng.double(in: 0 ... 10) }
        return Series(name: "r", axis: rng.bool() ? .time : .number, x: x,
                      fields: [.init(name: "v", values: values), .init(name: "w", values: other)])
    }

    /// The sample files' series (5 stocks and the weather table).
    static func realSeries() throws -> [Series] {
        let samples = packageRoot.appendingPathComponent("samples")
        var options = IngestOptions()
        options.seriesColumn = "symbol"
        let stocks = try Ingestor(options: options).parse(files: [samples.appendingPathComponent("stocks-monthly.csv").path]).series.map(\.series)
        let weather = try Ingestor(options: IngestOptions()).parse(files: [samples.appendingPathComponent("seattle-weather.csv").path]).series.map(\.series)
        return stocks + weather
    }

    /// Bounds and span widths as SPEC 3 defines them for the scripts made
    /// here (data bounds; minSpan default one smallest gap, or a fraction;
    /// maxSpan none, or a fraction), computed from the raw x values.
    static func widths(_ script: Script, _ series: Series) -> (lower: Double, upper: Double, min: Double, max: Double) {
        let lower = series.x.first!, upper = series.x.last!, extent = upper - lower
        let gaps = zip(series.x.dropFirst(), series.x).map { $0 - $1 }.filter { $0 > 0 }
        func width(_ spec: SpanSpec?, _ none: Double) -> Double {
            switch spec {
            case nil: return none
            case let .fraction(f)?: return f * extent
            case let .units(u)?: return u
            default: Issue.record("unexpected span \(String(describing: spec))"); return none
            }
        }
        #expect(script.window.bounds == .data)
        return (lower, upper, width(script.window.minSpan, gaps.min()!), width(script.window.maxSpan, .infinity))
    }

    /// Whether a window keeps SPEC 4.5's invariants for the script's limits.
    static func limits(_ script: Script, _ series: Series) -> (Window) -> Bool {
        let l = widths(script, series)
        return { w in l.lower <= w.lower && w.lower < w.upper && w.upper <= l.upper && w.span >= l.min && w.span <= l.max }
    }

    static func randomScript(_ rng: inout SeededGenerator, fields: [String], elastic: Bool = false) -> String {
        func r(_ range: ClosedRange<Double>) -> Double { rng.double(in: range) }
        func n(_ v: Double) -> String { String(format: "%.4f", v) }
        let fps = [10.0, 24, 30, 60, 17.5].element(using: &rng)
        let ow = r(50 ... 1200), mw = r(50 ... 1200)
        var window: [String] = []
        let initial = [#"{"fraction":[0.1,0.3]}"#, #""all""#, #"{"last":{"fraction":0.2}}"#, #"{"first":{"points":3}}"#,
                       "{\"fraction\":[\(n(r(0 ... 0.4))),\(n(r(0.5 ... 1)))]}"].element(using: &rng)
        if rng.bool() { window.append("\"initial\":\(initial)") }
        let minFraction = r(0.001 ... 0.2)
        if rng.bool() { window.append("\"minSpan\":{\"fraction\":\(n(minFraction))}") }
        if rng.int(in: 0 ..< 3) == 0 { window.append("\"maxSpan\":{\"fraction\":\(n(r(0.3 ... 1)))}") }
        if elastic { window.append("\"elastic\":true") }
        var events: [String] = []
        var t = r(0 ... 0.3)
        for _ in 0 ..< rng.int(in: 0 ... 6) {
            let kind = rng.int(in: 0 ..< 10)
            func path(_ coords: Int, _ scale: Double) -> (String, Double) {
                var samples: [String] = []
                var dt = 0.0
                for _ in 0 ..< rng.int(in: 1 ... 5) {
                    let c = (0 ..< coords).map { _ in n(r(-scale ... scale + 800)) }
                    samples.append("[\(n(dt)),\(c.joined(separator: ","))]")
                    dt += r(0.02 ... 0.5)
                }
                return ("[" + samples.joined(separator: ",") + "]", dt)
            }
            let release = rng.bool() ? ",\"release\":\"fling\"" : ""
            let at = n(t)
            var length = 0.0
            switch kind {
            case 0:
                let (p, d) = path(1, 300); length = d
                events.append("{\"at\":\(at),\"gesture\":\"drag-selection\",\"path\":\(p)\(release)}")
            case 1:
                let (p, d) = path(1, 300); length = d
                events.append("{\"at\":\(at),\"gesture\":\"pan\",\"path\":\(p)\(release)}")
            case 2:
                let (p, d) = path(1, 300); length = d
                events.append("{\"at\":\(at),\"gesture\":\"drag-handle\",\"handle\":\"\(rng.bool() ? "min" : "max")\",\"path\":\(p)}")
            case 3:
                var samples: [String] = []
                var dt = 0.0
                for _ in 0 ..< rng.int(in: 1 ... 4) {
                    let x1 = r(0 ... 400), x2 = x1 + r(5 ... 400)
                    samples.append("[\(n(dt)),\(n(x1)),\(n(x2))]")
                    dt += r(0.02 ... 0.4)
                }
                length = dt
                events.append("{\"at\":\(at),\"gesture\":\"pinch\",\"path\":[\(samples.joined(separator: ","))]}")
            case 4:
                let (p, d) = path(2, 100); length = d
                events.append("{\"at\":\(at),\"gesture\":\"double-tap-drag\",\"path\":\(p)}")
            case 5:
                var samples: [String] = []
                var dt = 0.0
                for _ in 0 ..< rng.int(in: 1 ... 4) {
                    samples.append("[\(n(dt)),\(rng.int(in: -5 ... 5))]")
                    dt += r(0.01 ... 0.3)
                }
                length = dt
                events.append("{\"at\":\(at),\"gesture\":\"wheel\",\"x\":\(n(r(0 ... mw))),\"path\":[\(samples.joined(separator: ","))]}")
            case 6:
                let animate = rng.bool()
                    ? ",\"animate\":{\"curve\":\"\(["linear", "ease-in", "ease-out", "ease-in-out"].element(using: &rng))\",\"duration\":\(n(r(0.05 ... 0.6)))}" : ""
                events.append("{\"at\":\(at),\"action\":\"set-window\",\"window\":{\"fraction\":[\(n(r(0 ... 0.5))),\(n(r(0.5 ... 1)))]}\(animate)}")
            case 7:
                events.append("{\"at\":\(at),\"action\":\"reset\"}")
            default:
                let field = fields.element(using: &rng)
                events.append("{\"at\":\(at),\"action\":\"switch-field\",\"field\":\"\(field)\",\"spring\":{\"bounciness\":\(n(r(0 ... 20))),\"speed\":\(n(r(1 ... 20)))}}")
            }
            t += length + r(0 ... 0.4)
        }
        let model = rng.bool() ? "decay" : "ease-out"
        let fit = ["edges", "points", "neighbours", "none"].element(using: &rng)
        let source = ["last-visible", "last", "edge"].element(using: &rng)
        let duration = rng.bool() ? "\"duration\":\(n(r(0.1 ... 3))), " : ""
        return """
        {"fps": \(fps), \(duration)"overview": {"width": \(n(ow)), "height": 80}, "main": {"width": \(n(mw)), "height": 300},
         "window": {\(window.joined(separator: ","))},
         "momentum": {"model": "\(model)", "deceleration": \([0.998, 0.99].element(using: &rng))},
         "y": {"fit": "\(fit)", "padding": \(n(r(0 ... 0.2))), "includeZero": \(rng.bool())},
         "annotation": {"source": "\(source)", "format": "%.3f"},
         "events": [\(events.joined(separator: ",\n"))]}
        """
    }

    // MARK: Brute force

    /// The line value at u by linear search (nil across gaps and outside).
    static func bruteLine(_ x: [Double], _ y: [Double], _ u: Double) -> Double? {
        for i in x.indices where x[i] == u { return y[i].isNaN ? nil : y[i] }
        for i in 1 ..< x.count where x[i - 1] < u && u < x[i] {
            guard !y[i - 1].isNaN, !y[i].isNaN else { return nil }
            return y[i - 1] + (y[i] - y[i - 1]) * ((u - x[i - 1]) / (x[i] - x[i - 1]))
        }
        return nil
    }

    static func bruteRange(_ x: [Double], _ y: [Double], _ w: Window, _ s: YSettings) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        func take(_ v: Double) { if !v.isNaN { lo = min(lo, v); hi = max(hi, v) } }
        let inside = x.indices.filter { w.lower <= x[$0] && x[$0] <= w.upper }
        switch s.fit {
        case .none, .manual: return nil
        case .points: inside.forEach { take(y[$0]) }
        case .neighbours:
            inside.forEach { take(y[$0]) }
            if let before = x.indices.last(where: { x[$0] < w.lower }) { take(y[before]) }
            if let after = x.indices.first(where: { x[$0] > w.upper }) { take(y[after]) }
        case .edges:
            inside.forEach { take(y[$0]) }
            if !x.contains(w.lower), let v = bruteLine(x, y, w.lower) { take(v) }
            if !x.contains(w.upper), let v = bruteLine(x, y, w.upper) { take(v) }
        }
        guard lo <= hi else { return nil }
        let pad = s.padding * (hi - lo)
        lo -= pad; hi += pad
        if s.includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        return (lo, hi)
    }

    static func bruteAnnotation(_ x: [Double], _ y: [Double], _ w: Window, _ source: AnnotationSource) -> (x: Double, y: Double, visible: Bool)? {
        switch source {
        case .lastVisible:
            guard let i = x.indices.last(where: { x[$0] <= w.upper && !y[$0].isNaN }) else { return nil }
            return (x[i], y[i], x[i] >= w.lower)
        case .last:
            guard let i = x.indices.last(where: { !y[$0].isNaN }) else { return nil }
            return (x[i], y[i], x[i] >= w.lower && x[i] <= w.upper)
        case .edge:
            return bruteLine(x, y, w.upper).map { (w.upper, $0, true) }
        }
    }

    // MARK: The check

    /// Checks every frame; returns false when the script is (rightly) invalid for this series.
    @discardableResult
    static func check(script json: String, series: Series, label: String) throws -> Bool {
        let script = try decodeScript(json)
        let l = widths(script, series)
        let extent = l.upper - l.lower
        // SPEC 3: minSpan larger than the bounds or than maxSpan is an invalid script.
        if l.min > extent || l.min > l.max {
            #expect(throws: RangePipeError.self, "\(label): minSpan \(l.min), maxSpan \(l.max), extent \(extent)") {
                try ScriptPlan(script: script, series: series)
            }
            return false
        }
        let plan = try ScriptPlan(script: script, series: series)
        var records: [Frame] = []
        var shownHistory: [[Double]] = []
        var springs = SpringChain(series: series, script: script)
        // Drive the simulator directly so the shown values of each frame are known.
        let player = FrameStream(plan: plan, tracks: Track.defaults)
        try player.drive { k, t, phase, sim in
            records.append(player.record(frame: k, t: t, phase: phase, sim))
            let shown = sim.spring?.shown ?? sim.index.values
            shownHistory.append(shown)
            for problem in springs.check(shown, at: t).prefix(2) { Issue.record("\(label) frame \(k): \(problem)") }
            if k > 100_000 { Issue.record("\(label): runaway"); return false }
            return true
        }
        for (r, shown) in zip(records, shownHistory) {
            let w = r.window
            let where_ = "\(label) frame \(r.frame)"
            #expect(l.lower <= w.lower && w.lower < w.upper && w.upper <= l.upper, "\(where_): \(w) outside [\(l.lower), \(l.upper)]")
            #expect(w.span >= l.min, "\(where_): span \(w.span) < minSpan \(l.min)")
            #expect(w.span <= l.max, "\(where_): span \(w.span) > maxSpan \(l.max)")
            let ow = script.overview.width
            #expect(close(r.selector.min, (w.lower - l.lower) / extent * ow, 1e-12) && close(r.selector.max, (w.upper - l.lower) / extent * ow, 1e-12),
                    "\(where_): selector")
            let expectedY = bruteRange(series.x, shown, w, script.y)
            switch (r.y, expectedY) {
            case (nil, nil): break
            case let (got?, want?):
                #expect(close(got.min, want.0, 1e-12) && close(got.max, want.1, 1e-12), "\(where_): y \(got) vs \(want)")
            default:
                Issue.record("\(where_): y \(String(describing: r.y)) vs \(String(describing: expectedY))")
            }
            let expectedA = bruteAnnotation(series.x, shown, w, script.annotation.source)
            switch (r.annotation, expectedA) {
            case (nil, nil): break
            case let (got?, want?):
                #expect(got.x == want.x && close(got.y, want.y, 1e-12) && got.visible == want.visible, "\(where_): annotation \(got) vs \(want)")
                #expect(script.annotation.format.format(got.y) == String(format: "%.3f", got.y))
            default:
                Issue.record("\(where_): annotation \(String(describing: r.annotation)) vs \(String(describing: expectedA))")
            }
        }
        return true
    }

    @Test("invariants, selector, y-range and annotation on every frame of 1200 random scripts")
    func randomScripts() throws {
        var rng = SeededGenerator(seed: 2026)
        let real = try Self.realSeries()
        try #require(real.count == 6)
        var played = 0
        for k in 0 ..< 1200 {
            let series = k % 4 == 0 ? real[k / 4 % real.count] : Self.randomSeries(&rng)
            let json = Self.randomScript(&rng, fields: series.fields.map(\.name))
            if try Self.check(script: json, series: series, label: "script \(k) on \(series.name)") { played += 1 }
        }
        #expect(played >= 1000, "only \(played) scripts were valid for their series")
    }

    @Test("the same inputs give byte-identical output")
    func determinism() throws {
        var rng = SeededGenerator(seed: 77)
        for _ in 0 ..< 50 {
            let series = Self.randomSeries(&rng)
            let json = Self.randomScript(&rng, fields: series.fields.map(\.name))
            func render() throws -> String {
                var out = ""
                try PlayJob(script: try decodeScript(json), tracks: Set(Track.allCases), format: .ndjson, time: .iso8601, jobs: 1)
                    .play(series, header: true) { out += $0 }
                return out
            }
            #expect(try render() == render())
        }
    }
}
