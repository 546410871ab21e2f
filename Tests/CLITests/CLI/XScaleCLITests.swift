import Foundation
import Testing
@testable import RangePipeKit

@Suite("x scales through the binary")
struct XScaleCLITests {
    static let numbers = "x,v\n0,1\n1,2\n2,3\n"
    static let positive = "x,v\n1,1\n10,2\n100,3\n"
    static let times = "t,v\n2021-01-04,1\n2021-01-05,2\n2021-01-06,3\n"
    static let categories = "q,v\nQ1,1\nQ2,2\nQ3,3\n"

    @Test("scales an axis does not take fail with the script path, exit 65, nothing written", arguments: [
        (numbers, "number", #"{"x": {"scale": "log"}, "events": []}"#, #"s.json: x.scale: "log" needs every x > 0, but series 'd' has x = 0 at point 0"#),
        (times, "time", #"{"x": {"scale": "log"}, "events": []}"#, #"s.json: x.scale: "log" needs a number axis, but series 'd' has a time axis"#),
        (categories, "category", #"{"x": {"scale": "log"}, "events": []}"#, #"s.json: x.scale: "log" needs a number axis, but series 'd' has a category axis"#),
        (categories, "category", #"{"x": {"scale": "ordinal"}, "events": []}"#, #"s.json: x.scale: "ordinal" needs a time axis, but series 'd' has a category axis"#),
        (positive, "number", #"{"x": {"scale": "ordinal"}, "events": []}"#, #"s.json: x.scale: "ordinal" needs a time axis, but series 'd' has a number axis"#),
        (positive, "number", #"{"x": {"scale": "log"}, "window": {"bounds": {"min": -1, "max": 100}}, "events": []}"#, "s.json: window.bounds.min: -1 is not > 0, which a log x axis needs"),
        (positive, "number", #"{"x": {"scale": "log"}, "window": {"minSpan": 0.5}, "events": []}"#, "s.json: window.minSpan: on a log x axis a span is a ratio b/a and must be > 1, got 0.5"),
        (positive, "number", #"{"x": {"scale": "log"}, "events": [{"at": 1, "action": "set-window", "window": {"min": 0, "max": 10}}]}"#, "s.json: events[0].window.min: 0 is not > 0, which a log x axis needs"),
        (positive, "number", #"{"x": {"scale": "log"}, "window": {"initial": {"last": "3d"}}, "events": []}"#, #"s.json: window.initial.last: "3d" is a duration, but series 'd' has a number axis"#),
        (positive, "number", #"{"x": {"scale": "exp"}, "events": []}"#, #"s.json: x.scale: "exp" is not one of "linear", "log", "ordinal""#),
    ])
    func errors(data: String, axis: String, script: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let d = try dir.write("d.csv", data), s = try dir.write("s.json", script)
        let out = dir.url.appendingPathComponent("out.ndjson").path
        let r = try runRangepipe(["play", s, "--input", d, "--axis", axis, "-o", out])
        #expect(r.status == 65, "\(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: /") && r.stderr.hasSuffix("/\(message)\n"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("the sample scripts play on the shipped samples, and preview draws them",
          arguments: [("weekdays-ordinal", "seattle-weekdays"), ("hours-log", "sf-temps-hours")])
    func samples(script: String, data: String) throws {
        let samples = packageRoot.appendingPathComponent("samples")
        let args = [samples.appendingPathComponent("scripts/\(script).json").path,
                    "--input", samples.appendingPathComponent("\(data).csv").path, "--input-series", data]
        let r = try runRangepipe(["play"] + args)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.split(separator: "\n").count > 50)
        let dir = try TemporaryDirectory()
        let ingest = try runRangepipe(["ingest", samples.appendingPathComponent("\(data).csv").path, "--store", dir.path("s.sqlite"), "--quiet"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        let svg = try runRangepipe(["preview", args[0], "--store", dir.path("s.sqlite"), "--frame", "40", "-o", dir.path("p.svg")])
        #expect(svg.status == 0, "\(svg.stderr)")
        #expect(try String(contentsOfFile: dir.path("p.svg"), encoding: .utf8).hasPrefix("<svg"))
        // The player maps x through the scale in its script (the linear page's script has no xu).
        let player = try runRangepipe(["player", args[0], "--store", dir.path("s.sqlite"), "-o", dir.path("p.html")])
        #expect(player.status == 0, "\(player.stderr)")
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        #expect(html.contains("id=\"scale\"") && html.contains("const a = xu(seconds(f.window.min))"))
    }
}
