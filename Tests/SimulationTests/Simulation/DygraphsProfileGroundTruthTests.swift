import Foundation
import Testing
@testable import RangePipeKit

/// The dygraphs browser ground truth (Tests/Conformance/dygraphs, recorded
/// from dygraphs 2.2.1 in Chromium, or `DYGRAPHS_GROUND_TRUTH`) replayed
/// through `DygraphsProfile` directly: the range after every sample within
/// 1e-9 relative, input on the plot area and on the range selector.
@Suite("dygraphs profile ground truth")
struct DygraphsProfileGroundTruthTests {
    typealias Bokeh = BokehProfileGroundTruthTests

    @Test("every recorded dygraphs range, after every sample, within 1e-9 relative")
    func replay() throws {
        let sessions = try GroundTruthFile.sessions(of: "dygraphs", environment: "DYGRAPHS_GROUND_TRUTH").sessions
        var total = 0, onSelector = 0, bad: [String] = []
        for s in sessions {
            let (chart, height, u) = GroundTruthFile.chart(of: s, drag: .zoom)
            var p = DygraphsProfile(chart: chart, height: height)
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            var area = RawPointerEvent.Area.main  // a move or release is on its press's area
            // A touch session's presses are all fingers' (on the plot area).
            let pointer: RawPointerEvent.PointerKind = s["pointer"] as? String == "touch" ? .touch : .mouse
            for (i, sm) in samples.enumerated() {
                if let a = sm["area"] as? String { area = RawPointerEvent.Area(rawValue: a)! }
                if area == .overview { onSelector += 1 }
                let e = RawPointerEvent(t: 1 + Bokeh.number(sm["t"])!, kind: RawPointerEvent.Kind(rawValue: sm["type"] as! String)!,
                                        id: Int(Bokeh.number(sm["id"]) ?? 0), area: area, x: Bokeh.number(sm["x"])!,
                                        y: Bokeh.number(sm["y"]) ?? 0, deltaY: Bokeh.number(sm["deltaY"]) ?? 0,
                                        shift: sm["shift"] as? Bool ?? false, pointer: pointer)
                let w = p.apply(e).window
                let want = (after[i]["xn"] as! [Any]).map { Bokeh.number($0)! }
                total += 1
                if !(Bokeh.same(w.lower * u, want[0]) && Bokeh.same(w.upper * u, want[1])) {
                    bad.append("\(s["id"] as? String ?? "?") sample \(i) \(sm): model [\(w.lower * u), \(w.upper * u)] dygraphs \(want)")
                }
            }
        }
        #expect(sessions.count >= 100 && total > 3000, "the recording holds \(sessions.count) dygraphs sessions, \(total) samples")
        let touch = sessions.filter { $0["pointer"] as? String == "touch" }.count
        #expect(touch >= 40, "the recording holds \(touch) dygraphs touch sessions")
        #expect(onSelector > 800, "the recording holds \(onSelector) samples of input on the range selector")
        #expect(bad.isEmpty, "\(bad.count) of \(total) samples differ:\n\(bad.prefix(10).joined(separator: "\n"))")
    }
}
