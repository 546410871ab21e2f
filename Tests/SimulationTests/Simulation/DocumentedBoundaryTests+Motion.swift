import Foundation
import Testing
import RangePipeKit

/// SPEC 4.7 and docs/script-events.md "elastic": after an elastic drag past the
/// bounds the window springs back (pop's spring, bounciness 0, speed 12)
/// and rests — exactly on the target — once each end is within threshold/2
/// of it and slower than 5·threshold, threshold 0.01 px of the overview.
/// On this spring the speed rule usually decides; an overshoot of a few
/// hundredths of a pixel released from rest is where the distance rule
/// does, so the overshoots here sit on both sides of threshold/2.
@Suite("documented boundaries: the elastic return's rest rule")
struct DocumentedBoundaryMotionTests {
    /// Overview 100 px over x = 0 … 100: 1 unit per px, threshold 0.01 units.
    static let width = 100.0

    /// The displayed overshoot of a raw one (UIScrollView's rubber band).
    static func banded(_ o: Double) -> Double { (1 - 1 / (o * 0.55 / width + 1)) * width }

    /// The raw overshoot that shows as `s`.
    static func raw(showing s: Double) -> Double { width / 0.55 * (1 / (1 - s / width) - 1) }

    /// Window [70, 90] dragged right by 10 px + `o` in 0.4 s at `fps`; the
    /// release stops (no fling), so the return starts from rest at 0.4 s.
    static func play(overshoot o: Double, fps: Double) throws -> [Frame] {
        let script = ScriptBuilder(fps: fps, duration: 1.5, overview: .init(width: width, height: 50),
                                   initial: .range(70, 90), window: [#""elastic": true"#],
                                   events: [#"{"at": 0, "gesture": "drag-selection", "path": [[0, 0], [0.4, \#(10 + o)]]}"#])
        return try frames(script.text, linearSeries())
    }

    @Test("an overshoot just under threshold/2 rests at once, on the release frame; just over, it springs first",
          arguments: [(0.0045, true), (0.0055, false), (0.015, false), (0.019, false)])
    func restRule(shown s: Double, restsAtOnce: Bool) throws {
        let fps = 100.0
        let f = try Self.play(overshoot: Self.raw(showing: s), fps: fps)
        #expect(close(Self.banded(Self.raw(showing: s)), s, 1e-12))
        // The return starts at the release from rest (speed 0 < 5·threshold): only the distance decides.
        let release = try frame(f, at: 0.4)
        if restsAtOnce {
            #expect(release.window == Window(80, 100), "\(release.window)")
        } else {
            #expect(close(release.window.upper, 100 + s, 1e-9) && close(release.window.lower, 80 + s, 1e-9), "\(release.window)")
        }
        let oracle = SpringOracle(bounciness: 0, speed: 12)
        let after = f.filter { $0.t >= 0.4 }
        let problems = oracle.check(after.map { ($0.t, $0.window.upper) }, start: 0.4, from: 100 + s, velocity: 0, target: 100, threshold: 0.01)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        let lower = oracle.check(after.map { ($0.t, $0.window.lower) }, start: 0.4, from: 80 + s, velocity: 0, target: 80, threshold: 0.01)
        #expect(lower.isEmpty, "\(lower.prefix(3))")
        #expect(f.last!.window == Window(80, 100))
    }
}
