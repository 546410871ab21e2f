#if canImport(FoundationXML)
import FoundationXML
#endif
import Foundation
import Testing
@testable import RangePipeKit

@Suite("play through the binary")
struct PlayCLITests {
    let samples = packageRoot.appendingPathComponent("samples")

    let script = #"""
    {"series": "AAPL", "fps": 20, "window": {"initial": {"fraction": [0.5, 0.7]}},
     "events": [{"at": 0.1, "gesture": "pan", "path": [[0, 400], [0.3, 300]], "release": "fling"},
                {"at": 2.0, "action": "set-window", "window": {"last": "365d"}, "animate": {"curve": "ease-out", "duration": 0.3}}]}
    """#

    @Test("NDJSON frames parse, with SPEC 5's key order")
    func ndjsonKeyOrder() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let s = try dir.write("s.json", script)
        let r = try runRangepipe(["play", s, "--store", store])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count > 40)
        for (k, line) in lines.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]
            #expect(object["frame"] as? Int == k)
            // Key order: the text itself.
            let keys = ["\"series\"", "\"frame\"", "\"t\"", "\"phase\"", "\"window\"", "\"selector\"", "\"y\"", "\"annotation\""]
            let positions = keys.map { line.range(of: $0)?.lowerBound }
            #expect(positions.allSatisfy { $0 != nil })
            #expect(positions.map { $0! } == positions.map { $0! }.sorted(), "frame \(k)")
            #expect(!line.contains("NaN") && !line.contains("inf"))
        }
        let first = try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as! [String: Any]
        #expect(first["phase"] as? String == "idle")
        let window = first["window"] as! [String: Any]
        #expect((window["min"] as? String)?.hasSuffix("Z") == true)
    }

    @Test("CSV output parses with its header; epoch-s times are numbers")
    func csvOutput() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let s = try dir.write("s.json", script)
        let r = try runRangepipe(["play", s, "--store", store, "--format", "csv", "--time-format", "epoch-s"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines[0] == "series,frame,t,phase,window_min,window_max,selector_min_px,selector_max_px,y_min,y_max,annotation_x,annotation_y,annotation_label,annotation_visible,values")
        let json = try runRangepipe(["play", s, "--store", store, "--time-format", "epoch-s"]).out.split(separator: "\n")
        #expect(lines.count - 1 == json.count)
        for (row, frame) in zip(lines.dropFirst(), json) {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            #expect(cells.count == 15)
            // The same shortest round-trip text in both formats (Foundation's JSON
            // parser on Linux can be an ulp off, so compare text, not parsed values).
            #expect(frame.contains("\"window\":{\"min\":\(cells[4]),\"max\":\(cells[5])}"), "\(row)")
            #expect(Double(String(cells[4])) != nil)
        }
    }

    @Test("--tracks writes only the tracks asked for")
    func tracks() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let s = try dir.write("s.json", script)
        let base: Set<String> = ["series", "frame", "t", "phase"]
        for (tracks, extra) in [("annotation", ["annotation"]), ("selector", ["selector"]), ("range,points", ["window", "y", "points"]),
                                ("range,annotation,selector,values,points", ["window", "y", "selector", "annotation", "points"])] {
            let r = try runRangepipe(["play", s, "--store", store, "--tracks", tracks])
            #expect(r.status == 0, "\(r.stderr)")
            for line in r.out.split(separator: "\n") {
                let keys = Set((try JSONSerialization.jsonObject(with: Data(line.utf8)) as! [String: Any]).keys)
                #expect(keys == base.union(extra), "--tracks \(tracks): \(keys.sorted())")
            }
        }
        #expect(try runRangepipe(["play", s, "--store", store, "--tracks", "range,colour"]).status == 64)
    }

    @Test("--input - from a pipe plays without a store file")
    func inputFromPipe() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("d.ndjson", (0 ..< 100).map { "{\"t\":\($0),\"v\":\(Double($0) * 1.5)}" }.joined(separator: "\n"))
        let s = try dir.write("s.json", #"{"fps": 10, "window": {"initial": {"min": 10, "max": 20}}, "events": [{"at": 0, "gesture": "pan", "path": [[0, 0], [1, -80]]}]}"#)
        let r = try runShell("cat '\(data)' | \"$RANGEPIPE\" play '\(s)' --input - --input-format ndjson", in: dir.url)
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n")
        #expect(lines.count == 11)
        // 800 px wide main chart, span 10: −80 px → +1 unit.
        let last = try JSONSerialization.jsonObject(with: Data(lines.last!.utf8)) as! [String: Any]
        let window = last["window"] as! [String: Double]
        #expect(close(window["min"]!, 11, 1e-12) && close(window["max"]!, 21, 1e-12), "\(window)")
        #expect(lines[0].contains("\"series\":\"stdin\""))
        #expect(!FileManager.default.fileExists(atPath: dir.path("rangepipe.sqlite")))
    }

    @Test("--all with --jobs 1 and --jobs 4 give the same bytes; -o writes the same")
    func jobsAreDeterministic() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let s = try dir.write("s.json", script.replacingOccurrences(of: "\"series\": \"AAPL\",", with: ""))
        let one = try runRangepipe(["play", s, "--store", store, "--all", "--jobs", "1"])
        let four = try runRangepipe(["play", s, "--store", store, "--all", "--jobs", "4"])
        #expect(one.status == 0 && four.status == 0, "\(one.stderr) \(four.stderr)")
        #expect(one.stdout == four.stdout)
        let order = one.out.split(separator: "\n").map { try! JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
            .map { $0["series"] as! String }
        var seen: [String] = []
        for name in order where seen.last != name { seen.append(name) }
        #expect(seen == ["AAPL", "AMZN", "GOOG", "IBM", "MSFT"])
        let file = dir.path("out.ndjson")
        #expect(try runRangepipe(["play", s, "--store", store, "--all", "--jobs", "3", "-o", file]).status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: file)) == one.stdout)
        // The store and --input give the same bytes.
        let viaInput = try runRangepipe(["play", s, "--input", samples.appendingPathComponent("stocks-monthly.csv").path,
                                         "--series-column", "symbol", "--all"])
        #expect(viaInput.stdout == one.stdout)
    }

    @Test("series whose frames fill several 1 MiB blocks: --jobs 2 and 3 stream the bytes of --jobs 1", arguments: ["ndjson", "csv"])
    func jobsStreamManyBlocks(format: String) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        // 12,001 frames of about 250 bytes each: 3 MB per series, 15 MB in all.
        let s = try dir.write("s.json", """
        {"fps": 1000, "duration": 12, "window": {"initial": {"fraction": [0.2, 0.6]}},
         "events": [{"at": 0.5, "gesture": "pan", "path": [[0, 400], [6, 100]]}]}
        """)
        let one = try runRangepipe(["play", s, "--store", store, "--all", "--format", format, "--jobs", "1"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(one.stdout.count > 5 * (1 << 20))
        for jobs in ["2", "3"] {
            let many = try runRangepipe(["play", s, "--store", store, "--all", "--format", format, "--jobs", jobs])
            #expect(many.status == 0 && many.stdout == one.stdout, "--jobs \(jobs): \(many.stderr)")
        }
    }

    @Test("script errors exit 65 naming the JSON path", arguments: [
        (#"{"events": [{"at": 0, "gesture": "pan", "path": [[0, 1], [0.25, 2], [0.1, 3]]}]}"#, "events[0].path[2]: time 0.1 is not after 0.25"),
        (#"{"events": [{"at": 0, "gesture": "swipe", "path": [[0, 1]]}]}"#, "events[0].gesture: unknown gesture \"swipe\""),
        (#"{"events": [], "colour": "red"}"#, "colour: unknown key"),
        (#"{"events": [{"at": 0, "gesture": "pan", "path": [[0, 1]], "speed": 2}]}"#, "events[0].speed: unknown key"),
        (#"{"events": [{"at": 0, "gesture": "pinch", "path": [[0, 100, 100]]}]}"#, "events[0].path[0]: the two pointers are at the same x"),
        (#"{"events": [{"at": 0, "gesture": "pan", "path": [[0, 1], [1, 2]]}, {"at": 0.5, "gesture": "pan", "path": [[0, 1]]}]}"#, "events[1]: gesture at 0.5 s overlaps events[0]"),
        (#"{"window": {"minSpan": 10, "maxSpan": 5}, "events": []}"#, "window.minSpan: minSpan is larger than maxSpan"),
        (#"{"window": {"minSpan": "99999d"}, "events": []}"#, "window.minSpan:"),
        (#"{"field": "volume", "events": []}"#, "field: series 'AAPL' has no field \"volume\""),
        (#"{"events": [{"at": 1, "action": "switch-field", "field": "open"}]}"#, "events[0].field: series 'AAPL' has no field \"open\""),
        (#"{"series": "NOPE", "events": []}"#, "series: series 'NOPE' is not in the store"),
        (#"{"fps": 0, "events": []}"#, "fps: 0 is out of range"),
        (#"{"fps": 100000, "events": []}"#, "fps: 100000 is out of range"),
        (#"{"main": {"width": -5}, "events": []}"#, "main.width: -5 is out of range"),
        (#"{"fps": 1e999, "events": []}"#, "number out of range"),
        (#"{"events": [{"at": 0, "gesture": "drag-handle", "path": [[0, 1]]}]}"#, "events[0].handle: missing"),
        (#"{"annotation": {"format": "%s"}, "events": []}"#, "annotation.format: format \"%s\": unsupported conversion"),
        (#"{"window": {"initial": {"last": "3 weeks"}}, "events": []}"#, "window.initial.last: \"3 weeks\" is not a duration"),
        (#"{"events": [{"at": 0, "action": "set-window", "window": {"min": "2020-13-01", "max": 5}}]}"#, "events[0].window.min: \"2020-13-01\" is not a time"),
        (#"{"duration": 86400, "fps": 1000, "events": []}"#, "more than 50 million frames"),
        (#"{"events": "#, "t.json:1:12: unexpected end of the document"),
        (#"[1, 2]"#, "(top level): expected an object"),
        (#"{"events": [], "y": {"fit": "tight"}}"#, "y.fit: \"tight\" is not one of"),
    ])
    func scriptErrors(script text: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let s = try dir.write("t.json", text)
        let seriesFlag = text.contains("\"series\"") ? [] : ["--series", "AAPL"]
        let r = try runRangepipe(["play", s, "--store", store] + seriesFlag)
        #expect(r.status == 65, "\(text): \(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: "), "\(r.stderr)")
        #expect(r.stderr.contains(message), "\(text): \(r.stderr)")
        #expect(r.out.isEmpty)
    }

    @Test("a series with fewer than two distinct x cannot be played")
    func tooFewPoints() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("one.csv", "x,v\n5,1\n")
        let s = try dir.write("s.json", #"{"events": []}"#)
        let r = try runRangepipe(["play", s, "--input", data])
        #expect(r.status == 65)
        #expect(r.stderr.contains("series 'one': needs at least two points"))
    }
}

@Suite("preview through the binary")
struct PreviewCLITests {
    @Test("an SVG frame: well-formed, the selection where play's selector says, the annotation label")
    func svgFrame() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let samples = packageRoot.appendingPathComponent("samples")
        let script = samples.appendingPathComponent("scripts/stocks-tour.json").path
        let svgPath = dir.path("f.svg")
        let r = try runRangepipe(["preview", script, "--store", store, "--frame", "30", "-o", svgPath])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: svgPath, encoding: .utf8)
        let document = try XMLDocument(xmlString: svg)
        #expect(document.rootElement()?.name == "svg")
        let play = try runRangepipe(["play", script, "--store", store])
        let frame = try JSONSerialization.jsonObject(with: Data(play.out.split(separator: "\n")[30].utf8)) as! [String: Any]
        let selector = frame["selector"] as! [String: Double]
        let minPx = (selector["min_px"]! * 100).rounded() / 100
        let expected = minPx == minPx.rounded() ? String(Int(minPx)) : String(minPx)
        #expect(svg.contains("<rect x=\"\(expected)\" y=\"0\""), "selection rect at \(expected)")
        let label = (frame["annotation"] as! [String: Any])["label"] as! String
        #expect(svg.contains(">\(label)</text>"))
        #expect(try runRangepipe(["preview", script, "--store", store, "--frames", "0:100:50", "-o", "-"]).out.components(separatedBy: "<g transform=\"translate(0 ").count == 4) // one group per frame
        #expect(try runRangepipe(["preview", script, "--store", store, "--frame", "99999", "-o", dir.path("x.svg")]).status == 64)
    }
}
