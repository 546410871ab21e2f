import Foundation
import Testing
@testable import RangePipeKit

/// pop's spring as SPEC 4.8 states it, built here without the simulator:
/// tension and friction from reference/physics.md, the state at whole
/// milliseconds from the closed-form damped oscillator (RK4 at 1 ms agrees
/// to ~1e-6), linear interpolation between the two steps around a frame
/// time, and the rest rule with its threshold.
struct SpringOracle {
    let k: Double
    let c: Double

    init(bounciness: Double, speed: Double) {
        func noBounce(_ x: Double) -> Double {
            x <= 18 ? 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28
                : x <= 44 ? 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2
                : 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        let b = bounciness / 1.7 / 20 * 0.8, s = speed / 1.7 / 20
        let tq = 0.5 + s * 199.5, t2 = 2 * b - b * b
        k = 194 + (tq - 30) / 50 * 181
        c = 25 + (t2 * 0.01 + (1 - t2) * noBounce(tq) - 8) / 2 * 6
    }

    /// (p, p') at τ seconds, p = target − value.
    func state(p0: Double, v0: Double, tau: Double) -> (p: Double, v: Double) {
        let steps = tau * 1000, n = steps.rounded(.down), f = steps - n
        let lo = dampedOscillator(k: k, c: c, x0: p0, v0: v0, t: n / 1000)
        let hi = dampedOscillator(k: k, c: c, x0: p0, v0: v0, t: (n + 1) / 1000)
        return (lo.x + (hi.x - lo.x) * f, lo.v + (hi.v - lo.v) * f)
    }

    /// Checks one point's shown values over frames (t ascending) against the
    /// spring from `from` (with value velocity `velocity`) to `target`
    /// started at `start`; returns what disagrees. Near the rest boundary
    /// (within the solvers' difference) either answer is accepted.
    func check(_ shown: [(t: Double, y: Double)], start: Double, from: Double, velocity: Double, target: Double,
               threshold: Double) -> [String] {
        let p0 = target - from, v0 = -velocity
        let scale = max(1, abs(p0), abs(v0) / 10)
        let mp = 1e-6 * scale, mv = 1e-3 * scale
        var problems: [String] = []
        var mayRest = false, mustRest = false
        for (t, y) in shown {
            let s = state(p0: p0, v0: v0, tau: t - start)
            let clearlyRests = abs(s.p) < threshold / 2 - mp && abs(s.v) < 5 * threshold - mv
            let clearlyMoves = abs(s.p) > threshold / 2 + mp || abs(s.v) > 5 * threshold + mv
            mayRest = mayRest || !clearlyMoves
            mustRest = mustRest || clearlyRests
            if y == target {
                if !mayRest && p0 != 0 { problems.append("t \(t): rests on \(target) early (p \(s.p), v \(s.v))") }
            } else if mustRest {
                problems.append("t \(t): shows \(y), not its target \(target), after the rest rule held")
            } else if abs(y - (target - s.p)) > 1e-6 * scale {
                problems.append("t \(t): shows \(y), the spring says \(target - s.p)")
            }
        }
        if !mustRest && !mayRest { problems.append("never came to rest") }
        return problems
    }
}


/// The shown values of a series over a script's `switch-field` events, per
/// SPEC 4.8, from `SpringOracle` instead of the simulator: each switch
/// springs every point from its current value and velocity; a point rests
/// (and shows its target) from the first moment the rule holds.
struct SpringChain {
    struct Point {
        var from: Double, velocity: Double, target: Double
        var rested = false, mayRest = false
        /// Uncertainty carried from a retarget near the rest boundary.
        var slack = 0.0
    }

    let fields: [[Double]]
    var events: [(at: Double, field: Int, settings: SpringSettings)] = []
    var next = 0
    var current: Int
    var spring: (start: Double, oracle: SpringOracle, threshold: Double)?
    var points: [Point] = []

    init(series: Series, script: Script) {
        let names = series.fields.map(\.name)
        fields = series.fields.map(\.values)
        current = script.field.flatMap { names.firstIndex(of: $0) } ?? 0
        for e in script.events {
            if case let .switchField(name, settings) = e.kind { events.append((e.at, names.firstIndex(of: name)!, settings)) }
        }
        events = events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
    }

    /// The spring state of point i at t, updating its rest latch.
    mutating func advance(_ i: Int, to t: Double) -> (y: Double, v: Double) {
        guard let s = spring else { return (fields[current][i], 0) }
        guard !points[i].rested else { return (points[i].target, 0) }
        let q = points[i]
        let p0 = q.target - q.from, v0 = -q.velocity
        let state = s.oracle.state(p0: p0, v0: v0, tau: t - s.start)
        let scale = max(1, abs(p0), abs(v0))
        let mp = 1e-6 * scale + q.slack, mv = 1e-3 * scale + q.slack * 50
        if abs(state.p) < s.threshold / 2 - mp && abs(state.v) < 5 * s.threshold - mv { points[i].rested = true }
        if !(abs(state.p) > s.threshold / 2 + mp || abs(state.v) > 5 * s.threshold + mv) { points[i].mayRest = true }
        return points[i].rested ? (q.target, 0) : (q.target - state.p, -state.v)
    }

    /// Starts the switches due by t, then compares the simulator's shown values at t.
    mutating func check(_ shown: [Double], at t: Double) -> [String] {
        while next < events.count, events[next].at <= t {
            let e = events[next]
            next += 1
            let target = fields[e.field]
            var fresh: [Point] = []
            for i in target.indices {
                var from = fields[current][i], velocity = 0.0, slack = 0.0
                if spring != nil {
                    (from, velocity) = advance(i, to: e.at)
                    if points[i].mayRest && !points[i].rested { slack = 3 * spring!.threshold }
                    slack += 3 * points[i].slack
                }
                let still = target[i].isNaN || from.isNaN
                fresh.append(Point(from: from, velocity: velocity, target: target[i], rested: still, mayRest: still, slack: slack))
            }
            points = fresh
            current = e.field
            spring = (e.at, SpringOracle(bounciness: e.settings.bounciness, speed: e.settings.speed), e.settings.threshold)
        }
        var problems: [String] = []
        for i in shown.indices {
            let (y, _) = advance(i, to: t)
            let q = spring == nil ? Point(from: 0, velocity: 0, target: fields[current][i], rested: true) : points[i]
            let expected = spring == nil ? fields[current][i] : y
            if shown[i] == expected || (shown[i].isNaN && expected.isNaN) { continue }
            if q.mayRest && shown[i] == q.target { continue }
            let tolerance = 1e-6 * max(1, abs(q.target - q.from), abs(q.velocity)) + q.slack
            if !q.rested, abs(shown[i] - expected) <= tolerance { continue }
            problems.append("point \(i) shows \(shown[i]), expected \(expected)\(q.rested ? " (at rest)" : "")")
        }
        if spring != nil, points.allSatisfy(\.rested) { spring = nil }
        return problems
    }
}
