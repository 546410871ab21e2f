import Foundation
import Testing
@testable import RangePipeKit

/// `append` through the binary: rows from another series of the store or
/// the input, errors with their script paths, `script check`, `preview`.
@Suite("append through the binary")
struct AppendCLITests {
    /// Long format: A on 2024-01-01 … 10 (v = day), B on 2024-01-01 … 20 (v = 100 + day).
    static func data(_ dir: TemporaryDirectory) throws -> String {
        var text = "s,date,v\n"
        for d in 1 ... 10 { text += "A,2024-01-\(d < 10 ? "0" : "")\(d),\(d)\n" }
        for d in 1 ... 20 { text += "B,2024-01-\(d < 10 ? "0" : "")\(d),\(100 + d)\n" }
        return try dir.write("data.csv", text)
    }

    /// Three rows of B after A's last day, then the rest of B (7 rows, not 100).
    static let script = #"""
    {"series": "A", "fps": 10, "duration": 1.5, "window": {"initial": {"last": {"points": 5}}},
     "events": [{"at": 0.5, "action": "append", "from": {"series": "B", "rows": 3}},
                {"at": 1, "action": "append", "from": {"series": "B", "rows": 100}}]}
    """#

    static func day(_ d: Int) -> Double { WalkedCalendar.seconds("2024-01-\(d < 10 ? "0" : "")\(d)") }

    /// Checks the frames: windows follow the rows of B as they arrive.
    func check(_ out: String) throws {
        let lines = out.split(separator: "\n")
        #expect(lines.count == 16)
        for line in lines {
            let o = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            let t = try #require(o["t"] as? Double)
            let w = try #require(o["window"] as? [String: Double])
            let sel = try #require(o["selector"] as? [String: Double])
            let a = try #require(o["annotation"] as? [String: Any])
            // Last day, in A's days: 10, then 13, then B's last, 20.
            let last = t < 0.45 ? 10 : t < 0.95 ? 13 : 20
            #expect(w["min"] == Self.day(last - 4) && w["max"] == Self.day(last), "t = \(t)")
            let extent = Self.day(last) - Self.day(1)
            #expect(close(sel["min_px"]!, (Self.day(last - 4) - Self.day(1)) / extent * 800) && sel["max_px"] == 800, "t = \(t)")
            #expect(a["y"] as? Double == Double(last <= 10 ? last : 100 + last), "t = \(t)")
            #expect(o["phase"] as? String == ((abs(t - 0.5) < 1e-9 || abs(t - 1) < 1e-9) ? "animate" : "idle"), "t = \(t)")
        }
    }

    @Test("from a series of --input: the next rows after the last x, fewer when the source runs out")
    func fromInput() throws {
        let dir = try TemporaryDirectory()
        let s = try dir.write("s.json", Self.script)
        let r = try runRangepipe(["play", s, "--input", try Self.data(dir), "--series-column", "s", "--output-time-format", "epoch-s"])
        #expect(r.status == 0, "\(r.stderr)")
        try check(r.out)
    }

    @Test("from a series of the store: the same frames")
    func fromStore() throws {
        let dir = try TemporaryDirectory()
        let s = try dir.write("s.json", Self.script), store = dir.path("s.sqlite")
        let i = try runRangepipe(["ingest", try Self.data(dir), "--series-column", "s", "--store", store, "--quiet"])
        #expect(i.status == 0, "\(i.stderr)")
        let r = try runRangepipe(["play", s, "--store", store, "--output-time-format", "epoch-s"])
        #expect(r.status == 0, "\(r.stderr)")
        try check(r.out)
        let c = try runRangepipe(["script", "check", s, "--store", store])
        #expect(c.status == 0)
        #expect(c.out.contains("0.5 s  events[0]  append the next 3 rows of series B\n"))
        #expect(c.out.contains("1 s    events[1]  append the next 100 rows of series B\n"))
    }

    @Test("a missing source series, x not increasing and unknown keys are one located line, exit 65, no output file")
    func errors() throws {
        let dir = try TemporaryDirectory()
        let data = try Self.data(dir)
        let cases: [(String, String)] = [
            (#"{"series": "A", "events": [{"at": 1, "action": "append", "from": {"series": "Z", "rows": 2}}]}"#,
             "events[0].from.series: series 'Z' is not in the input; (2 series: A, B)"),
            (#"{"series": "A", "events": [{"at": 1, "action": "append", "rows": [["2024-01-11", 1], ["2024-01-10T12:00:00Z", 2]]}]}"#,
             "events[0].rows[1][0]: x 2024-01-10T12:00:00Z is not after the last x of series 'A' (2024-01-11T00:00:00Z); appended x must increase"),
            (#"{"series": "A", "events": [{"at": 1, "action": "append", "rows": [[1e300, 1]]}]}"#,
             "events[0].rows[0][0]: 1e+300 s is outside the times rangepipe can write (years 0000 to 9999)"),
            (#"{"series": "A", "events": [{"at": 1, "action": "append", "from": {"series": "B", "rows": 0}}]}"#,
             "events[0].from.rows: 0 is out of range (at least 1, at most 10000000)"),
            (#"{"series": "A", "events": [{"at": 1, "action": "append", "from": {"file": "x.csv", "series": "B", "rows": 1}}]}"#,
             "events[0].from.file: files are not read by append; ingest the file (or pass it with --input) and name its series"),
            (#"{"series": "A", "events": [{"at": 1, "action": "append"}]}"#,
             "events[0].rows: missing (append needs \"rows\" or \"from\")"),
        ]
        for (script, message) in cases {
            let s = try dir.write("bad.json", script), out = dir.path("out.ndjson")
            let r = try runRangepipe(["play", s, "--input", data, "--series-column", "s", "-o", out])
            #expect(r.status == 65, "\(message)")
            #expect(r.stderr == "rangepipe: error: \(s): \(message)\n")
            #expect(!FileManager.default.fileExists(atPath: out))
        }
    }

    @Test("preview after an append draws the overview over the grown extent")
    func preview() throws {
        let dir = try TemporaryDirectory()
        let s = try dir.write("s.json", Self.script), store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try Self.data(dir), "--series-column", "s", "--store", store, "--quiet"]).status == 0)
        let svg = dir.path("f.svg")
        let r = try runRangepipe(["preview", s, "--store", store, "--frame", "12", "-o", svg])
        #expect(r.status == 0, "\(r.stderr)")
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        // The selection [Jan 16, Jan 20] of [Jan 1, Jan 20]: 15/19 and 4/19 of 800 px.
        #expect(text.contains("<rect x=\"\(SVGNumber.fmt(15.0 / 19 * 800))\" y=\"0\" width=\"\(SVGNumber.fmt(800 - 15.0 / 19 * 800))\""))
        // The overview line ends at the right edge: B's last day is the extent's end.
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("<polyline fill=\"none\" stroke=\"#888\"") })
        let lastPoint = try #require(line.split(separator: " ").last { $0.contains(",") })
        #expect(lastPoint.hasPrefix("points=") ? lastPoint.dropFirst(8).hasPrefix("800,") : lastPoint.hasPrefix("800,"))
    }
}
