import Foundation
import Testing
@testable import RangePipeKit

/// The fractional point index of x by a linear scan (the brute force the
/// ordinal map is checked against): i where x_i ≤ t < x_{i+1}, plus the
/// fraction of that gap.
func scannedIndex(_ t: Double, _ x: [Double]) -> Double {
    var i = 0
    while i + 2 < x.count, x[i + 1] <= t { i += 1 }
    return Double(i) + (t - x[i]) / (x[i + 1] - x[i])
}

@Suite("ordinal (gap-free) x scale")
struct OrdinalScaleTests {
    static let series = weekdaySeries(from: "2021-01-04", to: "2021-03-31", holidays: ["2021-01-18", "2021-02-15"])

    static func iso(_ t: Double) -> String { CivilTime.iso8601(t) }

    @Test("a pan by k·(W / visible span) px moves the window by exactly k points", arguments: [3.0, -4.0, 2.5, 7.0])
    func panByPoints(k: Double) throws {
        let x = Self.series.x
        // Window x[20]…x[40]: 20 point gaps over 400 px, 20 px per point.
        let dx = -k * 20
        let all = try frames(#"""
        {"fps": 10, "duration": 1, "x": {"scale": "ordinal"}, "main": {"width": 400},
         "window": {"initial": {"min": "\#(Self.iso(x[20]))", "max": "\#(Self.iso(x[40]))"}},
         "events": [{"at": 0.2, "gesture": "pan", "path": [[0, 300], [0.2, \#(300 + dx)]]}]}
        """#, Self.series)
        #expect(all[0].window == Window(x[20], x[40]))
        let end = try frame(all, at: 1.0).window
        func at(_ u: Double) -> Double {
            let i = Int(u.rounded(.down)), f = u - Double(i)
            return x[i] + f * (x[i + 1] - x[i])
        }
        // Exact to a millisecond where the gaps are a day or three.
        #expect(abs(end.lower - at(20 + k)) < 1e-3 && abs(end.upper - at(40 + k)) < 1e-3, "\(end) vs \(at(20 + k)) \(at(40 + k))")
    }

    static let tour = #"""
    {"fps": 20, "x": {"scale": "ordinal"}, "main": {"width": 64}, "overview": {"width": 500},
     "window": {"initial": {"fraction": [0.1, 0.9]}},
     "events": [{"at": 0.1, "gesture": "pan", "path": [[0, 10], [0.3, 31]], "release": "fling"},
                {"at": 1.6, "gesture": "pinch", "path": [[0, 20, 40], [0.3, 26, 36]]},
                {"at": 2.2, "gesture": "wheel", "x": 50, "path": [[0, -1], [0.1, 2]]},
                {"at": 2.8, "gesture": "drag-selection", "path": [[0, 250], [0.3, 200]], "release": "fling"}]}
    """#

    @Test("selector pixels, M4 columns and the annotation follow the point index (brute force over every frame)")
    func pixelMapping() throws {
        let s = Self.series, x = s.x, n = x.count, v = s.fields[0].values
        let all = try frames(Self.tour, s, tracks: [.range, .annotation, .points])
        #expect(all.count > 40)
        var cut = 0
        for f in all {
            let w = f.window
            let ua = scannedIndex(w.lower, x), ub = scannedIndex(w.upper, x)
            // Overview: the point indices 0 … n−1 across 500 px.
            #expect(abs(f.selector.min - ua / Double(n - 1) * 500) < 1e-6, "frame \(f.frame)")
            #expect(abs(f.selector.max - ub / Double(n - 1) * 500) < 1e-6, "frame \(f.frame)")
            // Annotation (last-visible): the last point at or before the right edge.
            let last = try #require(x.lastIndex { $0 <= w.upper })
            #expect(f.annotation?.pointIndex == last && f.annotation?.x == x[last], "frame \(f.frame)")
            #expect(f.annotation?.visible == (x[last] >= w.lower))
            // M4: 64 columns uniform in the index; per column first, min, max, last.
            var expected: [Double] = []
            var groups: [Int: [Int]] = [:]
            for i in 0 ..< n where x[i] >= w.lower && x[i] <= w.upper {
                let c = min(Int(((Double(i) - ua) * 64 / (ub - ua)).rounded(.down)), 63)
                groups[max(c, 0), default: []].append(i)
            }
            for c in groups.keys.sorted() {
                let g = groups[c]!
                let lo = g.min { v[$0] < v[$1] }!, hi = g.max { v[$0] < v[$1] }!
                let picks = Set([g.first!, lo, hi, g.last!]).sorted()
                expected += picks.map { x[$0] }
            }
            var got = try #require(f.points).map(\.x)
            // The line cut at the edges (not points) comes first and last.
            if let g = got.first, g == w.lower, !x.contains(g) { got.removeFirst(); cut += 1 }
            if let g = got.last, g == w.upper, !x.contains(g) { got.removeLast() }
            #expect(got == expected, "frame \(f.frame)")
        }
        #expect(cut > 0)
    }

    @Test("the cut where a window edge falls in a weekend is on the straight segment between Friday and Monday")
    func edgeCut() throws {
        let s = Self.series, x = s.x, v = s.fields[0].values
        // x[4] is Friday 2021-01-08, x[5] Monday 2021-01-11; u = 4.25 is Friday + 0.25 · 3 days.
        let lower = x[4] + 0.25 * (x[5] - x[4])
        let all = try frames(#"""
        {"duration": 0.01, "x": {"scale": "ordinal"}, "main": {"width": 100},
         "window": {"initial": {"min": "\#(Self.iso(lower))", "max": "\#(Self.iso(x[30]))"}}, "events": []}
        """#, s, tracks: [.points])
        let p = try #require(all.first?.points?.first)
        #expect(p.x == lower)
        #expect(close(p.y, v[4] + 0.25 * (v[5] - v[4])))
        #expect(close(all[0].selector.min, 4.25 / Double(x.count - 1) * 800))
    }

    @Test("last: \"10d\" counts the last 10 calendar days that hold a point (hand-counted)", arguments: [
        // Mar 31 (We) back over weekends: 31 30 29 | 26 25 24 23 22 | 19 18.
        ([String](), "2021-03-18"),
        // Without Fri Mar 26 the tenth day back is Wed Mar 17.
        (["2021-03-26"], "2021-03-17"),
        // Without the whole week of Mar 22: 31 30 29 | 19 18 17 16 15 | 12 11.
        (["2021-03-22", "2021-03-23", "2021-03-24", "2021-03-25", "2021-03-26"], "2021-03-11"),
    ])
    func lastDays(holidays: [String], start: String) throws {
        let s = weekdaySeries(from: "2021-01-04", to: "2021-03-31", holidays: Set(holidays))
        // 9 days and an hour round up to 10 days.
        for span in [#""10d""#, "864000", #""P10D""#, #""PT217H""#] {
            let f = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "ordinal"}, "window": {"initial": {"last": \#(span)}}, "events": []}"#,
                                              s, tracks: [.range]).first)
            #expect(f.window == Window(WalkedCalendar.seconds(start, time: 57_600), s.x.last!), "\(span)")
        }
    }

    @Test("first: \"3d\" and spans as points: minSpan \"2d\" holds two days' points, {\"points\": k} k points")
    func firstAndSpans() throws {
        let s = Self.series, x = s.x
        let first = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "ordinal"}, "window": {"initial": {"first": "3d"}}, "events": []}"#, s).first)
        // Mon Jan 4, Tue 5, Wed 6.
        #expect(first.window == Window(x[0], WalkedCalendar.seconds("2021-01-06", time: 57_600)))
        // minSpan "2d" on daily points: 2 points. Window x[10] … x[10] + 1 h is u 10 … 10 + 1/24
        // (a day's gap is one unit); about its centre 10 + 1/48 the second-nearest point
        // (x[11]) is 1 − 1/48 away, so the window becomes u 9 + 1/24 … 11.
        let narrow = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "ordinal"}, "window": {"initial": {"min": "\#(Self.iso(x[10]))", "max": "\#(Self.iso(x[10] + 3600))"}, "minSpan": "2d"}, "events": []}"#, s).first)
        #expect(abs(scannedIndex(narrow.window.lower, x) - (9 + 1.0 / 24)) < 1e-9 && abs(scannedIndex(narrow.window.upper, x) - 11) < 1e-9,
                "\(scannedIndex(narrow.window.lower, x)) \(scannedIndex(narrow.window.upper, x))")
        let points = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "ordinal"}, "window": {"initial": {"last": {"points": 5}}}, "events": []}"#, s).first)
        #expect(points.window == Window(x[x.count - 5], x[x.count - 1]))
    }

    @Test("a preset is still its calendar window (1M back from Wed Mar 31 is Sun Feb 28, inside a weekend gap), named on the frame")
    func preset() throws {
        let s = Self.series, x = s.x
        let f = try #require(try frames(#"{"duration": 0.01, "x": {"scale": "ordinal"}, "window": {"initial": {"preset": "1M"}}, "events": []}"#,
                                        s, tracks: [.range, .preset]).first)
        #expect(abs(f.window.lower - WalkedCalendar.seconds("2021-02-28", time: 57_600)) < 1e-3 && f.window.upper == x.last!, "\(f.window)")
        #expect(f.preset == .oneMonth)
        // Sunday 16:00 is 2/3 of the way from Friday 16:00 to Monday 16:00.
        let friday = try #require(x.firstIndex(of: WalkedCalendar.seconds("2021-02-26", time: 57_600)))
        #expect(abs(f.selector.min - (Double(friday) + 2.0 / 3) / Double(x.count - 1) * 800) < 1e-6)
    }

    @Test("linear written out plays the same frames as no scale")
    func linearIsDefault() throws {
        let s = Self.series
        let plain = try frames(#"{"fps": 20, "window": {"initial": {"fraction": [0.1, 0.9]}}, "events": [{"at": 0.1, "gesture": "pan", "path": [[0, 10], [0.3, 31]], "release": "fling"}]}"#, s, tracks: [.range, .points])
        let linear = try frames(#"{"fps": 20, "x": {"scale": "linear"}, "window": {"initial": {"fraction": [0.1, 0.9]}}, "events": [{"at": 0.1, "gesture": "pan", "path": [[0, 10], [0.3, 31]], "release": "fling"}]}"#, s, tracks: [.range, .points])
        #expect(plain.count == linear.count)
        for (a, b) in zip(plain, linear) {
            #expect(a.window == b.window && a.selector == b.selector && a.points?.map(\.x) == b.points?.map(\.x))
        }
    }
}
