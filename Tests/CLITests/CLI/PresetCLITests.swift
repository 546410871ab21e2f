import Foundation
import Testing
@testable import RangePipeKit

@Suite("presets through the binary")
struct PresetCLITests {
    /// A daily CSV from 2018-01-01 to 2021-05-31 (dates, read as UTC midnights).
    static func dailyCSV(_ dir: TemporaryDirectory) throws -> String {
        var text = "date,v\n"
        var day = WalkedCalendar.day(2018, 1, 1)
        let last = WalkedCalendar.day(2021, 5, 31)
        var k = 0
        while day <= last {
            text += "\(CivilTime.iso8601(Double(day) * 86_400).prefix(10)),\(k % 23)\n"
            day += 1
            k += 1
        }
        return try dir.write("daily.csv", text)
    }

    static let script = #"""
    {"fps": 10, "window": {"initial": {"fraction": [0.1, 0.3]}},
     "events": [{"at": 0.5, "action": "set-window", "window": {"preset": "3M"}, "animate": {"curve": "ease-in-out", "duration": 0.5}},
                {"at": 2.0, "gesture": "pan", "path": [[0, 380], [0.2, 400]]},
                {"at": 3.0, "action": "set-window", "window": {"preset": "all"}}]}
    """#

    func play(_ dir: TemporaryDirectory, _ script: String, _ extra: [String] = []) throws -> RunResult {
        let data = try Self.dailyCSV(dir)
        let s = try dir.write("s.json", script)
        return try runRangepipe(["play", s, "--input", data, "--output-time-format", "epoch-s"] + extra)
    }

    @Test("NDJSON: the preset key comes last, null until the animation lands on 3M, null after a pan, all after a jump")
    func ndjson() throws {
        let dir = try TemporaryDirectory()
        let r = try play(dir, Self.script)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count >= 31)
        let threeMonths = (WalkedCalendar.seconds("2021-02-28"), WalkedCalendar.seconds("2021-05-31"))
        for line in lines {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require(object["t"] as? Double)
            let preset = object["preset"]
            #expect(preset != nil, "no preset key: \(line)")
            let name = preset as? String
            let expected: String? = t < 0.999 ? nil : t < 1.999 ? "3M" : t < 2.05 ? "3M" : t < 2.999 ? nil : "all"
            #expect(name == expected, "t = \(t): \(line)")
            #expect(line.hasSuffix(name.map { #","preset":"\#($0)"}"# } ?? #","preset":null}"#), "the key is last: \(line)")
            if name == "3M" {
                let w = try #require(object["window"] as? [String: Double])
                #expect(w["min"] == threeMonths.0 && w["max"] == threeMonths.1)
            }
        }
    }

    @Test("CSV: a preset column at the end, empty for null")
    func csv() throws {
        let dir = try TemporaryDirectory()
        let r = try play(dir, Self.script, ["--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.out.split(separator: "\n").map { $0.split(separator: ",", omittingEmptySubsequences: false) }
        #expect(rows[0].last == "preset")
        #expect(rows[0].count == rows[1].count)
        let tColumn = try #require(rows[0].firstIndex(of: "t"))
        for row in rows.dropFirst() {
            let t = try #require(Double(row[tColumn]))
            let expected = t < 0.999 ? "" : t < 2.05 ? "3M" : t < 2.999 ? "" : "all"
            #expect(row.last.map(String.init) == expected, "t = \(t)")
        }
    }

    @Test("the preset track: off for scripts without presets, on by --tracks")
    func trackChoice() throws {
        let dir = try TemporaryDirectory()
        let plain = #"{"fps": 10, "events": [{"at": 0.2, "action": "set-window", "window": "all"}]}"#
        let off = try play(dir, plain)
        #expect(off.status == 0)
        #expect(!off.out.contains("preset"))
        let csvOff = try play(dir, plain, ["--format", "csv"])
        #expect(!csvOff.out.contains("preset"))
        let on = try play(dir, plain, ["--tracks", "range,preset"])
        let lines = on.out.split(separator: "\n")
        #expect(lines.first?.hasSuffix(#","preset":null}"#) == true, "\(lines.first ?? "")")
        #expect(lines.last?.hasSuffix(#","preset":"all"}"#) == true, "\(lines.last ?? "")")
        // Asked-for tracks are exactly what is written, presets in the script or not.
        let asked = try play(dir, Self.script, ["--tracks", "range"])
        #expect(!asked.out.contains("preset"))
    }

    @Test("bad presets and zones: one located line, exit 65, nothing on stdout", arguments: [
        (#"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "2M"}}]}"#,
         #"s.json: events[0].window.preset: "2M" is not one of "1D", "5D", "1M", "3M", "6M", "YTD", "1Y", "5Y", "all""#),
        (#"{"window": {"initial": {"preset": 3}}, "events": []}"#, "s.json: window.initial.preset: expected a string, got a number"),
        (#"{"window": {"initial": {"preset": "1M", "last": "3d"}}, "events": []}"#, "s.json: window.initial.preset: unknown key"),
        (#"{"x": {"zone": "Nowhere/Atlantis"}, "events": []}"#, #"s.json: x.zone: no zone "Nowhere/Atlantis" in /usr/share/zoneinfo"#),
        (#"{"x": {"zone": "America/../../etc"}, "events": []}"#, "s.json: x.zone: expected UTC, ±HH:MM or Area/City"),
    ])
    func errors(script: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let r = try play(dir, script)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(r.out.isEmpty)
    }

    @Test("a time preset on a number axis fails naming the event's path")
    func numberAxis() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("n.csv", "x,v\n1,1\n2,4\n3,9\n")
        let s = try dir.write("s.json", #"{"events": [{"at": 1, "action": "set-window", "window": {"preset": "all"}}, {"at": 2, "action": "set-window", "window": {"preset": "YTD"}}]}"#)
        let r = try runRangepipe(["play", s, "--input", data, "--axis", "number"])
        #expect(r.status == 65)
        #expect(r.stderr.contains(#"s.json: events[1].window.preset: preset "YTD" needs a time axis, but series 'n' has a number axis"#), "\(r.stderr)")
        #expect(r.out.isEmpty)
    }

    @Test("the sample weather-presets.json plays, naming each preset once its move lands")
    func sample() throws {
        let samples = packageRoot.appendingPathComponent("samples")
        let r = try runRangepipe(["play", samples.appendingPathComponent("scripts/weather-presets.json").path,
                                  "--input", samples.appendingPathComponent("seattle-weather.csv").path, "--input-series", "seattle-weather"])
        #expect(r.status == 0, "\(r.stderr)")
        var seen: [String] = []
        for line in r.out.split(separator: "\n") {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            if let p = object["preset"] as? String, seen.last != p { seen.append(p) }
        }
        // 5Y reaches before 2012: not offered, so the window it sets is all's.
        #expect(seen == ["1Y", "3M", "1M", "YTD", "all", "5D"])
    }

    @Test("preview draws the buttons with the matching one filled, and none for scripts without presets")
    func preview() throws {
        let dir = try TemporaryDirectory()
        let data = try Self.dailyCSV(dir)
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", data, "--store", store, "--quiet"]).status == 0)
        let s = try dir.write("s.json", Self.script)
        let r = try runRangepipe(["preview", s, "--store", store, "--frames", "0:12:12", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let panels = r.out.components(separatedBy: "<g class=\"presets\">")
        #expect(panels.count == 3)
        // Frame 0: nothing matches; frame 12 (t = 1.2): 3M.
        #expect(!panels[1].contains("class=\"preset on\""))
        let on = panels[2].components(separatedBy: "<g class=\"preset on\">")
        #expect(on.count == 2)
        #expect(on.last?.contains(">3M</text>") == true)
        for name in ["1D", "5D", "1M", "6M", "YTD", "1Y", "5Y", "all"] { #expect(panels[2].contains(">\(name)</text>")) }
        let plain = try dir.write("p.json", #"{"events": []}"#)
        let none = try runRangepipe(["preview", plain, "--store", store, "--frame", "0", "-o", "-"])
        #expect(none.status == 0)
        #expect(!none.out.contains("presets"))
    }
}
