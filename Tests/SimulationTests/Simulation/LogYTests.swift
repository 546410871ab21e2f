import Foundation
import Testing
@testable import RangePipeKit

/// `y.scale: "log"`: the fit over positive values against a brute force
/// over the window, the left-out count, padding in decades, the tracks.
@Suite("log y-axis")
struct LogYTests {
    /// The log fit by brute force: every x in the window (and its
    /// neighbours for `neighbours`), the line's value at a cut for `edges`
    /// (linear in x), positive values only, non-positive ones counted.
    static func brute(_ x: [Double], _ y: [Double], _ w: Window, _ fit: YFit, padding p: Double)
        -> (range: (Double, Double)?, omitted: Int) {
        var idx = x.indices.filter { w.lower <= x[$0] && x[$0] <= w.upper }
        if fit == .neighbours {
            if let b = x.indices.last(where: { x[$0] < w.lower }) { idx.append(b) }
            if let a = x.indices.first(where: { x[$0] > w.upper }) { idx.append(a) }
        }
        var vals = idx.map { y[$0] }
        let omitted = vals.filter { $0 <= 0 }.count
        if fit == .none { return (nil, omitted) }
        if fit == .edges {
            for u in [w.lower, w.upper] where !x.contains(u) {
                if let v = PlayPropertyTests.bruteLine(x, y, u) { vals.append(v) }
            }
        }
        let positive = vals.filter { $0 > 0 }
        guard let lo = positive.min(), let hi = positive.max() else { return (nil, omitted) }
        let ratio = hi / lo
        return ((lo / pow(ratio, p), hi * pow(ratio, p)), omitted)
    }

    /// A number series mixing positive values over several decades, zeros,
    /// negatives and missing values, with uneven x.
    static func mixedSeries(_ n: Int, seed: UInt64) -> (x: [Double], y: [Double]) {
        var rng = SeededGenerator(seed: seed)
        var x: [Double] = [], y: [Double] = []
        var u = 0.0
        for _ in 0 ..< n {
            u += rng.double(in: 0.5 ... 2)
            x.append(u)
            switch rng.int(in: 0 ... 9) {
            case 0: y.append(0)
            case 1: y.append(-rng.double(in: 0.1 ... 100))
            case 2: y.append(.nan)
            default: y.append(pow(10, rng.double(in: -3 ... 4)))
            }
        }
        // A run of non-positive values longer than a pyramid block.
        for i in n / 3 ..< min(n, n / 3 + 70) { y[i] = i % 2 == 0 ? 0 : -1 }
        return (x, y)
    }

    @Test("the fit and the omitted count match a brute force over random windows, every fit, with padding",
          arguments: [(40, 1), (300, 2), (3000, 3)] as [(Int, UInt64)])
    func bruteForce(n: Int, seed: UInt64) throws {
        let (x, y) = Self.mixedSeries(n, seed: seed)
        let index = SeriesIndex(x: x, values: y)
        let positive = PositiveIndex(values: y)
        let shown = ShownValues(index: index, inFlight: nil, clampMin: nil)
        var rng = SeededGenerator(seed: seed &+ 100)
        for _ in 0 ..< 300 {
            var a = rng.double(in: x[0] - 2 ... x[n - 1] + 2), b = rng.double(in: x[0] - 2 ... x[n - 1] + 2)
            if rng.int(in: 0 ... 4) == 0 { a = x[rng.int(in: 0 ..< n)] }  // cuts at a point
            if a > b { swap(&a, &b) }
            let w = Window(a, b)
            for fit in [YFit.edges, .points, .neighbours, .none] {
                var s = YSettings()
                s.fit = fit
                s.scale = .log
                s.padding = [0, 0.05, 0.5][rng.int(in: 0 ... 2)]
                let got = FrameQuery.logRange(w, shown, positive: positive, s)
                let want = Self.brute(x, y, w, fit, padding: s.padding)
                #expect(got.omitted == want.omitted, "\(fit) \(w)")
                switch (got.range, want.range) {
                case (nil, nil): break
                case let (g?, e?): #expect(close(g.min, e.0, 1e-12) && close(g.max, e.1, 1e-12), "\(fit) \(w): \(g) vs \(e)")
                default: Issue.record("\(fit) \(w): \(String(describing: got.range)) vs \(String(describing: want.range))")
                }
            }
        }
    }

    @Test("padding is in decades: values 1…100 with padding 0.25 give [10^-0.5, 10^2.5]")
    func paddingClosedForm() throws {
        let series = linearSeries(100) { Double($0 + 1) }
        let all = try frames(#"{"duration": 0.01, "window": {"initial": "all"}, "y": {"scale": "log", "padding": 0.25}, "events": []}"#,
                             series, tracks: [.range, .omitted])
        let y = try #require(all[0].y)
        #expect(close(y.min, pow(10, -0.5), 1e-12) && close(y.max, pow(10, 2.5), 1e-12))
        #expect(all[0].yOmitted == 0)
    }

    @Test("a window of only zeros and negatives has no y-range and counts them all")
    func allNonPositive() throws {
        let series = linearSeries(20) { $0 < 10 ? Double($0 - 9) : Double($0) }  // -9 … 0, then 10 … 19
        let all = try frames(#"{"duration": 0.01, "window": {"initial": {"min": 0, "max": 9}}, "y": {"scale": "log", "fit": "points"}, "events": []}"#,
                             series, tracks: [.range, .omitted])
        #expect(all[0].y == nil)
        #expect(all[0].yOmitted == 10)
    }

    @Test("a positive clampMin lifts every value: nothing omitted, the fit starts at the clamp")
    func clampMin() {
        let y: [Double] = [-5, 0, 2, 8, -1]
        let index = SeriesIndex(x: [0, 1, 2, 3, 4], values: y)
        var s = YSettings()
        s.scale = .log
        s.fit = .points
        let lifted = FrameQuery.logRange(Window(0, 4), ShownValues(index: index, inFlight: nil, clampMin: 1), positive: PositiveIndex(values: y), s)
        #expect(lifted.omitted == 0)
        #expect(lifted.range?.min == 1 && lifted.range?.max == 8)
        let kept = FrameQuery.logRange(Window(0, 4), ShownValues(index: index, inFlight: nil, clampMin: -2), positive: PositiveIndex(values: y), s)
        #expect(kept.omitted == 3)
        #expect(kept.range?.min == 2 && kept.range?.max == 8)
        // In flight (a spring's values) are scanned: the same answers.
        let flying = FrameQuery.logRange(Window(0, 4), ShownValues(index: index, inFlight: [3, -1, 0, 30, .nan], clampMin: nil),
                                         positive: PositiveIndex(values: y), s)
        #expect(flying.omitted == 2)
        #expect(flying.range?.min == 3 && flying.range?.max == 30)
    }

    @Test("yOmitted is the last NDJSON key and the last CSV column; linear scripts keep the old tracks")
    func encoding() throws {
        let script = try decodeScript(#"{"y": {"scale": "log"}, "events": []}"#)
        let tracks = Track.defaults(for: script)
        #expect(tracks == Track.defaults.union([.omitted]))
        #expect(Track.defaults(for: try decodeScript(#"{"events": []}"#)) == Track.defaults)
        var f = Frame(frame: 0, t: 0, phase: .idle, window: Window(1, 2), selector: (0, 1), y: (1, 10))
        f.yOmitted = 3
        let json = FrameEncoder(series: "s", axis: .number, categories: [], tracks: tracks, time: .iso8601, format: .ndjson, label: try LabelFormat("%g"))
        #expect(json.encode(f).hasSuffix(#","y":{"min":1.0,"max":10.0},"annotation":null,"yOmitted":3}"# + "\n"))
        let csv = FrameEncoder(series: "s", axis: .number, categories: [], tracks: tracks, time: .iso8601, format: .csv, label: try LabelFormat("%g"))
        #expect(csv.csvHeader.hasSuffix(",values,y_omitted\n"))
        #expect(csv.encode(f).hasSuffix(",3\n"))
    }

    @Test("decoder: includeZero and manual fit are refused with log")
    func refusals() {
        for (json, message) in [
            (#"{"y": {"scale": "log", "includeZero": true}, "events": []}"#, "y.includeZero: a log scale cannot include 0"),
            (#"{"y": {"scale": "log", "fit": "manual", "initial": {"min": 1, "max": 2}}, "events": []}"#, "y.scale: \"log\" cannot be zoomed by hand"),
            (#"{"y": {"scale": "ln"}, "events": []}"#, "y.scale: \"ln\" is not one of"),
        ] {
            #expect(throws: (any Error).self) { try decodeScript(json) }
            do { _ = try decodeScript(json) } catch { #expect("\(error)".contains(message), "\(error)") }
        }
    }
}
