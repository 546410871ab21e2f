import Foundation
import Testing
@testable import RangePipeKit

@Suite("Springs against the closed form, at several frame rates")
struct SpringTests {
    static func quarterly() -> Series {
        Series(name: "q", axis: .category, x: [0, 1, 2, 3], fields: [
            .init(name: "2012", values: [120, 140, 50, 120]), .init(name: "2013", values: [10, 60, 110, 40]),
            .init(name: "2014", values: [150, 120, 160, 100]),
        ], categories: ["Q1", "Q2", "Q3", "Q4"])
    }

    static let y2012 = [120.0, 140, 50, 120], y2013 = [10.0, 60, 110, 40], y2014 = [150.0, 120, 160, 100]

    /// The shown values of point i over the frames at or after t0.
    static func track(_ f: [Frame], _ i: Int, from t0: Double) -> [(t: Double, y: Double)] {
        f.filter { $0.t >= t0 - 1e-12 }.map { ($0.t, $0.values![i].y) }
    }

    /// Every point's shown values from `start` on follow the oracle's spring
    /// from `from` (at rest) to `to`.
    static func expectSprings(_ f: [Frame], start: Double, from: [Double], to: [Double], _ oracle: SpringOracle,
                              threshold: Double = 0.01, _ label: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        for i in from.indices {
            let problems = oracle.check(track(f, i, from: start), start: start, from: from[i], velocity: 0, target: to[i], threshold: threshold)
            #expect(problems.isEmpty, "\(label), point \(i): \(problems.prefix(3))", sourceLocation: sourceLocation)
        }
    }

    @Test("switch-field: every point follows the spring and rests exactly on its target", arguments: [30.0, 50, 60, 144])
    func switchField(fps: Double) throws {
        let json = #"{"fps": \#(fps), "field": "2012", "window": {"initial": "all"}, "events": [{"at": 0.1, "action": "switch-field", "field": "2013"}]}"#
        let f = try frames(json, Self.quarterly())
        Self.expectSprings(f, start: 0.1, from: Self.y2012, to: Self.y2013, SpringOracle(bounciness: 4, speed: 12), "\(fps) fps")
        // Spring frames run from the switch to the last point's rest, then idle.
        let phases = f.map(\.phase)
        let firstSpring = try #require(phases.firstIndex(of: .spring))
        let lastSpring = try #require(phases.lastIndex(of: .spring))
        #expect(f[firstSpring].t >= 0.1 && f[firstSpring - 1].t < 0.1)
        #expect(phases[firstSpring ... lastSpring].allSatisfy { $0 == .spring })
        #expect(lastSpring - firstSpring > Int(fps / 2), "a spring of a 110-unit jump lasts more than half a second")
        #expect(f[lastSpring].values!.map(\.y) == Self.y2013)
        #expect(f[lastSpring - 1].values!.map(\.y) != Self.y2013)
        #expect(f.last!.annotation?.y == 40)
    }

    @Test("threshold: a larger one rests each point at the first frame meeting the rule", arguments: [60.0, 144])
    func threshold(fps: Double) throws {
        let json = #"{"fps": \#(fps), "field": "2012", "window": {"initial": "all"}, "events": [{"at": 0, "action": "switch-field", "field": "2013", "spring": {"threshold": 3}}]}"#
        let f = try frames(json, Self.quarterly())
        Self.expectSprings(f, start: 0, from: Self.y2012, to: Self.y2013, SpringOracle(bounciness: 4, speed: 12), threshold: 3, "\(fps) fps")
        let loose = f.lastIndex { $0.phase == .spring }!
        let strict = try frames(json.replacingOccurrences(of: #", "spring": {"threshold": 3}"#, with: ""), Self.quarterly())
        #expect(loose < strict.lastIndex { $0.phase == .spring }!)
    }

    @Test("other bounciness and speed follow their own tension and friction", arguments: [(0.0, 12.0), (20, 5), (12, 20)])
    func parameters(bounciness: Double, speed: Double) throws {
        let json = #"{"fps": 60, "field": "2013", "window": {"initial": "all"}, "events": [{"at": 0.05, "action": "switch-field", "field": "2014", "spring": {"bounciness": \#(bounciness), "speed": \#(speed)}}]}"#
        let f = try frames(json, Self.quarterly())
        Self.expectSprings(f, start: 0.05, from: Self.y2013, to: Self.y2014, SpringOracle(bounciness: bounciness, speed: speed),
                           "B \(bounciness) S \(speed)")
    }

    @Test("a new switch-field retargets from the current value and velocity", arguments: [50.0, 144])
    func retarget(fps: Double) throws {
        let json = #"{"fps": \#(fps), "field": "2012", "window": {"initial": "all"}, "events": [{"at": 0, "action": "switch-field", "field": "2013"}, {"at": 0.2, "action": "switch-field", "field": "2014"}]}"#
        let f = try frames(json, Self.quarterly())
        let oracle = SpringOracle(bounciness: 4, speed: 12)
        for i in 0 ..< 4 {
            // The first spring's state at 0.2 s (a whole step), relative to its target.
            let first = oracle.state(p0: Self.y2013[i] - Self.y2012[i], v0: 0, tau: 0.2)
            let before = Self.track(f, i, from: 0).filter { $0.t < 0.2 - 1e-12 }
            #expect(oracle.check(before, start: 0, from: Self.y2012[i], velocity: 0, target: Self.y2013[i], threshold: 0.01)
                .allSatisfy { $0 == "never came to rest" }, "point \(i) before the retarget")
            let problems = oracle.check(Self.track(f, i, from: 0.2), start: 0.2, from: Self.y2013[i] - first.p,
                                        velocity: -first.v, target: Self.y2014[i], threshold: 0.01)
            #expect(problems.isEmpty, "\(fps) fps point \(i): \(problems.prefix(3))")
        }
        #expect(f.last!.values!.map(\.y) == Self.y2014)
    }

    @Test("clampMin clips shown values")
    func clampMin() throws {
        let series = Series(name: "q", axis: .category, x: [0, 1], fields: [.init(name: "a", values: [5, 5]), .init(name: "b", values: [-50, 5])],
                            categories: ["A", "B"])
        let f = try frames(#"{"fps": 50, "field": "a", "window": {"initial": "all"}, "events": [{"at": 0, "action": "switch-field", "field": "b", "spring": {"clampMin": 0}}]}"#, series)
        let oracle = SpringOracle(bounciness: 4, speed: 12)
        for r in f {
            let unclamped = -50 - oracle.state(p0: -55, v0: 0, tau: r.t).p
            #expect(abs(r.values![0].y - max(0, unclamped)) < 1e-6 * 55, "t \(r.t): \(r.values![0].y) vs \(max(0, unclamped))")
            #expect((r.y?.min ?? 0) >= 0)
        }
        #expect(f.contains { $0.values![0].y == 0 } && f.contains { $0.values![0].y > 0 && $0.values![0].y < 5 })
        #expect(f.last!.values!.map(\.y) == [0, 5])
    }
}
