import Foundation
import Testing
@testable import RangePipeKit

/// Replays the browser ground truth (Tests/Conformance/README.md) through
/// `BokehProfile`: every Bokeh session's samples as raw events, its page
/// geometry as the layout, and the library's range after each sample
/// compared within 1e-9 relative. Runs when the file is there
/// (`BOKEH_GROUND_TRUTH` names another path); writes a per-sample report to
/// `BOKEH_GROUND_TRUTH_REPORT` when set, a sample-by-sample trace of the
/// session `BOKEH_GROUND_TRUTH_SESSION` names. For experiments,
/// `BOKEH_GT_LEFT_SHIFT` moves both frames' left edges left by that many px
/// and `BOKEH_GT_FRAME_PHASE` sets the animation frames' phase (ms).
@Suite("Bokeh profile against BokehJS")
struct BokehProfileGroundTruthTests {
    static func groundTruth() throws -> [String: Any]? {
        let env = ProcessInfo.processInfo.environment
        let root = packageRoot.appendingPathComponent("Tests/Conformance/bokeh").path
        let candidates = [env["BOKEH_GROUND_TRUTH"], root + "/ground-truth.json.gz"].compactMap { $0 }
        guard let path = candidates.first(where: { FileManager.default.fileExists(atPath: $0) }) else { return nil }
        let data = try GroundTruthFile.bytes(path)
        // The project's own reader: its numbers are correctly rounded (Foundation's are not always).
        return Self.plain(try JSONValue.parse([UInt8](data), maxDepth: 64)) as? [String: Any]
    }

    static func plain(_ v: JSONValue) -> Any {
        switch v {
        case .null: return NSNull()
        case let .bool(b): return b
        case let .number(d): return d
        case let .string(s): return s
        case let .array(a): return a.map(plain)
        case let .object(o): return Dictionary(o.map { ($0.0, plain($0.1)) }, uniquingKeysWith: { a, _ in a })
        }
    }

    /// The data extent of a recorder series, in chart units (seconds on a date axis).
    static let extents: [String: Window] = [
        "AAPL": Window(946_684_800, 1_267_401_600), // Jan 1 2000 … Mar 1 2010, UTC
        "sf-temps-hours": Window(1, 8759),
    ]

    static func number(_ v: Any?) -> Double? {
        if let d = v as? Double { return d }
        switch v as? String {
        case "NaN": return .nan
        case "Infinity": return .infinity
        case "-Infinity": return -.infinity
        default: return nil
        }
    }

    /// Bit for bit (any NaN is the NaN JSON has).
    static func identical(_ a: Double, _ b: Double) -> Bool {
        a.isNaN ? b.isNaN : a.bitPattern == b.bitPattern
    }

    static func same(_ a: Double, _ b: Double) -> Bool {
        if a.isNaN || b.isNaN { return a.isNaN && b.isNaN }
        if a == b { return true }
        return abs(a - b) <= 1e-9 * max(abs(a), abs(b))
    }

    @Test("every recorded BokehJS range, after every sample, within 1e-9 relative")
    func replay() throws {
        guard let doc = try Self.groundTruth(), let sessions = doc["sessions"] as? [[String: Any]] else {
            Issue.record("no ground truth at Tests/Conformance/bokeh/ground-truth.json.gz (committed) or BOKEH_GROUND_TRUTH")
            return
        }
        var report = ""
        var total: [String: (Int, Int, Int)] = [:] // kind → (matched, exact, total)
        var failedSessions: [String] = []
        var inexact: [String] = []
        for s in sessions where s["library"] as? String == "bokeh" {
            let id = s["id"] as? String ?? "?"
            let setup = s["setup"] as! [String: Any]
            let main = setup["main"] as! [String: Any], ov = setup["overview"] as! [String: Any]
            let isTime = setup["axis"] as? String == "date"
            let u = isTime ? 1000.0 : 1
            let extent = Self.extents[setup["series"] as! String]!
            let initial = (setup["initial_ms"] as! [Any]).map { Self.number($0)! / u }
            let chart = ProfileChart(
                mainWidth: Self.number(main["width"])!, overviewWidth: Self.number(ov["width"])!,
                initial: Window(initial[0], initial[1]), extent: extent, isTime: isTime,
                drag: setup["drag"] as? String == "zoom" ? .zoom : .pan,
                bounds: setup["bounds"] as? String == "data" ? extent : nil,
                minInterval: Self.number(setup["min_interval_ms"]).map { $0 / u },
                maxInterval: Self.number(setup["max_interval_ms"]).map { $0 / u })
            let boxes = (s["geometry"] as! [String: Any])["boxes"] as! [String: Any]
            let mainBox = (boxes["main"] as! [Any]).map { Self.number($0)! }
            let ovBox = (boxes["overview"] as! [Any]).map { Self.number($0)! }
            // The canvases sit at page x 0 (README: main frame at (80, 20), overview at (80, H + 90)).
            let shift = Double(ProcessInfo.processInfo.environment["BOKEH_GT_LEFT_SHIFT"] ?? "0")!
            let layout = BokehProfile.Layout(frameLeft: mainBox[0] - shift, overviewFrameLeft: ovBox[0] - shift,
                                             mainHeight: Self.number(main["height"]), overviewHeight: Self.number(ov["height"]),
                                             framePhase: Double(ProcessInfo.processInfo.environment["BOKEH_GT_FRAME_PHASE"] ?? "0")!,
                                             touch: s["pointer"] as? String == "touch")
            var p = BokehProfile(chart: chart, layout: layout)
            let pointer = s["pointer"] as? String ?? "mouse"
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            let want0 = ((s["initial"] as! [String: Any])["xn"] as! [Any]).map { Self.number($0)! }
            if !(Self.same(p.range.start, want0[0]) && Self.same(p.range.end, want0[1])) {
                report += "\(id) initial: model [\(p.range.start), \(p.range.end)] bokeh \(want0)\n"
            }
            var areas: [Int: RawPointerEvent.Area] = [:]
            var bad = 0
            var firstInexact: String?
            for (i, sm) in samples.enumerated() {
                let type = sm["type"] as! String
                let kind = RawPointerEvent.Kind(rawValue: type)!
                let pid = Int(Self.number(sm["id"]) ?? 0)
                let area: RawPointerEvent.Area
                if let a = sm["area"] as? String { area = RawPointerEvent.Area(rawValue: a)! } else { area = areas[pid] ?? .main }
                if kind == .down { areas[pid] = area }
                let e = RawPointerEvent(t: 1.0 + Self.number(sm["t"])!, kind: kind, id: pid, area: area,
                                        x: Self.number(sm["x"])!, y: Self.number(sm["y"]) ?? 0,
                                        deltaX: Self.number(sm["deltaX"]) ?? 0, deltaY: Self.number(sm["deltaY"]) ?? 0,
                                        shift: sm["shift"] as? Bool ?? false)
                _ = p.apply(e)
                let want = (after[i]["xn"] as! [Any]).map { Self.number($0)! }
                let ok = Self.same(p.range.start, want[0]) && Self.same(p.range.end, want[1])
                let exact = Self.identical(p.range.start, want[0]) && Self.identical(p.range.end, want[1])
                let key = "\(pointer) \(type == "down" || type == "move" || type == "up" ? "\(area == .overview ? "overview" : "main") \(type)" : "\(area.rawValue) wheel")"
                var c = total[key] ?? (0, 0, 0)
                c.0 += ok ? 1 : 0
                c.1 += exact ? 1 : 0
                c.2 += 1
                total[key] = c
                if id == ProcessInfo.processInfo.environment["BOKEH_GROUND_TRUTH_SESSION"] {
                    report += "  \(i) \(type) id=\(pid) \(area.rawValue) t=\(Self.number(sm["t"])!) x=\(e.x) y=\(e.y) dY=\(e.deltaY) "
                        + "\(ok ? "ok" : "BAD") model [\(p.range.start), \(p.range.end)] bokeh [\(want[0]), \(want[1])] \(p.state.phase)\n"
                }
                if ok && !exact && firstInexact == nil {
                    firstInexact = "\(id) sample \(i) \(type) \(area.rawValue) t=\(Self.number(sm["t"])!) x=\(e.x) dY=\(e.deltaY): "
                        + "model [\(p.range.start), \(p.range.end)] bokeh [\(want[0]), \(want[1])] \(p.state.phase)"
                }
                if !ok {
                    bad += 1
                    if bad <= 3 {
                        report += "\(id) [\(s["name"] as? String ?? "random")] sample \(i) \(type) t=\(Self.number(sm["t"])!) x=\(e.x) y=\(e.y) dY=\(e.deltaY): "
                            + "model [\(p.range.start), \(p.range.end)] bokeh [\(want[0]), \(want[1])]\n"
                    }
                }
            }
            if let f = firstInexact { inexact.append(f) }
            if bad > 0 { failedSessions.append("\(id): \(bad)/\(samples.count)") }
        }
        var summary = ""
        for (k, c) in total.sorted(by: { $0.key < $1.key }) { summary += "\(k): \(c.0)/\(c.2) within 1e-9 (\(c.1) bit-exact)\n" }
        let m = total.values.reduce(0) { $0 + $1.0 }, n = total.values.reduce(0) { $0 + $1.2 }
        summary += "all: \(m)/\(n); sessions with mismatches: \(failedSessions.count)\n" + failedSessions.joined(separator: "\n") + "\n"
        if let out = ProcessInfo.processInfo.environment["BOKEH_GROUND_TRUTH_REPORT"] {
            try (summary + report + "first inexact (within 1e-9, not bit-exact) per session:\n" + inexact.joined(separator: "\n") + "\n").write(toFile: out, atomically: true, encoding: .utf8)
        }
        #expect(n > 19_000, "the recording holds \(n) Bokeh samples")
        #expect(m == n, "\(summary)\(report.prefix(4000))")
    }
}
