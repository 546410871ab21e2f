import Foundation
import Testing
@testable import RangePipeKit

/// The browser ground truth (Tests/Conformance in the conformance
/// worktree, recorded from plotly.js 4.1.1 in Chromium) replayed through
/// `PlotlyProfile`, when `PLOTLY_GROUND_TRUTH=path` (.json or .json.gz) is
/// set: prints the agreement per kind of event and every mismatch (also
/// written to .build/plotly-replay.txt, or PLOTLY_REPLAY_REPORT). Each event is compared twice: the
/// state `apply` returns, and the state once Plotly's timers due by the
/// next sample have run (`advance(to:)`), which is when the recorder reads.
@Suite("Plotly profile ground truth")
struct PlotlyProfileGroundTruthTests {
    /// The committed recording, or `PLOTLY_GROUND_TRUTH`.
    static let groundTruthPath: String = ProcessInfo.processInfo.environment["PLOTLY_GROUND_TRUTH"]
        ?? packageRoot.appendingPathComponent("Tests/Conformance/plotly/ground-truth.json.gz").path

    @Test("every recorded Plotly.js range, after every sample, within 1e-9 relative")
    func groundTruth() throws {
        let report = try GroundTruthReplay.run(path: Self.groundTruthPath)
        let out = ProcessInfo.processInfo.environment["PLOTLY_REPLAY_REPORT"] ?? packageRoot.appendingPathComponent(".build/plotly-replay.txt").path
        try? report.text.write(toFile: out, atomically: true, encoding: .utf8)
        #expect(report.total > 19_000, "the recording holds \(report.total) Plotly samples")
        #expect(report.matched == report.total, "\(report.text.prefix(4000))")
    }
}

/// Replays recorded Plotly sessions through `PlotlyProfile`.
enum GroundTruthReplay {
    struct Report {
        var text = ""
        var total = 0
        var matched = 0
    }

    struct Tally {
        var total = 0
        var exact = [0, 0]
        var near = [0, 0]
        mutating func add(_ n: Int, exact e: Bool, near c: Bool) {
            if n == 0 { total += 1 }
            if e { exact[n] += 1 }
            if c { near[n] += 1 }
        }
    }

    static func load(_ path: String) throws -> [String: Any] {
        let data = try GroundTruthFile.bytes(path)
        // Numbers are read as strings and converted by Double(String), which
        // rounds correctly (Foundation's JSON reader does not always);
        // early recordings wrote JavaScript's NaN bare.
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "[NaN", with: "[null")
            .replacingOccurrences(of: ",NaN", with: ",null")
            .replacingOccurrences(of: #"(?<=[:,\[])(-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?)(?=[,\]\}])"#, with: "\"$1\"",
                                  options: .regularExpression)
        return try JSONSerialization.jsonObject(with: Data(text.utf8)) as! [String: Any]
    }

    static func num(_ v: Any?) -> Double {
        if let s = v as? String { return Double(s) ?? .nan }
        if let n = v as? NSNumber { return n.doubleValue }
        return .nan
    }

    static func run(path: String) throws -> Report {
        let doc = try load(path)
        let sessions = (doc["sessions"] as! [[String: Any]]).filter { ($0["library"] as? String) == "plotly" }
        var report = Report()
        var perKind: [String: Tally] = [:]
        var lines: [String] = []
        var sessionsAllMatch = 0
        for s in sessions {
            let setup = s["setup"] as! [String: Any]
            let id = s["id"] as! String
            let isTime = (setup["axis"] as! String) == "date"
            let unit = isTime ? 1000.0 : 1.0
            let main = setup["main"] as! [String: Any], over = setup["overview"] as! [String: Any]
            let ini = setup["initial_ms"] as! [Any]
            let initial = (s["initial"] as! [String: Any])
            let rsn = initial["rsn"] as! [Any]
            let chart = ProfileChart(mainWidth: num(main["width"]), overviewWidth: num(over["width"]),
                                     initial: Window(num(ini[0]) / unit, num(ini[1]) / unit),
                                     extent: Window(num(rsn[0]) / unit, num(rsn[1]) / unit), isTime: isTime,
                                     drag: (setup["drag"] as! String) == "pan" ? .pan : .zoom)
            var profile = PlotlyProfile(chart: chart, touch: (s["pointer"] as? String) == "touch")
            var areas: [Int: RawPointerEvent.Area] = [:]
            let samples = s["samples"] as! [[String: Any]], after = s["after"] as! [[String: Any]]
            var sessionOK = true
            for (i, (sample, reading)) in zip(samples, after).enumerated() {
                let type = sample["type"] as! String
                let kind = RawPointerEvent.Kind(rawValue: type)!
                let pid = Int(num(sample["id"] ?? 0))
                var area: RawPointerEvent.Area
                if let a = sample["area"] as? String {
                    area = RawPointerEvent.Area(rawValue: a)!
                    if kind == .down { areas[pid] = area }
                } else {
                    area = areas[pid] ?? .main
                }
                let e = RawPointerEvent(t: 1 + num(sample["t"]), kind: kind, id: pid, area: area, x: num(sample["x"]),
                                        y: num(sample["y"] ?? 0), deltaX: num(sample["deltaX"] ?? 0),
                                        deltaY: num(sample["deltaY"] ?? 0), shift: (sample["shift"] as? Bool) ?? false)
                let applied = profile.apply(e)
                // The recorder reads the range once the clock reached the next sample.
                let next = i + 1 < samples.count ? 1 + num(samples[i + 1]["t"]) : e.t + 1
                var later = profile
                _ = later.advance(to: next)
                let settled = later.shown(afterFrames: false)
                let xn = reading["xn"] as! [Any]
                let want = (num(xn[0]) / unit, num(xn[1]) / unit)
                func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
                let key = "\(type)/\(area.rawValue)"
                var k = perKind[key] ?? Tally()
                for (n, st) in [applied, settled].enumerated() {
                    let got = (st.window.lower, st.window.upper)
                    let exact = got.0 == want.0 && got.1 == want.1
                    let near = close(got.0, want.0) && close(got.1, want.1)
                    k.add(n, exact: exact, near: near)
                    if n == 1 { report.total += 1; if near { report.matched += 1 } }
                    if !exact {
                        if n == 1 { sessionOK = false }
                        let imm = (reading["imm"] as? [String: Any])?["xn"] as? [Any]
                        lines.append("\(n == 0 ? "event" : "settled") \(id) #\(i) t=\(num(sample["t"])) \(type) \(area.rawValue) x=\(num(sample["x"])) y=\(num(sample["y"] ?? 0)) dY=\(num(sample["deltaY"] ?? 0)): "
                                     + "want [\(want.0), \(want.1)] got [\(got.0), \(got.1)]\(near ? " (near)" : "")"
                                     + (imm.map { " imm [\(num($0[0]) / unit), \(num($0[1]) / unit)]" } ?? ""))
                    }
                }
                perKind[key] = k
            }
            if sessionOK { sessionsAllMatch += 1 }
        }
        var text = "plotly sessions: \(sessions.count), all events exact in \(sessionsAllMatch)\n"
        text += "events within 1e-9: \(report.matched)/\(report.total)\n"
        text += "per kind: total; at the event (apply): exact, within 1e-9; at the next sample (advance): exact, within 1e-9\n"
        for (k, v) in perKind.sorted(by: { $0.key < $1.key }) {
            text += "  \(k): \(v.total); event \(v.exact[0]) \(v.near[0]); settled \(v.exact[1]) \(v.near[1])\n"
        }
        text += lines.joined(separator: "\n")
        report.text = text
        return report
    }
}
