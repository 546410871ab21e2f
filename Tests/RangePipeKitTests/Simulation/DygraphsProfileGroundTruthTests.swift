import Foundation
import Testing
@testable import RangePipeKit

/// The dygraphs browser ground truth (Tests/Conformance/dygraphs, recorded
/// from dygraphs 2.2.1 in Chromium, or `DYGRAPHS_GROUND_TRUTH`) replayed
/// through `DygraphsProfile` directly: the range after every sample within
/// 1e-9 relative.
@Suite("dygraphs profile ground truth")
struct DygraphsProfileGroundTruthTests {
    typealias Bokeh = BokehProfileGroundTruthTests

    @Test("every recorded dygraphs range, after every sample, within 1e-9 relative")
    func replay() throws {
        let path = ProcessInfo.processInfo.environment["DYGRAPHS_GROUND_TRUTH"]
            ?? packageRoot.appendingPathComponent("Tests/Conformance/dygraphs/ground-truth.json.gz").path
        let doc = Bokeh.plain(try JSONValue.parse([UInt8](try GroundTruthFile.bytes(path)), maxDepth: 64)) as? [String: Any]
        let sessions = (doc?["sessions"] as? [[String: Any]] ?? []).filter { $0["library"] as? String == "dygraphs" }
        var total = 0, bad: [String] = []
        for s in sessions {
            let setup = s["setup"] as! [String: Any], main = setup["main"] as! [String: Any]
            let isTime = setup["axis"] as? String == "date"
            let u = isTime ? 1000.0 : 1
            let initial = (setup["initial_ms"] as! [Any]).map { Bokeh.number($0)! / u }
            let chart = ProfileChart(mainWidth: Bokeh.number(main["width"])!, overviewWidth: Bokeh.number(main["width"])!,
                                     initial: Window(initial[0], initial[1]), extent: Bokeh.extents[setup["series"] as! String]!,
                                     isTime: isTime, drag: .zoom)
            var p = DygraphsProfile(chart: chart, height: Bokeh.number(main["height"])!)
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            for (i, sm) in samples.enumerated() {
                let e = RawPointerEvent(t: 1 + Bokeh.number(sm["t"])!, kind: RawPointerEvent.Kind(rawValue: sm["type"] as! String)!,
                                        id: Int(Bokeh.number(sm["id"]) ?? 0), area: .main, x: Bokeh.number(sm["x"])!,
                                        y: Bokeh.number(sm["y"]) ?? 0, deltaY: Bokeh.number(sm["deltaY"]) ?? 0,
                                        shift: sm["shift"] as? Bool ?? false)
                let w = p.apply(e).window
                let want = (after[i]["xn"] as! [Any]).map { Bokeh.number($0)! }
                total += 1
                if !(Bokeh.same(w.lower * u, want[0]) && Bokeh.same(w.upper * u, want[1])) {
                    bad.append("\(s["id"] as? String ?? "?") sample \(i) \(sm): model [\(w.lower * u), \(w.upper * u)] dygraphs \(want)")
                }
            }
        }
        #expect(sessions.count >= 100 && total > 3000, "the recording holds \(sessions.count) dygraphs sessions, \(total) samples")
        #expect(bad.isEmpty, "\(bad.count) of \(total) samples differ:\n\(bad.prefix(10).joined(separator: "\n"))")
    }
}
