import Foundation
import Testing
@testable import RangePipeKit

/// Issue 42's other members: a NUL is named as a NUL, `--max-mb` has no
/// false ceiling, and an unknown series is reported at a bounded cost by
/// every command that names one.
@Suite("names in messages: NUL, unknown series, budgets (issue 42)")
struct NameMessageTests {
    @Test("a NUL in a name or label is named as a NUL, located, exit 65, and no store is made", arguments: [
        ("h.csv", "a,\"b\u{0}c\"\n1,2\n2,3\n", "h.csv:1:2: header: column name"),
        ("s.csv", "s,x,v\n\"a\u{0}b\",1,2\n\"a\u{0}b\",2,3\n", "s.csv:2:1: series name"),
        ("c.csv", "day,v\n\"a\u{0}b\",1\nc,2\n", "c.csv:2:1: column 'day': category label"),
        ("c.ndjson", "{\"x\":\"a\\u0000b\",\"v\":1}\n{\"x\":\"c\",\"v\":2}\n", "c.ndjson:1:6: column 'x': category label"),
        ("s.ndjson", "{\"s\":\"a\\u0000b\",\"x\":1,\"v\":1}\n{\"s\":\"a\\u0000b\",\"x\":2,\"v\":2}\n", "s.ndjson:1:6: series name"),
        ("k.ndjson", "{\"x\":1,\"a\\u0000b\":2}\n{\"x\":2,\"a\\u0000b\":3}\n", "field 'a\\x00b'"),
    ])
    func nul(file: String, text: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let path = try dir.write(file, text)
        let store = dir.path("s.sqlite")
        var arguments = ["ingest", path, "--store", store]
        if file.hasPrefix("s.") { arguments += ["--series-column", "s"] }
        let r = try runRangepipe(arguments)
        #expect(r.status == 65)
        #expect(r.stderr.contains(message) && r.stderr.contains("holds a NUL byte (U+0000)"), "\(r.stderr)")
        #expect(!r.stderr.contains("UTF-8") && !r.stderr.contains("iconv") && !r.stderr.contains("\u{0}"), "\(r.stderr)")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("--max-mb takes any positive number (the budget only decides decimation); 0, negatives and nan are usage errors")
    func maxMB() throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let script = try dir.write("p.json", #"{"series": "AAPL", "fps": 5, "duration": 0.4, "events": []}"#)
        for mb in ["100000", "1e12", "1e300", "inf"] {
            let r = try runRangepipe(["player", script, "--store", store, "--max-mb", mb, "-o", dir.path("p.html")])
            #expect(r.status == 0, "--max-mb \(mb): \(r.stderr)")
        }
        for mb in ["0", "-1", "nan"] {
            let r = try runRangepipe(["player", script, "--store", store, "--max-mb=\(mb)", "-o", dir.path("q.html")])
            #expect(r.status == 64, "--max-mb \(mb): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: --max-mb: expected a positive number"), "\(r.stderr)")
        }
    }

    /// `name000000` … sorted as the store sorts them.
    static func names(_ n: Int) -> [String] {
        (0 ..< n).map { "name" + String(repeating: "0", count: 6 - String($0).count) + String($0) }
    }

    @Test("suggestions compare a bounded number of names, the same for 10^3 as for 10^5, and still find the close ones")
    func boundedSuggestions() {
        let bound = 8 * NameSuggestions.reach
        for n in [1_000, 100_000] {
            let names = Self.names(n)
            for wanted in ["name00012x", "NAME000421", "zzz", "", "name999999", "a"] {
                #expect(NameSuggestions.candidates(for: wanted, among: names).count <= bound, "\(wanted) among \(n)")
            }
            #expect(NameSuggestions.text(for: "name00012x", among: names).hasPrefix("did you mean 'name000120'"))
            #expect(NameSuggestions.text(for: "NAME000421", among: names).hasPrefix("did you mean 'name000421'"))
            #expect(NameSuggestions.text(for: "Name000421", among: names).hasPrefix("did you mean 'name000421'"))
            #expect(NameSuggestions.text(for: "zzzzzzzzzz", among: names).hasPrefix("(\(n) series: name000000, "))
        }
    }

    @Test("every command naming an unknown series says the closest names and a short list, never every name")
    func unknownSeriesEverywhere() throws {
        let dir = try TemporaryDirectory()
        let names = Self.names(300)
        let csv = try dir.write("d.csv", "s,x,v\n" + names.map { "\($0),1,1\n\($0),2,2\n" }.joined())
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series-column", "s", "--quiet"]).status == 0)
        let plain = try dir.write("p.json", #"{"fps": 5, "duration": 0.2, "events": []}"#)
        let named = try dir.write("n.json", #"{"series": "name00012x", "fps": 5, "duration": 0.2, "events": []}"#)
        let linked = try dir.write("l.json", #"{"sync": ["name000001", "name00012x"], "fps": 5, "duration": 0.2, "events": []}"#)
        let append = try dir.write("a.json", #"{"series": "name000001", "fps": 5, "duration": 0.2, "events": [{"at": 0.1, "action": "append", "from": {"series": "name00012x", "rows": 1}}]}"#)
        let input = ["--input", csv, "--series-column", "s"]
        let runs: [[String]] = [
            ["play", plain, "--store", store, "--series", "name00012x"], ["play", named, "--store", store],
            ["play", linked, "--store", store], ["play", append, "--store", store],
            ["preview", named, "--store", store, "--frame", "0", "-o", dir.path("o.svg")],
            ["player", named, "--store", store, "-o", dir.path("o.html")],
            ["script", "check", named, "--store", store],
            ["play", named] + input, ["play", linked] + input, ["play", append] + input,
        ]
        for arguments in runs {
            let r = try runRangepipe(arguments)
            #expect(r.status == 65, "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("series 'name00012x' is not in the "), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("did you mean 'name000120'"), "\(arguments): \(r.stderr)")
            #expect(r.stderr.contains("(300 series: name000000, name000001,"), "\(arguments): \(r.stderr)")
            #expect(r.stderr.count < 500 && !r.stderr.contains("name000299"), "\(arguments): \(r.stderr)")
        }
        let none = try runRangepipe(["play", plain, "--store", store])
        #expect(none.status == 65)
        #expect(none.stderr.contains("the script names no series and the store holds 300 series: name000000,"), "\(none.stderr)")
        #expect(none.stderr.count < 500, "\(none.stderr)")
    }
}
