import Foundation
import Testing
@testable import RangePipeKit

/// An RFC 4180 reader written here (quoted fields, doubled quotes, embedded
/// commas and newlines), to read what the binary writes.
func readRFC4180(_ text: String) -> [[String]] {
    var rows: [[String]] = [], row: [String] = [], field = ""
    var quoted = false, wasQuoted = false
    var chars = Array(text)[...]
    while let c = chars.popFirst() {
        if quoted {
            if c == "\"" {
                if chars.first == "\"" { field.append("\""); chars.removeFirst() } else { quoted = false }
            } else { field.append(c) }
        } else if c == "\"" && field.isEmpty && !wasQuoted {
            quoted = true
            wasQuoted = true
        } else if c == "," {
            row.append(field); field = ""; wasQuoted = false
        } else if c == "\n" {
            row.append(field); rows.append(row); row = []; field = ""; wasQuoted = false
        } else { field.append(c) }
    }
    if !field.isEmpty || !row.isEmpty { row.append(field); rows.append(row) }
    return rows
}

/// The binary's user-visible options, one by one (SPEC 1).
@Suite("Command-line options through the binary")
struct CLISpecTests {
    @Test("--help on every command and --version exit 0 and say what they should")
    func helpAndVersion() throws {
        let version = try runRangepipe(["--version"])
        #expect(version.status == 0)
        #expect(version.out.range(of: #"^\d+\.\d+\.\d+\n$"#, options: .regularExpression) != nil, "\(version.out)")
        let top = try runRangepipe(["--help"])
        #expect(top.status == 0)
        for command in ["ingest", "series", "play", "preview"] { #expect(top.out.contains(command)) }
        let options = ["ingest": ["--format", "--axis", "--time-format", "--delimiter", "--no-header", "--wait", "--store"],
                       "series": ["--json", "--store"], "play": ["--fps", "--tracks", "--jobs", "--input"], "preview": ["--frame", "--frames"]]
        for (command, names) in options {
            let r = try runRangepipe([command, "--help"])
            #expect(r.status == 0, "\(command)")
            #expect(r.out.contains("USAGE: rangepipe \(command)"), "\(command): \(r.out.prefix(200))")
            for name in names { #expect(r.out.contains(name), "\(command) --help lacks \(name)") }
        }
    }

    @Test("--format, --delimiter and --no-header: a semicolon file named .txt without a header")
    func formatDelimiterNoHeader() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let file = try dir.write("data.txt", "3;30;x,y\n1;10;y\n2;\"25\";z\n")
        let r = try runRangepipe(["ingest", file, "--format", "csv", "--delimiter", ";", "--no-header", "--series", "semi",
                                  "--y", "2", "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let s = try #require(try loadStored(store, "semi"))
        #expect(s.x == [1, 2, 3] && s.axis == .number)
        #expect(s.fields.map(\.name) == ["col2"] && s.fields[0].values == [10, 25, 30])
        let ndjson = try dir.write("rows.log", "{\"t\":2,\"v\":1}\n{\"t\":1,\"v\":4}\n")
        #expect(try runRangepipe(["ingest", ndjson, "--format", "ndjson", "--store", store, "--quiet"]).status == 0)
        #expect(try loadStored(store, "rows")?.fields.first?.values == [4, 1])
    }

    @Test("--axis and --time-format: numbers as categories, epoch milliseconds, a strptime pattern")
    func axisAndTimeFormat() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let numbers = try dir.write("n.csv", "x,v\n2012,1\n2010,2\n2012,3\n")
        #expect(try runRangepipe(["ingest", numbers, "--axis", "category", "--store", store, "--quiet", "--duplicates", "keep"]).status == 0)
        let n = try #require(try loadStored(store, "n"))
        // Ordinals in order of first appearance; rows sorted by x, stable.
        #expect(n.axis == .category && n.categories == ["2012", "2010"])
        #expect(n.x == [0, 0, 1] && n.fields[0].values == [1, 3, 2])
        let ms = try dir.write("ms.csv", "t,v\n1700000000250,1\n1700000001000,2\n")
        #expect(try runRangepipe(["ingest", ms, "--time-format", "epoch-ms", "--store", store, "--quiet"]).status == 0)
        let m = try #require(try loadStored(store, "ms"))
        #expect(m.axis == .time && m.x == [1_700_000_000.25, 1_700_000_001])
        let pattern = try dir.write("p.csv", "when,v\n02.01.2004 03:04,1\n")
        #expect(try runRangepipe(["ingest", pattern, "--time-format", "%d.%m.%Y %H:%M", "--timezone", "+02:00", "--store", store, "--quiet"]).status == 0)
        // 2004-01-02 01:04 UTC: 12419 days after 1970-01-01, counted by hand (34 years, 8 leap days, 1 day).
        #expect(try loadStored(store, "p")?.x == [Double((34 * 365 + 8 + 1) * 86_400 + 3_840)])
        let asNumbers = try dir.write("e.csv", "t,v\n1700000000,1\n")
        #expect(try runRangepipe(["ingest", asNumbers, "--axis", "number", "--store", store, "--quiet"]).status == 0)
        #expect(try loadStored(store, "e")?.axis == .number)
        let listing = try runRangepipe(["series", "--store", store, "--json"]).out
        #expect(listing.contains(#""name":"ms","axis":"time","points":2"#), "\(listing)")
        #expect(listing.contains(#""x":{"min":"2023-11-14T22:13:20.25Z","max":"2023-11-14T22:13:21Z"}"#), "\(listing)")
        #expect(listing.contains(#""categories":["2012","2010"]"#))
    }

    /// A category series whose name, labels and annotation need CSV quoting.
    func quotedStore(_ dir: TemporaryDirectory) throws -> (store: String, script: String) {
        let store = dir.path("c.sqlite")
        let csv = try dir.write("c.csv", "q,2012\nQ1,120\n\"Q,2\",140\n\"Q\"\"3\",50\nQ4,120\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", #"a,"b""#, "--quiet"]).status == 0)
        let script = try dir.write("c.json", #"{"fps": 2, "duration": 0.5, "window": {"initial": {"min": "Q,2", "max": "Q4"}}, "annotation": {"format": "%.1f, units"}, "events": []}"#)
        return (store, script)
    }

    @Test("category series in NDJSON: fractional-ordinal windows, labels for annotation and values")
    func categoryNDJSON() throws {
        let dir = try TemporaryDirectory()
        let (store, script) = try quotedStore(dir)
        let r = try runRangepipe(["play", script, "--store", store, "--tracks", "range,annotation,selector,values,points"])
        #expect(r.status == 0, "\(r.stderr)")
        let lines = r.out.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        // Window [1, 3] of bounds [0, 3] on 800 px: selector 266.666…, 800; y over Q,2…Q4 = 50…140; last visible Q4 = 120.
        let expected = #"{"series":"a,\"b\"","frame":0,"t":0.0,"phase":"idle","window":{"min":1.0,"max":3.0},"selector":{"min_px":"#
            + "\(1.0 / 3 * 800)" + #","max_px":800.0},"y":{"min":50.0,"max":140.0},"annotation":{"x":"Q4","y":120.0,"label":"120.0, units","visible":true},"#
            + #""values":[{"x":"Q,2","y":140.0},{"x":"Q\"3","y":50.0},{"x":"Q4","y":120.0}],"points":[[1.0,140.0],[2.0,50.0],[3.0,120.0]]}"#
        #expect(lines[0] == expected)
    }

    @Test("CSV: RFC 4180 quoting of names, labels and the values/points JSON; a missing value is an empty cell")
    func csvQuoting() throws {
        let dir = try TemporaryDirectory()
        let (store, script) = try quotedStore(dir)
        let r = try runRangepipe(["play", script, "--store", store, "--format", "csv", "--tracks", "range,annotation,selector,values,points"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = readRFC4180(r.out)
        #expect(rows.count == 3)
        #expect(rows[0] == ["series", "frame", "t", "phase", "window_min", "window_max", "selector_min_px", "selector_max_px", "y_min", "y_max",
                            "annotation_x", "annotation_y", "annotation_label", "annotation_visible", "values", "points"])
        #expect(rows[1] == [#"a,"b""#, "0", "0.0", "idle", "1.0", "3.0", "\(1.0 / 3 * 800)", "800.0", "50.0", "140.0", "Q4", "120.0", "120.0, units", "true",
                            #"[{"x":"Q,2","y":140.0},{"x":"Q\"3","y":50.0},{"x":"Q4","y":120.0}]"#, "[[1.0,140.0],[2.0,50.0],[3.0,120.0]]"])
        // Every cell that holds a comma or a quote is quoted in the raw text.
        #expect(r.out.contains(#""a,""b""""#) && r.out.contains(#""120.0, units""#))
        // No visible value: y and annotation cells are empty.
        let empty = try dir.write("e.csv", "x,v\n1,NA\n2,NA\n3,5\n")
        let store2 = dir.path("e.sqlite")
        #expect(try runRangepipe(["ingest", empty, "--store", store2, "--quiet"]).status == 0)
        let s2 = try dir.write("e.json", #"{"fps": 1, "duration": 1, "window": {"initial": {"min": 1, "max": 1.5}, "minSpan": 0.1}, "events": []}"#)
        let e = try runRangepipe(["play", s2, "--store", store2, "--format", "csv", "--tracks", "range,annotation"])
        #expect(readRFC4180(e.out).dropFirst().first == ["e", "0", "0.0", "idle", "1.0", "1.5", "", "", "", "", "", ""], "\(e.out)")
    }

    @Test("points track: every point of a sparse window plus the two cut points, interpolated")
    func pointsTrack() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("sq.csv", "x,v\n" + (0 ... 100).map { "\($0),\($0 * $0)" }.joined(separator: "\n") + "\n")
        let script = try dir.write("p.json", #"{"fps": 1, "duration": 1, "window": {"initial": {"min": 10.5, "max": 14.25}}, "events": []}"#)
        let r = try runRangepipe(["play", script, "--input", data, "--tracks", "points"])
        #expect(r.status == 0, "\(r.stderr)")
        // Cut at 10.5: 100 + 0.5·21 = 110.5; at 14.25: 196 + 0.25·29 = 203.25.
        #expect(r.out.contains(#""points":[[10.5,110.5],[11.0,121.0],[12.0,144.0],[13.0,169.0],[14.0,196.0],[14.25,203.25]]"#), "\(r.out)")
    }

    @Test("progress: shown on a terminal after the delay, never with --quiet or when stderr is not a terminal")
    func progress() throws {
        let dir = try TemporaryDirectory()
        // RANGEPIPE_PROGRESS_DELAY=0 shows the bar from the first byte (one second by default), so what
        // is drawn does not depend on how fast the machine is.
        let input = "printf 'x,v\\n1,1\\n2,2\\n'"
        func run(_ options: String, terminal: Bool) throws -> String {
            let store = dir.path("s-\(UUID().uuidString).sqlite")
            let command = "\(input) | RANGEPIPE_PROGRESS_DELAY=0 \"$RANGEPIPE\" ingest - --store '\(store)' \(options)"
            let r = try runShell(terminal ? "script -qec '\(command.replacingOccurrences(of: "'", with: "'\\''"))' /dev/null" : "\(command) 2>&1")
            #expect(r.status == 0, "\(r.out) \(r.stderr)")
            #expect(try sqlite3(store, "SELECT points FROM series") == ["2"])
            return r.out
        }
        let shown = try run("", terminal: true)
        // The bar's own carriage return and erase-line reach the terminal as they are (not escaped as text).
        #expect(shown.contains("\rstdin: ") && shown.contains("MiB") && shown.contains("\u{1B}[K"), "\(shown.debugDescription)")
        #expect(!shown.contains("\\x0d") && !shown.contains("\\x1b"), "\(shown.debugDescription)")
        #expect(!(try run("--quiet", terminal: true)).contains("MiB"))
        #expect(!(try run("", terminal: false)).contains("MiB"))
    }
}
