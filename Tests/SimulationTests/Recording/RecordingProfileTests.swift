import Foundation
import Testing
import RangePipeKit

/// `script from-events` with `--profile` and `--drag`, and what the readers
/// keep for the library profiles: `deltaX`, shift, the pointer's kind and
/// the `x-axis` area (docs/recordings.md, docs/profiles.md).
@Suite("script from-events under a profile")
struct RecordingProfileTests {
    /// A recording with everything the profiles read: a shifted pen press on
    /// main, a wheel with deltaX on the x-axis strip, a touch on the overview.
    static let ndjson = """
    {"type":"layout","overview":{"left":70,"top":500,"width":800,"height":120},"main":{"left":70,"top":20,"width":800,"height":400},"x-axis":{"left":70,"top":420,"width":800,"height":27}}
    {"type":"pointerdown","pointerId":1,"pointerType":"pen","clientX":270,"clientY":220,"timeStamp":1000,"buttons":1,"shiftKey":true}
    {"type":"pointermove","pointerId":1,"pointerType":"pen","clientX":300,"clientY":220,"timeStamp":1016,"buttons":1}
    {"type":"pointerup","pointerId":1,"pointerType":"pen","clientX":300,"clientY":220,"timeStamp":1032,"buttons":0}
    {"type":"wheel","clientX":370,"clientY":430,"deltaY":-100,"deltaMode":0,"timeStamp":1500,"deltaX":3,"shiftKey":false}
    {"type":"wheel","clientX":370,"clientY":430,"deltaY":0,"deltaMode":0,"timeStamp":1516,"deltaX":0,"shiftKey":true}
    {"type":"pointerdown","pointerId":7,"pointerType":"touch","clientX":370,"clientY":520,"timeStamp":2000,"buttons":1,"shiftKey":false}
    {"type":"pointerup","pointerId":7,"pointerType":"touch","clientX":370,"clientY":520,"timeStamp":2048,"buttons":0}
    """

    static func fromEvents(_ dir: TemporaryDirectory, _ text: String, _ extra: [String], format: String = "pointer-ndjson") throws -> RunResult {
        try runRangepipe(["script", "from-events", try dir.write("rec", text), "--from", format] + extra)
    }

    @Test("--profile and --drag are written; deltaX, shift, pointer kinds and the x-axis area are kept")
    func exactText() throws {
        let dir = try TemporaryDirectory()
        let r = try Self.fromEvents(dir, Self.ndjson, ["--profile", "bokeh", "--drag", "zoom"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out == """
        {
          "profile": "bokeh",
          "overview": {"width": 800, "height": 120},
          "main": {"width": 800, "height": 400, "drag": "zoom"},
          "events": [
            {"at": 0, "input": "pointer", "samples": [
              {"t": 0, "id": 1, "type": "down", "x": 200, "y": 200, "area": "main", "pointer": "pen", "shift": true},
              {"t": 0.016, "id": 1, "type": "move", "x": 230, "y": 200},
              {"t": 0.032, "id": 1, "type": "up", "x": 230, "y": 200}
            ]},
            {"at": 0.5, "input": "pointer", "samples": [
              {"t": 0, "type": "wheel", "x": 300, "y": 10, "deltaX": 3, "deltaY": -100, "area": "x-axis"},
              {"t": 0.016, "type": "wheel", "x": 300, "y": 10, "deltaY": 0, "area": "x-axis", "shift": true}
            ]},
            {"at": 1, "input": "pointer", "samples": [
              {"t": 0, "id": 7, "type": "down", "x": 300, "y": 20, "area": "overview", "pointer": "touch"},
              {"t": 0.048, "id": 7, "type": "up", "x": 300, "y": 20}
            ]}
          ]
        }

        """)
    }

    @Test("with --base: the profile in the base's place or after series; main.drag kept unless --drag; sizes from the layout")
    func base() throws {
        let dir = try TemporaryDirectory()
        let layout = try dir.write("layout.json", #"{"main": {"left": 70, "top": 20, "width": 800, "height": 300}}"#)
        let rec = """
        {"type":"wheel","clientX":100,"clientY":100,"deltaY":-100,"timeStamp":5}
        """
        let cases: [(String, [String], String)] = [
            (#"{"series": "AAPL", "fps": 1000, "main": {"width": 1, "height": 2, "drag": "pan"}, "events": []}"#, ["--profile", "plotly"],
             #"{"series": "AAPL", "profile": "plotly", "fps": 1000, "main": {"width": 800, "height": 300, "drag": "pan"}}"#),
            (#"{"fps": 30, "profile": "bokeh", "overview": {"width": 800, "height": 80}, "events": []}"#, ["--profile", "plotly", "--drag", "zoom"],
             #"{"fps": 30, "profile": "plotly", "overview": {"width": 800, "height": 80}, "main": {"width": 800, "height": 300, "drag": "zoom"}}"#),
            (#"{"window": {"initial": "all"}, "main": {"drag": "zoom", "width": 9}, "events": []}"#, ["--drag", "pan"],
             #"{"window": {"initial": "all"}, "main": {"width": 800, "height": 300, "drag": "pan"}}"#),
            (#"{"profile": "bokeh", "events": []}"#, [],
             #"{"profile": "bokeh", "main": {"width": 800, "height": 300}}"#),
        ]
        for (base, flags, want) in cases {
            let r = try Self.fromEvents(dir, rec, ["--layout", layout, "--base", try dir.write("base.json", base)] + flags)
            #expect(r.status == 0, "\(r.stderr)")
            // Everything but the events, on one line in the written order.
            let head = r.out.components(separatedBy: "  \"events\"")[0].replacingOccurrences(of: ",\n  ", with: ", ")
                .replacingOccurrences(of: "{\n  ", with: "{").replacingOccurrences(of: ",\n", with: "}")
            #expect(head == want, "\(base) \(flags)")
        }
        // An overview the layout lacks keeps the base's size; --drag alone makes main.
        let r = try Self.fromEvents(dir, #"{"type":"layout","overview":{"left":0,"top":0,"width":300,"height":50}}"#,
                                    ["--base", try dir.write("b.json", #"{"overview": {"width": 1, "height": 2}, "events": []}"#), "--drag", "zoom"])
        #expect(r.status == 0 && r.out.contains(#""overview": {"width": 300, "height": 50},"#) && r.out.contains(#""main": {"drag": "zoom"},"#), "\(r.out) \(r.stderr)")
    }

    @Test("the library profiles' rules: one located line, exit 65, nothing written", arguments: [
        (#"{"events": []}"#, ["--profile", "plotly"], #"{"overview": {"left": 0, "top": 500, "width": 700, "height": 100}, "main": {"left": 0, "top": 0, "width": 800, "height": 400}}"#,
         "rec (as a script): overview.width: Plotly's rangeslider is as wide as the plot"),
        (#"{"x": {"scale": "log"}, "events": []}"#, ["--profile", "bokeh"], #"{"main": {"left": 0, "top": 0, "width": 800, "height": 400}}"#,
         "rec (as a script): x.scale: profile \"bokeh\" plays a linear x axis only"),
        (#"{"sync": ["A", "B"], "events": []}"#, ["--profile", "plotly"], #"{"main": {"left": 0, "top": 0, "width": 800, "height": 400}}"#,
         "rec (as a script): sync: profile \"plotly\" plays one chart"),
        (#"{"window": {"minSpan": {"points": 3}}, "events": []}"#, ["--profile", "bokeh", "--drag", "zoom"], #"{"main": {"left": 0, "top": 0, "width": 800, "height": 400}}"#,
         "rec (as a script): window.minSpan: a span in points has no Bokeh or Plotly counterpart"),
    ])
    func profileRules(base: String, flags: [String], layout: String, message: String) throws {
        let dir = try TemporaryDirectory()
        _ = try dir.write("rec", #"{"type":"wheel","clientX":100,"clientY":100,"deltaY":-100,"timeStamp":5}"#)
        let out = dir.path("out.json")
        let r = try runRangepipe(["script", "from-events", "rec", "--from", "pointer-ndjson", "--base", try dir.write("base.json", base),
                                  "--layout", try dir.write("layout.json", layout), "-o", out] + flags, in: dir.url)
        #expect(r.status == 65)
        #expect(r.stderr.hasPrefix("rangepipe: error: \(message)"), "\(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1)
        #expect(!FileManager.default.fileExists(atPath: out))
    }

    @Test("--profile and --drag take only their values (exit 64); --help lists them")
    func usage() throws {
        let dir = try TemporaryDirectory()
        let a = try Self.fromEvents(dir, Self.ndjson, ["--profile", "highcharts"])
        // Every profile, as ArgumentParser lists them: "'a', 'b' or 'c'" (or "a, b, c") and "(values: a, b, c)".
        let names = InteractionProfile.allCases.map(\.rawValue)
        let listed = names.dropLast().map { "'\($0)'" }.joined(separator: ", ") + " or '\(names.last!)'"
        // ArgumentParser quotes a few values ("'a' or 'b'") and lists more plainly.
        #expect(a.status == 64 && (a.stderr.contains(listed) || a.stderr.contains(": " + names.joined(separator: ", "))), "\(a.stderr)")
        let b = try Self.fromEvents(dir, Self.ndjson, ["--drag", "box"])
        #expect(b.status == 64 && b.stderr.contains("'pan' and 'zoom'"), "\(b.stderr)")
        // The help wraps its column: compared with runs of white space as one space.
        let help = try runRangepipe(["script", "from-events", "--help"]).out.split(whereSeparator: \.isWhitespace).joined(separator: " ")
        #expect(help.contains("(values: \(names.joined(separator: ", ")))") && help.contains("(values: pan, zoom)"), "\(help)")
    }

    @Test("a bad pointerType or shiftKey is a located error")
    func badFields() throws {
        let dir = try TemporaryDirectory()
        let layout = #"{"type":"layout","main":{"left":0,"top":0,"width":100,"height":100}}"#
        let a = try Self.fromEvents(dir, layout + "\n" + #"{"type":"pointerdown","pointerId":1,"pointerType":"stylus","clientX":1,"clientY":1,"timeStamp":0}"#, [])
        #expect(a.status == 65 && a.stderr.contains("rec:2: pointerType: unknown pointer type \"stylus\" (expected mouse, pen or touch)"), "\(a.stderr)")
        let b = try Self.fromEvents(dir, layout + "\n" + #"{"type":"wheel","clientX":1,"clientY":1,"deltaY":1,"timeStamp":0,"shiftKey":1}"#, [])
        #expect(b.status == 65 && b.stderr.contains("rec:2: shiftKey: expected true or false"), "\(b.stderr)")
        // A synthetic event's pointerType "" is a mouse.
        let c = try Self.fromEvents(dir, layout + "\n" + #"{"type":"pointerdown","pointerId":1,"pointerType":"","clientX":1,"clientY":1,"timeStamp":0}"#
            + "\n" + #"{"type":"pointerup","pointerId":1,"clientX":1,"clientY":1,"timeStamp":1}"#, [])
        #expect(c.status == 0 && !c.out.contains("\"pointer\": "), "\(c.stderr)")
    }

    @Test("webdriver: a source's pointerType, shift held by a key source, a scroll's deltaX")
    func webdriver() throws {
        let dir = try TemporaryDirectory()
        let actions = #"""
        {"actions": [
          {"type": "key", "id": "k", "actions": [{"type": "pause"}, {"type": "keyDown", "value": "\uE008"}, {"type": "pause"}, {"type": "keyUp", "value": "\uE008"}, {"type": "keyDown", "value": "a"}]},
          {"type": "pointer", "id": "f", "parameters": {"pointerType": "touch"}, "actions": [
            {"type": "pointerMove", "x": 100, "y": 100}, {"type": "pointerDown", "button": 0}, {"type": "pointerMove", "duration": 100, "x": 150, "y": 100}, {"type": "pointerUp", "button": 0}, {"type": "pause"}]},
          {"type": "wheel", "id": "w", "actions": [{"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "pause"}, {"type": "scroll", "x": 100, "y": 100, "deltaX": -40, "deltaY": 0, "duration": 0}]}
        ]}
        """#
        let layout = try dir.write("layout.json", #"{"main": {"left": 0, "top": 0, "width": 800, "height": 400}}"#)
        let r = try Self.fromEvents(dir, actions, ["--layout", layout], format: "webdriver")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.contains(#"{"t": 0, "id": 1, "type": "down", "x": 100, "y": 100, "area": "main", "pointer": "touch", "shift": true}"#), "\(r.out)")
        #expect(r.out.contains(#"{"t": 0.1, "id": 1, "type": "move", "x": 150, "y": 100, "shift": true}"#), "\(r.out)")
        #expect(r.out.contains(#"{"t": 0.1, "id": 1, "type": "up", "x": 150, "y": 100}"#), "\(r.out)")
        #expect(r.out.contains(#"{"t": 0, "type": "wheel", "x": 100, "y": 100, "deltaX": -40, "deltaY": 0, "area": "main"}"#), "\(r.out)")
        let bad = try Self.fromEvents(dir, #"{"actions": [{"type": "pointer", "id": "p", "parameters": {"pointerType": "finger"}, "actions": []}]}"#,
                                      ["--layout", layout], format: "webdriver")
        #expect(bad.status == 65 && bad.stderr.contains("rec: actions[0].parameters.pointerType: unknown pointer type \"finger\""), "\(bad.stderr)")
    }

    @Test("a down's pointer kind is a raw sample key play accepts (mouse, pen, touch), on downs only")
    func decoderKey() throws {
        let dir = try TemporaryDirectory()
        func check(_ sample: String) throws -> RunResult {
            let script = #"{"profile": "bokeh", "events": [{"at": 0, "input": "pointer", "samples": ["# + sample
                + #", {"t": 0.1, "id": 1, "type": "up", "x": 10}]}]}"#
            return try runRangepipe(["script", "check", "--no-series", try dir.write("s.json", script)])
        }
        for kind in ["mouse", "pen", "touch"] {
            let r = try check(#"{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main", "pointer": "\#(kind)"}"#)
            #expect(r.status == 0, "\(kind): \(r.stderr)")
        }
        let bad = try check(#"{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main", "pointer": "finger"}"#)
        #expect(bad.status == 65 && bad.stderr.contains("events[0].samples[0].pointer: \"finger\" is not one of \"mouse\", \"pen\", \"touch\""), "\(bad.stderr)")
        let moved = try check(#"{"t": 0, "id": 1, "type": "down", "x": 1, "area": "main"}, {"t": 0.05, "id": 1, "type": "move", "x": 2, "pointer": "pen"}"#)
        #expect(moved.status == 65 && moved.stderr.contains("events[0].samples[1].pointer: unknown key"), "\(moved.stderr)")
    }
}
