import Foundation
import Testing

/// `script from-events` through the binary: each format against events
/// derived by hand (RecordingFixtures), and bad recordings as located errors.
@Suite("script from-events")
struct RecordingImportTests {
    /// A script's events as compact lines: `at A: @t type#id x,y area | …`.
    static func events(_ text: String) throws -> [String] {
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let list = try #require(root["events"] as? [[String: Any]])
        return try list.map { e in
            #expect(e["input"] as? String == "pointer")
            #expect(Set(e.keys) == ["at", "input", "samples"])
            let samples = try #require(e["samples"] as? [[String: Any]])
            let parts = samples.map { s -> String in
                let type = s["type"] as? String ?? "?"
                var p = "@\(num(s["t"])) \(type)"
                if let id = s["id"] { p += "#\(num(id))" }
                p += " \(num(s["x"])),\(num(s["y"]))"
                if let d = s["deltaY"] { p += " Δ\(num(d))" }
                if let a = s["area"] as? String { p += " \(a)" }
                return p
            }
            return "at \(num(e["at"])): " + parts.joined(separator: " | ")
        }
    }

    static func num(_ v: Any?) -> String {
        guard let n = v as? NSNumber else { return "nil" }
        let d = n.doubleValue
        return d == d.rounded() && abs(d) < 1e15 ? String(Int64(d)) : "\(d)"
    }

    func importing(_ text: String, _ format: String, layout: Bool = true, extra: [String] = []) throws -> RunResult {
        let dir = try TemporaryDirectory()
        let file = try dir.write("rec", text)
        var args = ["script", "from-events", file, "--from", format]
        if layout { args += ["--layout", try dir.write("layout.json", RecordingFixtures.layout)] }
        return try runRangepipe(args + extra)
    }

    @Test("pointer-ndjson: drag, pinch and wheel as the hand-derived events")
    func ndjson() throws {
        let r = try importing(RecordingFixtures.ndjson, "pointer-ndjson", layout: false)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.events(r.out) == RecordingFixtures.ndjsonEvents)
    }

    @Test("webdriver: ticks, parallel touch sources and pauses as the hand-derived events")
    func webdriver() throws {
        let r = try importing(RecordingFixtures.webdriver, "webdriver")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.events(r.out) == RecordingFixtures.webdriverEvents)
    }

    @Test("webdriver: a pressed pointer held through a pause moves only from the pause's end")
    func heldThroughPause() throws {
        let actions = #"{"actions": [{"type": "pointer", "id": "m", "actions": [{"type": "pointerMove", "x": 490, "y": 560}, {"type": "pointerDown", "button": 0}, {"type": "pause", "duration": 500}, {"type": "pointerMove", "duration": 250, "x": 530, "y": 560}, {"type": "pointerUp", "button": 0}]}]}"#
        let r = try importing(actions, "webdriver")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.events(r.out) == ["at 0: @0 down#1 480,60 overview | @0.5 move#1 480,60 | @0.75 move#1 520,60 | @0.75 up#1 520,60"])
    }

    @Test("echarts-recorder: actions on one clock, drag and wheel runs as the hand-derived events")
    func echarts() throws {
        let r = try importing(RecordingFixtures.echarts, "echarts-recorder")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.events(r.out) == RecordingFixtures.echartsEvents)
    }

    @Test("the script text: sizes from the layout, shortest numbers, area on downs and wheels")
    func exactText() throws {
        let lines = RecordingFixtures.ndjson.split(separator: "\n").prefix(5).joined(separator: "\n")
        let r = try importing(lines, "pointer-ndjson", layout: false, extra: ["--start", "0.5"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == """
        {
          "overview": {"width": 800, "height": 120},
          "main": {"width": 800, "height": 400},
          "events": [
            {"at": 0.5, "input": "pointer", "samples": [
              {"t": 0, "id": 1, "type": "down", "x": 480, "y": 50, "area": "overview"},
              {"t": 0.0625, "id": 1, "type": "move", "x": 500, "y": 51},
              {"t": 0.125, "id": 1, "type": "up", "x": 510, "y": 52}
            ]}
          ]
        }

        """)
    }

    @Test("--base keeps the other settings and replaces the events; --layout wins over the recording's")
    func base() throws {
        let dir = try TemporaryDirectory()
        let base = try dir.write("base.json", #"{"series": "AAPL", "fps": 30, "main": {"width": 1, "height": 2}, "window": {"initial": {"fraction": [0.5, 0.75]}}, "events": [{"at": 0, "action": "reset"}]}"#)
        let layout = try dir.write("layout.json", #"{"main": {"left": 0, "top": 0, "width": 640, "height": 300}}"#)
        let rec = try dir.write("rec.ndjson", """
        {"type":"layout","main":{"left":100,"top":100,"width":10,"height":10}}
        {"type":"wheel","clientX":20,"clientY":30,"deltaY":-100,"timeStamp":5}
        """)
        let out = dir.path("out.json")
        let r = try runRangepipe(["script", "from-events", rec, "--from", "pointer-ndjson", "--layout", layout, "--base", base, "-o", out])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: out, encoding: .utf8)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        #expect(root["series"] as? String == "AAPL" && root["fps"] as? Int == 30)
        #expect((root["window"] as? [String: Any])?["initial"] != nil)
        #expect(root["main"] as? [String: Int] == ["width": 640, "height": 300])
        #expect(root["overview"] == nil)
        #expect(try Self.events(text) == ["at 0: @0 wheel 20,30 Δ-100 main"])
    }

    @Test("hovers, presses outside both areas and wheels during a contact are left out; a cancel ends where the pointer was")
    func leftOut() throws {
        let r = try importing("""
        {"type":"pointermove","pointerId":1,"clientX":30,"clientY":60,"timeStamp":0,"buttons":0}
        {"type":"pointerdown","pointerId":4,"clientX":5,"clientY":5,"timeStamp":10,"buttons":1}
        {"type":"pointermove","pointerId":4,"clientX":50,"clientY":60,"timeStamp":20,"buttons":1}
        {"type":"pointerdown","pointerId":5,"clientX":20,"clientY":60,"timeStamp":30,"buttons":1}
        {"type":"wheel","clientX":20,"clientY":60,"deltaY":100,"timeStamp":40}
        {"type":"pointermove","pointerId":5,"clientX":25,"clientY":61,"timeStamp":50,"buttons":1}
        {"type":"pointerup","pointerId":4,"clientX":50,"clientY":60,"timeStamp":60,"buttons":0}
        {"type":"pointercancel","pointerId":5,"clientX":0,"clientY":0,"timeStamp":70,"buttons":0}
        {"type":"wheel","clientX":2000,"clientY":60,"deltaY":100,"timeStamp":80}
        """, "pointer-ndjson")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try Self.events(r.out) == ["at 0.03: @0 down#5 10,10 main | @0.02 move#5 15,11 | @0.04 up#5 15,11"])
        #expect(r.stderr.contains("1 pointer(s) went down outside"))
    }

    @Test("bad recordings: one located error, exit 65, no output file", arguments: [
        ("pointer-ndjson", "{\"type\":\"pointerover\",\"pointerId\":1,\"clientX\":1,\"clientY\":1,\"timeStamp\":1}", "rec:1: type: unknown type \"pointerover\""),
        ("pointer-ndjson", "{\"type\":\"pointerdown\",\"pointerId\":1,\"clientX\":20,\"clientY\":60,\"timeStamp\":5}\n{\"type\":\"pointerup\",\"pointerId\":1,\"clientX\":20,\"clientY\":60,\"timeStamp\":4}", "rec:2: timeStamp: time goes back"),
        ("pointer-ndjson", "\n{\"type\":\"pointermove\",\"pointerId\":1,\"clientX\":20,\"clientY\":60,\"timeStamp\":5,\"buttons\":1}", "rec:2: pointer 1 moves with a button pressed but never went down"),
        ("pointer-ndjson", "{\"type\":\"pointerup\",\"pointerId\":3,\"clientX\":20,\"clientY\":60,\"timeStamp\":5}", "rec:1: pointer 3 goes up but is not down"),
        ("pointer-ndjson", "{\"type\":\"pointerdown\",\"pointerId\":3,\"clientX\":20,\"clientY\":60,\"timeStamp\":5}", "rec:1: pointer 3 is still down at the end of the recording"),
        ("pointer-ndjson", "{\"type\":\"wheel\",\"clientX\":20,\"clientY\":60,\"deltaY\":1,\"timeStamp\":5}\n{\"type\": \"wheel\",", "rec:2:18: expected a key string"),
        ("pointer-ndjson", "{\"type\":\"wheel\",\"clientX\":20,\"clientY\":60,\"deltaY\":3,\"deltaMode\":1,\"timeStamp\":5}", "rec:1: deltaMode: only deltaMode 0"),
        ("webdriver", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"actions\": [{\"type\": \"pause\"}, {\"type\": \"click\"}]}]}", "rec: actions[0].actions[1].type: unknown action \"click\""),
        ("webdriver", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"actions\": [{\"type\": \"pointerUp\", \"button\": 0}]}]}", "rec: actions[0].actions[0].type: pointerUp with pointer \"m\" not down"),
        ("webdriver", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"actions\": [{\"type\": \"pointerMove\", \"x\": 0, \"y\": 0, \"origin\": {\"element-6066-11e4-a52e-4f735466cecf\": \"e1\"}}]}]}", "rec: actions[0].actions[0].origin: an element origin cannot be resolved"),
        ("webdriver", "{\"actions\": [{\"type\": \"gamepad\", \"id\": \"g\", \"actions\": []}]}", "rec: actions[0].type: unknown input source type"),
        ("webdriver", "{\"actions\": [{\"type\": \"pointer\", \"id\": \"m\", \"actions\": [{\"type\": \"pause\", \"duration\": -1}]}]}", "rec: actions[0].actions[0].duration: a duration cannot be negative"),
        ("webdriver", "{\"actions\": [}", "rec:1:14: "),
        ("webdriver", "{\"actions\": [{\"type\": \"none\", \"id\": \"a\", \"actions\": []}, {\"type\": \"key\", \"id\": \"a\", \"actions\": []}]}", "rec: actions[1].id: two input sources have the id \"a\""),
        ("echarts-recorder", "[{\"name\": \"A\", \"ops\": [{\"type\": \"mousemove\", \"time\": 1, \"x\": 1, \"y\": 1}, {\"type\": \"dblclick\", \"time\": 2}]}]", "rec: [0].ops[1].type: unknown op \"dblclick\""),
        ("echarts-recorder", "[{\"name\": \"A\", \"ops\": [{\"type\": \"mousedown\", \"time\": 5, \"x\": 20, \"y\": 60}, {\"type\": \"mousemove\", \"time\": 6, \"x\": 1, \"y\": 1}, {\"type\": \"mouseup\", \"time\": 4, \"x\": 1, \"y\": 1}]}]", "rec: [0].ops[2].time: time goes back"),
        ("echarts-recorder", "[{\"name\": \"A\", \"ops\": [{\"type\": \"mouseup\", \"time\": 5, \"x\": 20, \"y\": 60}]}]", "rec: [0].ops[0]: pointer 1 goes up but is not down"),
        ("echarts-recorder", "{\"name\": \"A\"}", "rec: (top level): expected an array of actions"),
        ("echarts-recorder", "[{\"name\": \"A\", \"ops\": [{\"type\": \"mousedown\", \"time\": 5, \"x\": \"20\", \"y\": 60}]}]", "rec: [0].ops[0].x: expected a number, got a string"),
    ])
    func badRecording(format: String, text: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("rec", text)
        let layout = try dir.write("layout.json", RecordingFixtures.layout)
        let out = dir.path("out.json")
        let r = try runRangepipe(["script", "from-events", "rec", "--from", format, "--layout", layout, "-o", out], in: dir.url)
        _ = file
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("rangepipe: error: \(message)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("no layout, a bad layout, a bad --from: located errors")
    func layoutAndUsage() throws {
        let dir = try TemporaryDirectory()
        let rec = try dir.write("rec.json", "[]")
        let r1 = try runRangepipe(["script", "from-events", rec, "--from", "echarts-recorder"])
        #expect(r1.status == 65 && r1.stderr.contains("no layout: give --layout FILE"), "\(r1.stderr)")
        let bad = try dir.write("l.json", #"{"main": {"left": 0, "top": 0, "width": 0, "height": 10}}"#)
        let r2 = try runRangepipe(["script", "from-events", rec, "--from", "echarts-recorder", "--layout", bad])
        #expect(r2.status == 65 && r2.stderr.contains("l.json: main.width: an element's size must be more than 0 px"), "\(r2.stderr)")
        let r3 = try runRangepipe(["script", "from-events", rec, "--from", "csv", "--layout", bad])
        #expect(r3.status == 64 && r3.stderr == "rangepipe: error: The value 'csv' is invalid for '--from <format>'. Please provide one of 'pointer-ndjson', 'webdriver' or 'echarts-recorder'.\n", "\(r3.stderr)")
        let r4 = try runRangepipe(["script", "from-events", rec, "--from", "echarts-recorder", "--layout", try dir.write("m.json", #"{"main": {"left": 0, "top": 0, "width": 9, "height": 10}}"#)])
        #expect(r4.status == 0 && r4.out.contains("\"events\": []"), "\(r4.stderr)")
    }

    @Test("an import play would reject fails before writing, naming the event")
    func checkedAsScript() throws {
        let dir = try TemporaryDirectory()
        let out = dir.path("out.json")
        let rec = try dir.write("far.ndjson", """
        {"type":"layout","main":{"left":0,"top":0,"width":10,"height":10}}
        {"type":"pointerdown","pointerId":1,"clientX":1,"clientY":1,"timeStamp":0,"buttons":1}
        {"type":"pointerup","pointerId":1,"clientX":200000,"clientY":1,"timeStamp":100,"buttons":0}
        """)
        let r = try runRangepipe(["script", "from-events", rec, "--from", "pointer-ndjson", "-o", out])
        #expect(r.status == 65)
        #expect(r.stderr.contains("far.ndjson (as a script): events[0].samples[1].x: 200000 is out of range"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("area edges: left and top in, right and bottom out; the overview wins where the areas overlap")
    func edges() throws {
        let dir = try TemporaryDirectory()
        // main 0…100 × 0…50; the overview touches it at x 100 (first
        // layout) or overlaps its columns 90…100 (second layout).
        let touching = try dir.write("a.json", #"{"main": {"left": 0, "top": 0, "width": 100, "height": 50}, "overview": {"left": 100, "top": 0, "width": 100, "height": 50}}"#)
        let overlapping = try dir.write("b.json", #"{"main": {"left": 0, "top": 0, "width": 100, "height": 50}, "overview": {"left": 90, "top": 0, "width": 100, "height": 50}}"#)
        let rec = try dir.write("rec.json", #"""
        [{"name": "A", "ops": [
          {"type": "mousewheel", "time": 0, "x": 0, "y": 0, "deltaY": 1},
          {"type": "mousewheel", "time": 1, "x": 100, "y": 49, "deltaY": 2},
          {"type": "mousewheel", "time": 2, "x": 95, "y": 10, "deltaY": 3},
          {"type": "mousewheel", "time": 3, "x": 200, "y": 10, "deltaY": 4},
          {"type": "mousewheel", "time": 4, "x": 50, "y": 50, "deltaY": 5}]}]
        """#)
        let a = try runRangepipe(["script", "from-events", rec, "--from", "echarts-recorder", "--layout", touching])
        #expect(a.status == 0, "\(a.stderr)")
        #expect(try Self.events(a.out) == ["at 0: @0 wheel 0,0 Δ1 main", "at 0.001: @0 wheel 0,49 Δ2 overview", "at 0.002: @0 wheel 95,10 Δ3 main"])
        let b = try runRangepipe(["script", "from-events", rec, "--from", "echarts-recorder", "--layout", overlapping])
        #expect(b.status == 0, "\(b.stderr)")
        #expect(try Self.events(b.out) == ["at 0: @0 wheel 0,0 Δ1 main", "at 0.001: @0 wheel 10,49 Δ2 overview", "at 0.002: @0 wheel 5,10 Δ3 overview"])
    }
}
