import Foundation
import Testing
@testable import RangePipeKit

/// `diff` on tracks from real `play` runs. The oracle is the text itself:
/// `play` writes each number in its one shortest form, so at tolerance 0 two
/// frames differ exactly when their lines differ.
@Suite("diff on play's tracks")
struct DiffPlayTests {
    let samples = packageRoot.appendingPathComponent("samples")

    static func script(panTo: Int) -> String {
        ScriptBuilder(series: "AAPL", fps: 20, initial: .fraction(0.5, 0.7), events: [
            #"{"at": 0.1, "gesture": "pan", "path": [[0, 400], [0.3, \#(panTo)]], "release": "fling"}"#,
            #"{"at": 2.0, "action": "set-window", "window": {"last": "365d"}, "animate": {"curve": "ease-out", "duration": 0.3}}"#,
        ]).text
    }

    func play(_ store: String, _ script: String, _ out: String, _ extra: [String]) throws {
        let r = try runRangepipe(["play", script, "--store", store, "--series", "AAPL", "--series", "MSFT",
                                  "--tracks", "range,annotation,selector,values,points", "-o", out] + extra)
        #expect(r.status == 0, "\(r.stderr)")
    }

    @Test("two runs of one sample script are equal, NDJSON and CSV", arguments: [[], ["--format", "csv"], ["--output-time-format", "epoch-s"]])
    func sameScript(_ extra: [String]) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let script = samples.appendingPathComponent("scripts/stocks-tour.json").path
        try play(store, script, dir.path("a.out"), extra)
        try play(store, script, dir.path("b.out"), extra + ["--jobs", "2"])
        let r = try runRangepipe(["diff", dir.path("a.out"), dir.path("b.out"), "--tolerance", "0"])
        #expect(r.status == 0, "\(r.out)\(r.stderr)")
        #expect(r.out.isEmpty)
    }

    @Test("two different scripts differ where their lines differ", arguments: [[], ["--format", "csv"]])
    func differentScripts(_ extra: [String]) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let a = dir.path("a.out"), b = dir.path("b.out")
        try play(store, try dir.write("a.json", Self.script(panTo: 300)), a, extra)
        try play(store, try dir.write("b.json", Self.script(panTo: 310)), b, extra)
        var linesA = try String(contentsOfFile: a, encoding: .utf8).split(separator: "\n").map(String.init)
        var linesB = try String(contentsOfFile: b, encoding: .utf8).split(separator: "\n").map(String.init)
        if extra.contains("csv") { linesA.removeFirst(); linesB.removeFirst() }
        let pairs = max(linesA.count, linesB.count)
        var differing = 0, first: Int?
        for k in 0 ..< pairs where k >= linesA.count || k >= linesB.count || linesA[k] != linesB[k] {
            differing += 1
            first = first ?? k
        }
        #expect(differing > 0 && first != nil)
        let r = try runRangepipe(["diff", a, b, "--tolerance", "0"])
        #expect(r.status == 1, "\(r.stderr)")
        let out = r.out.split(separator: "\n").map(String.init)
        #expect(out.count == 2)
        #expect(out.last == "\(differing) of \(pairs) frames differ")
        // The first differing line's frame and series head the report.
        let head = linesA[first!]
        let frame = extra.contains("csv") ? head.split(separator: ",")[1] : head.split(separator: ",")[1].split(separator: ":")[1]
        let series = extra.contains("csv") ? head.split(separator: ",")[0] : head.split(separator: ",")[0].split(separator: ":")[1].dropFirst().dropLast()
        #expect(out.first?.hasPrefix("frame \(frame) (t ") == true, "\(out)")
        #expect(out.first?.contains(") series \"\(series)\": ") == true, "\(out)")
        // Only the pan moved: with --fields phase, nothing differs but phases that did.
        let phases = try runRangepipe(["diff", a, b, "--fields", "phase"])
        #expect(phases.status == 0 || phases.out.contains("phase:"))
    }
}
