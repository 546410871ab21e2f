import Foundation
import Testing
@testable import RangePipeKit

/// The script's `"sync": [...]` key and `script check` of linked charts.
@Suite("script sync key")
struct SyncScriptTests {
    static let data = "name,x,v\na,0,1\na,1,2\na,3,3\nb,10,4\nb,10.5,5\nb,12,6\n"
    static let events = #""events": [{"at": 0.1, "gesture": "pan", "path": [[0, 400], [0.2, 300]], "release": "fling"}]"#

    @Test("bad sync lists are located errors (exit 65)")
    func decoderErrors() throws {
        let cases: [(String, String)] = [
            (#""sync": "a""#, "sync: expected an array of series names, got a string"),
            (#""sync": []"#, "sync: expected at least one series name"),
            (#""sync": ["a", 3]"#, "sync[1]: expected a string, got a number"),
            (#""sync": ["a", ""]"#, "sync[1]: a series name cannot be empty"),
            (#""sync": ["a", "b", "a"]"#, "sync[2]: series 'a' is named twice"),
            (#""series": "a", "sync": ["a", "b"]"#, "sync: the script names both series and sync"),
        ]
        for (key, message) in cases {
            let bytes = Array(("{" + key + ", " + Self.events + "}").utf8)
            #expect(throws: RangePipeError.self, "\(key)") { try ScriptDecoder.decode(bytes, source: "s.json") }
            do {
                _ = try ScriptDecoder.decode(bytes, source: "s.json")
            } catch let error as RangePipeError {
                #expect(error.status == .dataError)
                #expect(error.description.hasPrefix("s.json: " + message), "\(error)")
            }
        }
    }

    @Test("the script's sync plays as --sync does; --sync overrides it; --series plays solo")
    func scriptKeyPlays() throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("d.csv", Self.data)
        let linked = try dir.write("linked.json", #"{"sync": ["b", "a"], "# + Self.events + "}")
        let plain = try dir.write("plain.json", "{" + Self.events + "}")
        let input = ["--input", csv, "--series-column", "name"]
        let fromScript = try runRangepipe(["play", linked] + input)
        let fromFlag = try runRangepipe(["play", plain] + input + ["--sync", "b,a"])
        #expect(fromScript.status == 0 && fromFlag.status == 0, "\(fromScript.stderr)\(fromFlag.stderr)")
        #expect(fromScript.stdout == fromFlag.stdout)
        #expect(fromScript.out.hasPrefix(#"{"series":"b","frame":0,"#))
        let overridden = try runRangepipe(["play", linked] + input + ["--sync", "a"])
        #expect(overridden.stdout == (try runRangepipe(["play", plain] + input + ["--series", "a"])).stdout)
        // --series a plays a alone: the default window (points at 0.6 n and 0.8 n) is a's x[1]…x[2]
        // = [1, 3] on its own bounds [0, 3]; linked it would be the union's x[3]…x[4] = [10, 10.5].
        let solo = try runRangepipe(["play", linked] + input + ["--series", "a"])
        #expect(solo.status == 0)
        #expect(solo.out.split(separator: "\n").allSatisfy { $0.hasPrefix(#"{"series":"a""#) })
        #expect(solo.out.hasPrefix(#"{"series":"a","frame":0,"t":0.0,"phase":"idle","window":{"min":1.0,"max":3.0},"#))
        #expect(fromScript.out.contains(#""frame":0,"t":0.0,"phase":"idle","window":{"min":10.0,"max":10.5},"#))
        let unknown = try runRangepipe(["play", try dir.write("u.json", #"{"sync": ["a", "zz"], "events": []}"#)] + input)
        #expect(unknown.status == 65)
        #expect(unknown.stderr.contains("u.json: sync[1]: series 'zz' is not in the input"), "\(unknown.stderr)")
        let skip = try runRangepipe(["play", linked] + input + ["--on-series-error", "skip"])
        #expect(skip.status == 64)
        // player shows the linked series one panel each, as preview does; --series a plays a alone.
        let out = dir.path("p.html")
        let player = try runRangepipe(["player", linked] + input + ["-o", out])
        #expect(player.status == 0, "\(player.stderr)")
        let page = try String(contentsOfFile: out, encoding: .utf8)
        #expect(page.contains(#"id="panel""#) && page.contains(#"id="panel-1""#) && !page.contains(#"id="panel-2""#))
        #expect(page.contains(#""panels":2,"#))
        #expect(try runRangepipe(["player", linked] + input + ["--series", "a", "-o", out]).status == 0)
        #expect(!(try String(contentsOfFile: out, encoding: .utf8)).contains(#"id="panel-1""#))
    }

    @Test("script check counts the linked play's frames")
    func check() throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("d.csv", Self.data)
        let linked = try dir.write("linked.json", #"{"sync": ["a", "b"], "# + Self.events + "}")
        let input = ["--input", csv, "--series-column", "name"]
        let r = try runRangepipe(["script", "check", linked] + input)
        #expect(r.status == 0, "\(r.stderr)")
        let frames = try runRangepipe(["play", linked] + input).out.split(separator: "\n").count / 2
        #expect(r.out.contains("series a: field v, \(frames) frames"), "\(r.out)")
        #expect(r.out.contains("series b: field v, \(frames) frames"), "\(r.out)")
        let bad = try runRangepipe(["script", "check", linked] + input + ["--sync", "a,zz"])
        #expect(bad.status == 65)
    }

    @Test("an append is refused in a linked play: located, exit 65, no output")
    func appendRefused() throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("d.csv", Self.data)
        let script = try dir.write("ap.json", #"{"events": [{"at": 0.1, "action": "append", "rows": [[20, 7]]}]}"#)
        let out = dir.path("o.ndjson")
        let r = try runRangepipe(["play", script, "--input", csv, "--series-column", "name", "--sync", "a,b", "-o", out])
        #expect(r.status == 65)
        #expect(r.stderr.contains("ap.json: events[0]: append is not supported with linked charts (--sync)"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: out))
        // Alone, the same append plays.
        let alone = try runRangepipe(["play", script, "--input", csv, "--series-column", "name", "--series", "b"])
        #expect(alone.status == 0, "\(alone.stderr)")
    }

    @Test("a log or ordinal x scale is refused in a linked play (exit 65, located at x.scale)", arguments: ["log", "ordinal"])
    func scaleRefused(scale: String) throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("d.csv", Self.data)
        let script = try dir.write("sc.json", #"{"x": {"scale": ""# + scale + #""}, "events": []}"#)
        let r = try runRangepipe(["play", script, "--input", csv, "--series-column", "name", "--sync", "a,b"])
        #expect(r.status == 65)
        #expect(r.stderr.contains("sc.json: x.scale: linked charts (--sync) need a linear x scale, not \"\(scale)\""), "\(r.stderr)")
        #expect(r.stdout.isEmpty)
    }
}
