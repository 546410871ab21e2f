import Foundation
import Testing
@testable import RangePipeKit

@Suite("script schema and script check through the binary")
struct ScriptCommandTests {
    let samples = packageRoot.appendingPathComponent("samples")

    @Test("script schema prints docs/script.schema.json byte for byte, to stdout and to -o")
    func schemaIsTheShippedFile() throws {
        let shipped = try Data(contentsOf: packageRoot.appendingPathComponent("docs/script.schema.json"))
        let r = try runRangepipe(["script", "schema"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == shipped, "docs/script.schema.json differs from `rangepipe script schema`: run Tests/Schema/embed-schema.sh")
        let dir = try TemporaryDirectory()
        let out = dir.path("schema.json")
        #expect(try runRangepipe(["script", "schema", "-o", out]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: out)) == shipped)
        // It is JSON, and names the draft it follows.
        let object = try JSONSerialization.jsonObject(with: shipped) as? [String: Any]
        #expect(object?["$schema"] as? String == "https://json-schema.org/draft/2020-12/schema")
    }

    @Test("script --help names both subcommands; check takes play's series options")
    func help() throws {
        let group = try runRangepipe(["script", "--help"])
        #expect(group.status == 0)
        #expect(group.out.contains("check") && group.out.contains("schema"), "\(group.out)")
        #expect(try runRangepipe(["--help"]).out.contains("script"))
        let check = try runRangepipe(["script", "check", "--help"])
        #expect(check.status == 0)
        for name in ["--store", "--input", "--series", "--all", "--fps", "--no-series", "--series-column"] {
            #expect(check.out.contains(name), "script check --help lacks \(name)")
        }
    }

    /// x = 0 … 10, one field `v` and one field `w`.
    func series(_ dir: TemporaryDirectory) throws -> String {
        try dir.write("ten.csv", "x,v,w\n" + (0 ... 10).map { "\($0),\($0 * 2),\($0 * 3)" }.joined(separator: "\n") + "\n")
    }

    @Test("the summary: events in start order (ties in script order), fps, duration, series, field, frames")
    func summary() throws {
        let dir = try TemporaryDirectory()
        let data = try series(dir)
        let script = try dir.write("s.json", #"""
        {"fps": 10, "duration": 2, "field": "w", "window": {"initial": "all"},
         "events": [{"at": 1.5, "action": "set-window", "window": {"min": 2, "max": 6}, "animate": {"curve": "linear", "duration": 0.25}},
                    {"at": 0.2, "gesture": "pan", "path": [[0, 0], [0.3, 10]], "release": "fling"},
                    {"at": 0.2, "action": "reset"},
                    {"at": 0.75, "action": "switch-field", "field": "v"}]}
        """#)
        let r = try runRangepipe(["script", "check", script, "--input", data])
        #expect(r.status == 0, "\(r.stderr)")
        // 2 s at 10 fps: frames 0 … 20.
        let expected = """
        script \(script): valid, 10 fps, duration 2 s, 4 events
          0.2–0.5 s   events[1]  pan, 2 samples, release fling
          0.2 s       events[2]  reset
          0.75 s      events[3]  switch-field to v
          1.5–1.75 s  events[0]  set-window, animated 0.25 s
        series ten: field w, 21 frames (t = 0 … 2 s)

        """
        #expect(r.out == expected)
        // --fps overrides the script, as in play: 2 s at 4 fps, frames 0 … 8.
        let slower = try runRangepipe(["script", "check", script, "--input", data, "--fps", "4"])
        #expect(slower.out.hasSuffix("series ten: field w, 9 frames (t = 0 … 2 s)\n"), "\(slower.out)")
    }

    @Test("without duration the frames run to the first frame at rest after the last event")
    func untilRest() throws {
        let dir = try TemporaryDirectory()
        let data = try series(dir)
        // A jump at 1 s moves nothing afterwards: the last frame is t = 1 (k = 10).
        let script = try dir.write("s.json", #"{"fps": 10, "events": [{"at": 1, "action": "set-window", "window": "all"}]}"#)
        let r = try runRangepipe(["script", "check", script, "--input", data])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.hasPrefix("script \(script): valid, 10 fps, duration until rest, 1 event\n"), "\(r.out)")
        #expect(r.out.hasSuffix("series ten: field v, 11 frames (t = 0 … 1 s)\n"), "\(r.out)")
        #expect(try runRangepipe(["play", script, "--input", data]).out.split(separator: "\n").count == 11)
    }

    @Test("on every sample, check's frame count is the number of frames play writes")
    func agreesWithPlay() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        for (file, extra) in [("stocks-monthly.csv", ["--series-column", "symbol"]), ("seattle-weather.csv", []), ("quarterly-sales.csv", []),
                             ("seattle-weekdays.csv", []), ("sf-temps-hours.csv", [])] {
            let r = try runRangepipe(["ingest", samples.appendingPathComponent(file).path, "--store", store, "--quiet"] + extra)
            #expect(r.status == 0, "\(r.stderr)")
        }
        let scripts = try FileManager.default.contentsOfDirectory(atPath: samples.appendingPathComponent("scripts").path).filter { $0.hasSuffix(".json") }
        #expect(scripts.count >= 3)
        for name in scripts {
            let path = samples.appendingPathComponent("scripts/\(name)").path
            let check = try runRangepipe(["script", "check", path, "--store", store])
            #expect(check.status == 0, "\(name): \(check.stderr)")
            let line = try #require(check.out.split(separator: "\n").last { $0.hasPrefix("series ") })
            let played = try runRangepipe(["play", path, "--store", store])
            // A linked sample (`sync`) writes each frame once per series: count the checked series' lines.
            let series = line.dropFirst("series ".count).prefix { $0 != ":" }
            let frames = played.out.split(separator: "\n").filter { $0.hasPrefix("{\"series\":\"\(series)\",") }.count
            #expect(line.contains(", \(frames) frames ("), "\(name): \(line)")
        }
    }

    @Test("the stocks tour sample: its eight events in order, AAPL's price, 256 frames")
    func stocksTour() throws {
        let dir = try TemporaryDirectory()
        let data = samples.appendingPathComponent("stocks-monthly.csv").path
        let path = samples.appendingPathComponent("scripts/stocks-tour.json").path
        let r = try runRangepipe(["script", "check", path, "--input", data, "--series-column", "symbol"], in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n").map(String.init)
        // Read off the script: `at` and `at` + the last path dt; reset at 8.5 s
        // is the last event and nothing moves after it, so t = 8.5 s at 30 fps.
        let starts = ["0.5–0.9 s", "2.5–3 s", "3.5–3.9 s", "4.5–4.7 s", "6–6.5 s", "7–7.2 s", "7.5–8 s", "8.5 s"]
        let names = ["drag-selection", "drag-handle max", "pinch", "pan", "double-tap-drag", "wheel at x 600", "set-window", "reset"]
        #expect(lines.count == 10)
        for k in 0 ..< 8 where k + 1 < lines.count {
            #expect(lines[k + 1].hasPrefix("  " + starts[k]), "\(lines[k + 1])")
            #expect(lines[k + 1].contains("events[\(k)]  " + names[k]), "\(lines[k + 1])")
        }
        #expect(lines.last == "series AAPL: field price (USD), 256 frames (t = 0 … 8.5 s)")
    }

    @Test("a bad script: play's located error, exit 65, nothing on stdout", arguments: [
        (#"{"events": [{"at": 0, "gesture": "pan", "path": [[0, 1], [0.5, 2], [0.2, 3]]}]}"#, "bad.json: events[0].path[2]: time 0.2 is not after 0.5"),
        (#"{"events": [{"at": 0, "gesture": "pan", "path": [[0, 1]], "speed": 2}]}"#, "bad.json: events[0].speed: unknown key"),
        (#"{"field": "nope", "events": []}"#, "bad.json: field: series 'ten' has no field \"nope\""),
        (#"{"events": [{"at": 1, "action": "set-window", "window": {"min": 7, "max": 3}}]}"#, "bad.json: events[0].window: min is not less than max"),
    ])
    func badScript(_ text: String, _ message: String) throws {
        let dir = try TemporaryDirectory()
        let data = try series(dir)
        try dir.write("bad.json", text)
        let r = try runRangepipe(["script", "check", "bad.json", "--input", data], in: dir.url)
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: \(message)"), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1)
        #expect(r.out.isEmpty)
        // play says the same.
        let play = try runRangepipe(["play", "bad.json", "--input", data], in: dir.url)
        #expect(play.status == 65)
        #expect(play.stderr == r.stderr)
    }

    @Test("raw pointer input is summarised as the gestures it becomes, at their own times")
    func rawPointer() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("p.json", #"""
        {"fps": 30, "events": [{"at": 0.5, "input": "pointer", "samples": [
            {"t": 0, "id": 1, "type": "down", "x": 512, "y": 60, "area": "overview"},
            {"t": 0.1, "id": 1, "type": "move", "x": 520, "y": 60},
            {"t": 0.2, "id": 1, "type": "up", "x": 530, "y": 60},
            {"t": 0.5, "type": "wheel", "x": 300, "y": 200, "deltaY": 100, "area": "main"},
            {"t": 1.0, "id": 1, "type": "down", "x": 300, "area": "main"},
            {"t": 1.2, "id": 1, "type": "move", "x": 200},
            {"t": 1.3, "id": 1, "type": "up", "x": 150}]}]}
        """#)
        let r = try runRangepipe(["script", "check", script, "--no-series"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n").map(String.init)
        // The press: 0.5 + 0 to 0.5 + 0.2, released at 100 px/s (≥ 50: fling);
        // the wheel at 0.5 + 0.5; the pan from 0.5 + 1 to 0.5 + 1.3 at 500 px/s.
        #expect(lines.count == 5, "\(r.out)")
        #expect(lines[0] == "script \(script): valid, 30 fps, duration until rest, 3 events")
        #expect(lines[1].hasPrefix("  0.5–0.7 s  events[0].samples[0]  overview press"), "\(lines[1])")
        #expect(lines[1].hasSuffix("3 samples, release fling"), "\(lines[1])")
        #expect(lines[2].hasPrefix("  1 s        events[0].samples[3]  wheel at x 300, 1 sample"), "\(lines[2])")
        #expect(lines[3].hasPrefix("  1.5–1.8 s  events[0].samples[4]  pan, 3 samples, release fling"), "\(lines[3])")
    }

    @Test("--no-series checks the script alone; it refuses series options")
    func scriptOnly() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("s.json", #"{"fps": 5, "duration": 1, "events": [{"at": 0, "gesture": "wheel", "x": 10, "path": [[0, 1], [0.1, -1]]}]}"#)
        let r = try runRangepipe(["script", "check", script, "--no-series", "--store", dir.path("none.sqlite")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == "script \(script): valid, 5 fps, duration 1 s, 1 event\n  0–0.1 s  events[0]  wheel at x 10, 2 samples\nseries: not checked\n")
        let both = try runRangepipe(["script", "check", script, "--no-series", "--all"])
        #expect(both.status == 64, "\(both.stderr)")
    }

    @Test("a preset set-window names its button; an animated one its duration too")
    func presetNamed() throws {
        let dir = try TemporaryDirectory()
        let script = try dir.write("p.json", #"""
        {"fps": 10, "duration": 2, "events": [
            {"at": 0, "action": "set-window", "window": {"preset": "YTD"}},
            {"at": 1, "action": "set-window", "window": {"preset": "3M"}, "animate": {"duration": 0.5}},
            {"at": 1.5, "action": "set-window", "window": "all"}]}
        """#)
        let r = try runRangepipe(["script", "check", script, "--no-series"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == """
        script \(script): valid, 10 fps, duration 2 s, 3 events
          0 s      events[0]  set-window preset YTD
          1–1.5 s  events[1]  set-window preset 3M, animated 0.5 s
          1.5 s    events[2]  set-window
        series: not checked

        """)
    }
}
