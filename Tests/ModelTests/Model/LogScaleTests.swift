import Foundation
import Testing
@testable import RangePipeKit

@Suite("log x scale")
struct LogScaleTests {
    /// x = 1, 2, …, 10000 on a number axis.
    static let series = Series(name: "n", axis: .number, x: (1 ... 10_000).map(Double.init),
                               fields: [.init(name: "v", values: (1 ... 10_000).map { Double($0 * 37 % 101) + Double($0) * 1e-6 })])

    static func window(_ json: String, at t: Double = 1.0) throws -> Window {
        try frame(try frames(json, Self.series, tracks: [.range]), at: t).window
    }

    /// A relative closeness for values spanning decades.
    static func near(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * abs(b) }

    @Test("a wheel keeps the value under the pointer and raises b/a to the power 1.1^notches",
          arguments: [(100.0, 2.0), (300.0, -3.0), (0.0, 1.0), (400.0, -1.0)])
    func wheel(px: Double, notches: Double) throws {
        let (a, b, width) = (10.0, 1000.0, 400.0)
        let w = try Self.window(#"""
        {"fps": 10, "duration": 1, "x": {"scale": "log"}, "main": {"width": 400},
         "window": {"initial": {"min": 10, "max": 1000}},
         "events": [{"at": 0.2, "gesture": "wheel", "x": \#(px), "path": [[0, \#(notches)]]}]}
        """#)
        // The value under the pointer: a·(b/a)^(px/W); the new ratio (b/a)^s.
        let f = px / width, s = pow(1.1, notches)
        let under = a * pow(b / a, f), ratio = pow(b / a, s)
        #expect(Self.near(w.lower, under / pow(ratio, f)), "\(w)")
        #expect(Self.near(w.upper, under * pow(ratio, 1 - f)), "\(w)")
        #expect(Self.near(w.upper / w.lower, ratio))
    }

    @Test("a pinch keeps the values under both fingers: b/a becomes (x2/x1)^(W/(q2 − q1))")
    func pinch() throws {
        let (a, b, width) = (10.0, 1000.0, 400.0)
        let (p1, p2, q1, q2) = (150.0, 250.0, 100.0, 300.0)
        let w = try Self.window(#"""
        {"fps": 10, "duration": 1.5, "x": {"scale": "log"}, "main": {"width": 400},
         "window": {"initial": {"min": 10, "max": 1000}},
         "events": [{"at": 0.2, "gesture": "pinch", "path": [[0, \#(p1), \#(p2)], [0.2, 125, 275], [0.5, \#(q1), \#(q2)]]}]}
        """#, at: 1.5)
        let x1 = a * pow(b / a, p1 / width), x2 = a * pow(b / a, p2 / width)
        let ratio = pow(x2 / x1, width / (q2 - q1))
        #expect(Self.near(w.upper / w.lower, ratio), "\(w)")
        #expect(Self.near(w.lower * pow(ratio, q1 / width), x1))
        #expect(Self.near(w.lower * pow(ratio, q2 / width), x2))
    }

    @Test("spans are ratios: last 100, maxSpan 1000 about the geometric centre, minSpan 2, fraction of the decades")
    func spans() throws {
        let last = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": {"last": 100}}, "events": []}"#, at: 0)
        #expect(Self.near(last.lower, 100) && last.upper == 10_000)
        let wide = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": "all", "maxSpan": 1000}, "events": []}"#, at: 0)
        #expect(Self.near(wide.lower, 100 / 1000.0.squareRoot()) && Self.near(wide.upper, 100 * 1000.0.squareRoot()), "\(wide)")
        let narrow = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": {"min": 10, "max": 11}, "minSpan": 2}, "events": []}"#, at: 0)
        #expect(Self.near(narrow.lower, (110 / 2.0).squareRoot()) && Self.near(narrow.upper, (110 * 2.0).squareRoot()), "\(narrow)")
        let half = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": {"first": {"fraction": 0.25}}}, "events": []}"#, at: 0)
        #expect(half.lower == 1 && Self.near(half.upper, 10))
        let all = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": "all"}, "events": []}"#, at: 0)
        #expect(all == Window(1, 10_000))
    }

    @Test("a wheel out stops at maxSpan as a ratio; the selector is linear in ln x")
    func wheelToMaxSpan() throws {
        let all = try frames(#"""
        {"fps": 10, "duration": 1, "x": {"scale": "log"}, "overview": {"width": 400},
         "window": {"initial": {"min": 100, "max": 200}, "maxSpan": 50},
         "events": [{"at": 0.2, "gesture": "wheel", "x": 200, "path": [[0, 30]]}]}
        """#, Self.series, tracks: [.range])
        let w = try frame(all, at: 1).window
        #expect(Self.near(w.upper / w.lower, 50), "\(w)")
        for f in all {
            #expect(abs(f.selector.min - log10(f.window.lower) / 4 * 400) < 1e-6)
            #expect(abs(f.selector.max - log10(f.window.upper) / 4 * 400) < 1e-6)
        }
    }

    @Test("a pan multiplies both edges by (b/a)^(Δpx/W); bounds that are not points come back exactly")
    func panAndBounds() throws {
        let w = try Self.window(#"""
        {"fps": 10, "duration": 1, "x": {"scale": "log"}, "main": {"width": 400},
         "window": {"initial": {"min": 10, "max": 1000}},
         "events": [{"at": 0.2, "gesture": "pan", "path": [[0, 300], [0.2, 200]]}]}
        """#)
        // −100 px of 400 over a ratio of 100: × 100^(1/4) = √10.
        #expect(Self.near(w.lower, 10 * 10.0.squareRoot()) && Self.near(w.upper, 1000 * 10.0.squareRoot()), "\(w)")
        let all = try Self.window(#"{"duration": 1, "x": {"scale": "log"}, "window": {"initial": "all", "bounds": {"min": 0.3, "max": 20000}}, "events": []}"#, at: 0)
        #expect(all == Window(0.3, 20_000))
    }

    @Test("M4 columns are uniform in ln x")
    func columns() throws {
        let f = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "log"}, "main": {"width": 5}, "window": {"initial": {"min": 1, "max": 10000}}, "events": []}"#,
                                          Self.series, tracks: [.points]).first)
        // Five columns, 0.8 decades each: edges at 10^0.8 ≈ 6.31, 10^1.6 ≈ 39.8, 10^2.4 ≈ 251.2, 10^3.2 ≈ 1584.9.
        let v = Self.series.fields[0].values, x = Self.series.x
        var expected: [Double] = []
        for (lo, hi) in [(1, 6), (7, 39), (40, 251), (252, 1584), (1585, 10_000)] {
            let g = Array(lo ... hi).map { $0 - 1 }
            let mn = g.min { v[$0] < v[$1] }!, mx = g.max { v[$0] < v[$1] }!
            expected += Set([g.first!, mn, mx, g.last!]).sorted().map { x[$0] }
        }
        #expect(try #require(f.points).map(\.x) == expected)
    }
}
