import Foundation
import Testing
@testable import RangePipeKit

/// x(t) of m·x'' + c·x' + k·x = 0 with x(0) = x0, x'(0) = v0, in closed form.
func dampedOscillator(k: Double, c: Double, m: Double = 1, x0: Double, v0: Double, t: Double) -> (x: Double, v: Double) {
    let w0 = (k / m).squareRoot()
    let zeta = c / (2 * (k * m).squareRoot())
    if abs(zeta - 1) < 1e-12 {
        let e = Foundation.exp(-w0 * t)
        let x = (x0 + (v0 + w0 * x0) * t) * e
        let v = (v0 + w0 * x0) * e - w0 * x
        return (x, v)
    }
    if zeta < 1 {
        let wd = w0 * (1 - zeta * zeta).squareRoot()
        let e = Foundation.exp(-zeta * w0 * t)
        let b = (v0 + zeta * w0 * x0) / wd
        let x = e * (x0 * Foundation.cos(wd * t) + b * Foundation.sin(wd * t))
        let v = -zeta * w0 * x + e * (-x0 * wd * Foundation.sin(wd * t) + b * wd * Foundation.cos(wd * t))
        return (x, v)
    }
    let s = (zeta * zeta - 1).squareRoot()
    let r1 = -w0 * (zeta - s), r2 = -w0 * (zeta + s)
    let a = (v0 - r2 * x0) / (r1 - r2), b = x0 - a
    return (a * Foundation.exp(r1 * t) + b * Foundation.exp(r2 * t), a * r1 * Foundation.exp(r1 * t) + b * r2 * Foundation.exp(r2 * t))
}

@Suite("Physics against closed forms")
struct PhysicsTests {
    // MARK: Decay

    @Test("decay offsets, stop time and rest offset", arguments: [0.998, 0.99])
    func decay(d: Double) {
        for v in [-4000.0, -350, -20, 3, 75, 1200, 9000] {
            let l = 1000 * Foundation.log(d)
            for tau in stride(from: 0.0, through: 3.0, by: 0.125) {
                let expected = v * (Foundation.pow(d, 1000 * tau) - 1) / l
                #expect(close(MomentumPhysics.decayOffset(v: v, d: d, tau: tau), expected, 1e-12))
            }
            let stop = MomentumPhysics.decayStopTime(v: v, d: d)
            let rest = MomentumPhysics.decayRestOffset(v: v, d: d)
            #expect(close(rest, -v / l, 1e-15))
            // At τ*, the remaining travel is exactly half a pixel.
            if stop > 0 {
                #expect(close(abs(rest - MomentumPhysics.decayOffset(v: v, d: d, tau: stop)), 0.5, 1e-9))
            } else {
                #expect(abs(rest) < 0.5 + 1e-9)
            }
        }
    }

    @Test("decay through the simulator: every frame at t ≥ r is the release window plus the offset, at several fps", arguments: [24.0, 30, 60, 144])
    func decayFrames(fps: Double) throws {
        let series = linearSeries(100_001)
        // Overview 1000 px over 100 000 units: 100 units/px. Release velocity 400 px/s.
        let json = """
        {"fps": \(fps), "overview": {"width": 1000, "height": 50}, "window": {"initial": {"min": 10000, "max": 20000}},
         "momentum": {"deceleration": 0.99},
         "events": [{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.25, 100]], "release": "fling"}]}
        """
        let f = try frames(json, series)
        let v = 400.0, d = 0.99, l = 1000 * Foundation.log(d)
        let releaseA = 10000.0 + 100 * 100
        let stop = Foundation.log(-l * 0.5 / v) / l
        let releaseFrame = f.first { $0.t >= 0.25 }!.frame
        for r in f where r.t >= 0.25 {
            let tau = r.t - 0.25
            let offset = tau >= stop ? -v / l : v * (Foundation.pow(d, 1000 * tau) - 1) / l
            #expect(close(r.window.lower, releaseA + offset * 100, 1e-12), "t \(r.t)")
            // The first frame at or after release applies the gesture's last movement: drag wins.
            #expect(r.phase == (r.frame == releaseFrame ? .drag : .momentum))
        }
        // The last frame is the first at or after τ*.
        #expect(f.last!.t >= 0.25 + stop - 1e-9)
        #expect(f.dropLast().last!.t < 0.25 + stop)
    }

    @Test("a new event stops a running momentum or animation at its start; the window stays where the last step left it")
    func cancellation() throws {
        let series = linearSeries(10_001)
        // 10 units/px; v = 400 px/s released at 0.25; a still pan starts at 0.5 (fps 50).
        let fling = """
        {"fps": 50, "overview": {"width": 1000, "height": 50}, "window": {"initial": {"min": 1000, "max": 2000}},
         "events": [{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.25, 100]], "release": "fling"},
                    {"at": 0.5, "gesture": "pan", "path": [[0, 100], [0.5, 100]]}]}
        """
        let f = try frames(fling, series)
        let d = 0.998, v = 400.0, l = 1000 * Foundation.log(d)
        // The last momentum step is the frame at t = 0.48 (τ = 0.23).
        let stopped = 1000.0 + 100 * 10 + v * (Foundation.pow(d, 1000 * 0.23) - 1) / l * 10
        for r in f where r.t >= 0.5 - 1e-9 {
            #expect(close(r.window.lower, stopped, 1e-12), "t \(r.t): \(r.window.lower) vs \(stopped)")
            #expect(r.phase == .drag)
        }
        #expect(close(f.last!.t, 1.0, 1e-12))
        // An animation from [1000, 2000] to [5000, 6000] over 1 s, linear, cut by a still pan at 0.5 (fps 10):
        // the last animation step is t = 0.4, p = 0.4.
        let animation = """
        {"fps": 10, "window": {"initial": {"min": 1000, "max": 2000}},
         "events": [{"at": 0, "action": "set-window", "window": {"min": 5000, "max": 6000}, "animate": {"curve": "linear", "duration": 1}},
                    {"at": 0.5, "gesture": "pan", "path": [[0, 100], [0.3, 100]]}]}
        """
        let g = try frames(animation, series)
        for r in g where r.t >= 0.5 - 1e-9 {
            #expect(closeWindow(r.window, 1000 + 4000 * 0.4, 2000 + 4000 * 0.4, 1e-12), "t \(r.t): \(r.window)")
        }
        #expect(g.allSatisfy { $0.phase != .animate || $0.t < 0.5 })
    }

    // MARK: Ease-out

    /// An independent solve: bisection on x(s) = p with the Bernstein form, then y(s).
    func bisectionBezier(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ p: Double) -> Double {
        func b(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
            let m = 1 - s
            return 3 * m * m * s * c1 + 3 * m * s * s * c2 + s * s * s
        }
        var lo = 0.0, hi = 1.0
        for _ in 0 ..< 200 { let mid = (lo + hi) / 2; if b(mid, x1, x2) < p { lo = mid } else { hi = mid } }
        return b((lo + hi) / 2, y1, y2)
    }

    @Test("cubic-bezier curves agree with an independent bisection solve")
    func bezier() {
        let curves: [(CubicBezier, (Double, Double, Double, Double))] = [
            (.easeOut, (0, 0, 0.58, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeInOut, (0.42, 0, 0.58, 1)),
            (CubicBezier(0.25, 0.1, 0.25, 1), (0.25, 0.1, 0.25, 1)), (CubicBezier(0.68, -0.55, 0.27, 1.55), (0.68, -0.55, 0.27, 1.55)),
        ]
        for (curve, p) in curves {
            for k in 0 ... 200 {
                let t = Double(k) / 200
                #expect(abs(curve.progress(t) - bisectionBezier(p.0, p.1, p.2, p.3, t)) < 1e-9, "\(p) at \(t)")
            }
            #expect(curve.progress(0) == 0 && curve.progress(1) == 1)
        }
        #expect(CubicBezier.linear.progress(0.3) == 0.3)
    }

    @Test("ease-out momentum travels v·duration/5 and lands exactly at τ = duration")
    func easeOutMomentum() throws {
        let series = linearSeries(100_001)
        let json = """
        {"fps": 60, "overview": {"width": 1000, "height": 50}, "window": {"initial": {"min": 10000, "max": 20000}},
         "momentum": {"model": "ease-out", "duration": 0.8},
         "events": [{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.5, 250]], "release": "fling"}]}
        """
        let f = try frames(json, series)
        // v = 500 px/s; travel 500·0.8/5 = 80 px = 8000 units; release a = 10000 + 25000.
        let travel = 500.0 * 0.8 / 5 * 100
        for r in f where r.t > 0.5 {
            let tau = r.t - 0.5
            let expected = 35000 + (tau >= 0.8 ? travel : travel * bisectionBezier(0, 0, 0.58, 1, tau / 0.8))
            #expect(abs(r.window.lower - expected) < 1e-6, "t \(r.t)")
        }
        // Lands on start + travel (v from the path is 500 up to rounding).
        #expect(closeWindow(f.last!.window, 35000 + travel, 45000 + travel, 1e-14))
        #expect(try f.last!.window == frame(f, at: 1.3).window)
        #expect(close(f.last!.t, 1.3, 1e-12))
    }

    // MARK: Springs

    @Test("pop's bounciness/speed mapping, recomputed here from reference/physics.md")
    func popMapping() {
        func noBounce(_ x: Double) -> Double {
            x <= 18 ? 0.0007 * x * x * x - 0.031 * x * x + 0.64 * x + 1.28
                : x <= 44 ? 0.000044 * x * x * x - 0.006 * x * x + 0.36 * x + 2
                : 0.00000045 * x * x * x - 0.000332 * x * x + 0.1078 * x + 5.84
        }
        for (bounciness, speed) in [(4.0, 12.0), (0, 12), (20, 20), (0, 0), (10, 5), (7.5, 18)] {
            let b = bounciness / 1.7 / 20 * 0.8
            let s = speed / 1.7 / 20
            let tq = 0.5 + s * 199.5
            let t2 = 2 * b - b * b
            let fq = (1 - t2) * noBounce(tq) + t2 * 0.01
            let p = SpringParameters(bounciness: bounciness, speed: speed)
            #expect(close(p.tension, 194 + (tq - 30) / 50 * 181, 1e-14))
            #expect(close(p.friction, 25 + (fq - 8) / 2 * 6, 1e-14))
        }
        let defaults = SpringParameters(bounciness: 4, speed: 12)
        #expect(abs(defaults.tension - 342.1006) < 1e-4)
        #expect(abs(defaults.friction - 30.4870) < 1e-4)
        #expect(abs(SpringParameters(bounciness: 0, speed: 12).friction - 36.93) < 0.01)
    }

    @Test("RK4 at 1 ms matches the analytic damped oscillator within 1e-6", arguments: [
        (342.1006, 30.487, "under-damped"), (100.0, 20.0, "critically damped"), (100.0, 50.0, "over-damped"), (400.0, 2.0, "barely damped"),
    ])
    func rk4(k: Double, c: Double, label: String) {
        let params = SpringParameters(tension: k, friction: c)
        for (x0, v0) in [(1.0, 0.0), (0.0, 1.0), (-2.5, 7.0), (110.0, -40.0)] {
            for ms in [0, 1, 7, 50, 123, 400, 1000, 2500] {
                let tau = Double(ms) / 1000
                let got = SpringSolver.state(p0: x0, v0: v0, tau: tau, params)
                let want = dampedOscillator(k: k, c: c, x0: x0, v0: v0, t: tau)
                let scale = max(1, abs(x0), abs(v0))
                #expect(abs(got.p - want.x) <= 1e-6 * scale, "\(label) x0 \(x0) v0 \(v0) τ \(tau): \(got.p) vs \(want.x)")
            }
        }
    }

    @Test("shared unit responses give the closed form, interpolated between 1 ms steps")
    func unitResponses() {
        let oracle = SpringOracle(bounciness: 4, speed: 12)
        var response = SpringResponse(SpringParameters(bounciness: 4, speed: 12))
        for ms in [0, 1, 16, 333, 1500] {
            let tau = Double(ms) / 1000 + 0.0004 // between steps: interpolated
            let c = response.coefficients(tau: tau)
            for (p0, v0) in [(1.0, 0.0), (3.0, -2.0), (-110.0, 50.0)] {
                let want = oracle.state(p0: p0, v0: v0, tau: tau)
                let scale = max(1, abs(p0), abs(v0))
                #expect(abs(p0 * c.ap + v0 * c.bp - want.p) < 1e-6 * scale, "τ \(tau) p0 \(p0) v0 \(v0)")
                #expect(abs(p0 * c.av + v0 * c.bv - want.v) < 1e-4 * scale, "τ \(tau) p0 \(p0) v0 \(v0)")
            }
        }
    }

    // MARK: Elastic

    @Test("the rubber band: (1 − 1/(o·0.55/W + 1))·W, monotone, below W")
    func rubberBand() {
        #expect(RubberBand.displayed(overshoot: 0, dimension: 800) == 0)
        #expect(close(RubberBand.displayed(overshoot: 800, dimension: 800), 800 * (1 - 1 / 1.55)))
        #expect(close(RubberBand.displayed(overshoot: 100, dimension: 400), 400 * (1 - 1 / (100 * 0.55 / 400 + 1))))
        var previous = 0.0
        for o in stride(from: 1.0, through: 1e7, by: 9999) {
            let d = RubberBand.displayed(overshoot: o, dimension: 300)
            #expect(d > previous && d < 300)
            previous = d
        }
    }

    @Test("elastic: a drag past the bounds shows rubber-banded, then springs back (bounciness 0, speed 12) and rests exactly",
          arguments: [50.0, 60, 144])
    func elasticDrag(fps: Double) throws {
        let series = linearSeries()
        // Overview 100 px = 100 units. Window [70, 90] dragged +40 px in 0.4 s: raw b = 90 + 100·t.
        let json = #"{"fps": \#(fps), "overview": {"width": 100, "height": 50}, "window": {"initial": {"min": 70, "max": 90}, "elastic": true}, "events": [{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.4, 40]]}]}"#
        let f = try frames(json, series)
        func banded(_ o: Double) -> Double { (1 - 1 / (o * 0.55 / 100 + 1)) * 100 }
        for r in f where r.t <= 0.4 {
            let rawB = 90 + 100 * r.t
            let b = rawB <= 100 ? rawB : 100 + banded(rawB - 100)
            #expect(close(r.window.upper, b, 1e-12) && close(r.window.span, 20, 1e-12), "t \(r.t): \(r.window) vs b \(b)")
        }
        // From [80 + s, 100 + s], s the shown overshoot at release, each end springs to [80, 100] from rest.
        let s = banded(30)
        let after = f.filter { $0.t >= 0.4 }
        let release = try #require(after.first)
        let oracle = SpringOracle(bounciness: 0, speed: 12)
        let problems = oracle.check(after.map { ($0.t, $0.window.upper) }, start: 0.4, from: 100 + s, velocity: 0, target: 100, threshold: 0.01)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        #expect(after.allSatisfy { close($0.window.span, 20, 1e-9) })
        #expect(release.phase == .drag)
        #expect(after.dropFirst().dropLast().allSatisfy { $0.phase == .elastic })
        #expect(after.count > Int(fps / 4), "the return takes a while: \(after.count) frames")
        // It rests on the bounds rule's window for the released one: [80, 100] up to the span's rounding.
        #expect(f.last!.window == Window(100 - release.window.span, 100))
        #expect(closeWindow(f.last!.window, 80, 100, 1e-13))
    }

    @Test("elastic random scripts: after every release the window ends valid and stays valid")
    func elasticProperty() throws {
        var rng = SeededGenerator(seed: 404)
        var checked = 0
        for k in 0 ..< 300 {
            let series = PlayPropertyTests.randomSeries(&rng)
            let json = PlayPropertyTests.randomScript(&rng, fields: series.fields.map(\.name), elastic: true)
            var script = try decodeScript(json)
            script.duration = nil // run until everything rests
            guard let plan = try? ScriptPlan(script: script, series: series) else { continue }
            var restedValid = true
            var final = plan.initialWindow
            let valid = PlayPropertyTests.limits(script, series)
            try FrameStream(plan: plan, tracks: []).drive { frame, _, _, sim in
                if !sim.isBusy, !valid(sim.window) {
                    restedValid = false
                    Issue.record("script \(k) frame \(frame): at rest but invalid \(sim.window)")
                }
                final = sim.window
                if frame > 200_000 { Issue.record("script \(k): runaway"); return false }
                return true
            }
            #expect(valid(final), "script \(k) ends invalid: \(final)")
            if restedValid { checked += 1 }
        }
        #expect(checked > 200)
    }
}
