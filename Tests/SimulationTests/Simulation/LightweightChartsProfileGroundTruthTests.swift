import Foundation
import Testing
@testable import RangePipeKit

/// The lightweight-charts browser ground truth (Tests/Conformance/lightweight-charts,
/// recorded from lightweight-charts 4.1.3 in Chromium, or
/// `LIGHTWEIGHT_CHARTS_GROUND_TRUTH`) replayed through
/// `LightweightChartsProfile` directly: the visible logical range (bar
/// indices, the library's own state) bit for bit before the first sample
/// and after every sample, and its x within 1e-9 relative.
@Suite("lightweight-charts profile ground truth")
struct LightweightChartsProfileGroundTruthTests {
    typealias Bokeh = BokehProfileGroundTruthTests

    /// The points' x of the recorder's two series (Tests/Conformance/pages.py):
    /// AAPL's month starts 2000-01 … 2010-03 (UTC seconds), the hours 1 … 8759.
    static let points: [String: [Double]] = [
        "AAPL": (0 ..< 123).map { k in Double(CivilTime.days(year: 2000 + k / 12, month: k % 12 + 1, day: 1)) * 86400 },
        "sf-temps-hours": (1 ... 8759).map(Double.init),
    ]

    @Test("every recorded lightweight-charts range: bar indices bit for bit, x within 1e-9 relative")
    func replay() throws {
        let (doc, sessions) = try GroundTruthFile.sessions(of: "lightweight-charts", environment: "LIGHTWEIGHT_CHARTS_GROUND_TRUTH")
        let settle = Bokeh.number((doc["timing"] as? [String: Any])?["settle_ms"]) ?? 1000
        var total = 0, bad: [String] = []
        for s in sessions {
            let series = (s["setup"] as! [String: Any])["series"] as! String
            let (chart, height, u) = GroundTruthFile.chart(of: s, drag: .pan, points: Self.points[series]!)
            var p = LightweightChartsProfile(chart: chart, height: height)
            let id = s["id"] as? String ?? "?"
            func check(_ label: String, _ reading: [String: Any]) {
                let x = (reading["x"] as! [Any]).map { Bokeh.number($0)! }, xn = (reading["xn"] as! [Any]).map { Bokeh.number($0)! }
                let bars = p.scale.logicalRange, w = p.state.window
                total += 1
                if !(bars.lower == x[0] && bars.upper == x[1] && Bokeh.same(w.lower * u, xn[0]) && Bokeh.same(w.upper * u, xn[1])) {
                    bad.append("\(id) \(label): model bars [\(bars.lower), \(bars.upper)] x [\(w.lower * u), \(w.upper * u)], lightweight-charts \(x) \(xn)")
                }
            }
            check("initial", s["initial"] as! [String: Any])
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            // A touch session's samples are all one finger's (its wheel-free gestures).
            let pointer: RawPointerEvent.PointerKind = s["pointer"] as? String == "touch" ? .touch : .mouse
            var areas: [Int: ChartArea] = [:]
            for (i, sm) in samples.enumerated() {
                let kind = RawPointerEvent.Kind(rawValue: sm["type"] as! String)!
                let pid = Int(Bokeh.number(sm["id"]) ?? 0)
                if let a = sm["area"] as? String { areas[pid] = ChartArea(rawValue: a)! }
                let e = RawPointerEvent(t: 1 + Bokeh.number(sm["t"])!, kind: kind, id: pid, area: areas[pid] ?? .main,
                                        x: Bokeh.number(sm["x"])!, y: Bokeh.number(sm["y"]) ?? 0,
                                        deltaX: Bokeh.number(sm["deltaX"]) ?? 0, deltaY: Bokeh.number(sm["deltaY"]) ?? 0,
                                        pointer: kind == .wheel ? .mouse : pointer)
                _ = p.apply(e)
                // The recorder reads just before the next sample (or settle_ms after the last): timers due by then have run.
                let next = i + 1 < samples.count ? Bokeh.number(samples[i + 1]["t"])! * 1000 : Bokeh.number(sm["t"])! * 1000 + settle
                p.runTimers(through: ScriptClock.milliseconds(1 + next / 1000))
                check("sample \(i) \(sm)", after[i])
            }
        }
        let touch = sessions.filter { $0["pointer"] as? String == "touch" }.count
        #expect(sessions.count >= 150 && touch >= 45 && total > 6000, "the recording holds \(sessions.count) lightweight-charts sessions (\(touch) touch), \(total) readings")
        #expect(bad.isEmpty, "\(bad.count) of \(total) readings differ:\n\(bad.prefix(10).joined(separator: "\n"))")
    }
}
