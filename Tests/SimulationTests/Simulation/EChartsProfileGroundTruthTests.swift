import Foundation
import Testing
@testable import RangePipeKit

/// The ECharts browser ground truth (Tests/Conformance/echarts, recorded
/// from ECharts 6.1.0 in Chromium, or `ECHARTS_GROUND_TRUTH`) replayed
/// through `EChartsProfile` directly: the dataZoom's window right after
/// every sample (`imm`) and once the throttles' timers had their time, up
/// to the next sample (the settled reading), within 1e-9 relative; input on
/// the grid and on the slider (`overview`).
@Suite("ECharts profile ground truth")
struct EChartsProfileGroundTruthTests {
    typealias Bokeh = BokehProfileGroundTruthTests

    /// The session's page as the model's chart (sizes in px, the window and
    /// span limits in data units), and ECharts' units per data unit.
    static func profile(_ setup: [String: Any]) -> (EChartsProfile, Double) {
        let size = { (area: String, key: String) in Bokeh.number((setup[area] as! [String: Any])[key])! }
        let u = setup["axis"] as? String == "date" ? 1000.0 : 1
        let ms = { (key: String) in Bokeh.number(setup[key]).map { $0 / u } }
        let initial = (setup["initial_ms"] as! [Any]).map { Bokeh.number($0)! / u }
        let chart = ProfileChart(mainWidth: size("main", "width"), overviewWidth: size("overview", "width"),
                                 initial: Window(initial[0], initial[1]), extent: Bokeh.extents[setup["series"] as! String]!,
                                 isTime: u == 1000, drag: .pan, minInterval: ms("min_interval_ms"), maxInterval: ms("max_interval_ms"))
        return (EChartsProfile(chart: chart, height: size("main", "height"), sliderHeight: size("overview", "height")), u)
    }

    @Test("every recorded ECharts window, right after and settled after every sample, within 1e-9 relative")
    func replay() throws {
        let sessions = try GroundTruthFile.sessions(of: "echarts", env: "ECHARTS_GROUND_TRUTH")
        var total = 0, onSlider = 0, bad: [String] = []
        for s in sessions {
            let (p0, u) = Self.profile(s["setup"] as! [String: Any])
            var p = p0
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            var area = RawPointerEvent.Area.main  // a move or release is on its press's area
            for (i, sm) in samples.enumerated() {
                let t = 1 + Bokeh.number(sm["t"])!
                if let a = sm["area"] as? String { area = RawPointerEvent.Area(rawValue: a)! }
                let e = RawPointerEvent(t: t, kind: RawPointerEvent.Kind(rawValue: sm["type"] as! String)!,
                                        id: Int(Bokeh.number(sm["id"]) ?? 0), area: area, x: Bokeh.number(sm["x"])!,
                                        y: Bokeh.number(sm["y"]) ?? 0, deltaX: Bokeh.number(sm["deltaX"]) ?? 0,
                                        deltaY: Bokeh.number(sm["deltaY"]) ?? 0,
                                        pointer: (s["setup"] as! [String: Any])["pointer"] as? String == "touch" ? .touch : .mouse)
                let immediate = p.apply(e).window
                let next = i + 1 < samples.count ? 1 + Bokeh.number(samples[i + 1]["t"])! : t + 1
                let settled = p.runTimers(until: next)!.window
                let reading = after[i]
                let wantSettled = (reading["xn"] as! [Any]).map { Bokeh.number($0)! }
                let wantImmediate = ((reading["imm"] as? [String: Any])?["xn"] as? [Any])?.map { Bokeh.number($0)! } ?? wantSettled
                total += 1
                if area == .overview { onSlider += 1 }
                for (got, want, label) in [(immediate, wantImmediate, "right after"), (settled, wantSettled, "settled")]
                where !(Bokeh.same(got.lower * u, want[0]) && Bokeh.same(got.upper * u, want[1])) {
                    bad.append("\(s["id"] as? String ?? "?") sample \(i) \(label) \(sm): model [\(got.lower * u), \(got.upper * u)] ECharts \(want)")
                }
            }
        }
        #expect(sessions.count >= 100 && total > 3000, "the recording holds \(sessions.count) ECharts sessions, \(total) samples")
        let touch = sessions.filter { ($0["setup"] as? [String: Any])?["pointer"] as? String == "touch" }.count
        #expect(touch >= 45, "the recording holds \(touch) ECharts touch sessions (one finger and pinches)")
        #expect(onSlider > 1500, "the recording holds \(onSlider) samples of input on the slider")
        #expect(bad.isEmpty, "\(bad.count) readings of \(total) samples differ:\n\(bad.prefix(10).joined(separator: "\n"))")
    }
}
