import Foundation
import Testing
@testable import RangePipeKit

/// Foreign, newer and damaged store files: refused before anything in them
/// changes, and every stored count, offset and value is checked on read
/// (a located error naming the series, exit 65), never trusted.
@Suite("Damaged and foreign stores")
struct DamagedStoreTests {
    func sqlite(_ db: String, _ sql: String) throws -> String {
        let r = try runProcess(URL(fileURLWithPath: "/usr/bin/sqlite3"), [db, sql], stdin: nil, in: nil)
        try #require(r.status == 0, "sqlite3: \(r.stderr)")
        return r.out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func data(_ dir: TemporaryDirectory) throws -> String {
        try dir.write("d.csv", "x,v\n" + (0 ..< 100).map { "\($0),\($0 % 13)" }.joined(separator: "\n") + "\n")
    }

    @Test("a foreign SQLite file, a newer store and a negative version are refused and left exactly as they were", arguments: [
        ("create table foo(a); insert into foo values(1);", "not a rangepipe store (a SQLite database with other tables)"),
        ("pragma user_version = -1;", "not a rangepipe store (unknown schema version -1)"),
        ("create table meta(key, value); pragma user_version = 7;", "schema version 7, newer than this rangepipe understands"),
    ])
    func refusedUnchanged(setup: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("other.sqlite")
        _ = try sqlite(store, setup)
        #expect(try sqlite(store, "pragma journal_mode") == "delete")
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let csv = try data(dir)
        let ingest = try runRangepipe(["ingest", csv, "--store", store, "--quiet"])
        #expect(ingest.status == 65)
        #expect(ingest.stderr.contains(message), "\(ingest.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)
        #expect(try sqlite(store, "pragma journal_mode") == "delete")
        let series = try runRangepipe(["series", "--store", store])
        #expect(series.status == 65)
        #expect(series.stderr.contains(message))
    }

    @Test("damaged rows are located errors naming the series", arguments: [
        ("update series set points = -5", "series 'd': it claims -5 points, which the store cannot hold"),
        ("update series set points = 100000000000", "series 'd': it claims 100000000000 points"),
        ("update series set points = 101", "series 'd': column -1 has 100 of 101 values"),
        ("update chunk set data = x'000000000000F87F' || substr(data, 9) where column_index = -1", "series 'd': x at point 1 is not a finite number"),
        ("update chunk set data = x'0000000000005940' || substr(data, 9) where column_index = -1", "series 'd': x at point 2 is out of order"),
        ("update chunk set data = x'000000000000F07F' || substr(data, 9) where column_index = 0", "series 'd': field 'v' at point 1 is infinite"),
        ("update chunk set first_index = 9223372036854775807", "series 'd': a damaged chunk in column -1 at value 0"),
        ("update chunk set data = substr(data, 2) where column_index = 0", "series 'd': a damaged chunk in column 0 at value 0"),
        ("pragma ignore_check_constraints = 1; update series set axis = 'bogus'", "series 'd': unknown axis 'bogus'"),
        ("drop table category", "damaged store (1 of its tables missing)"),
    ])
    func damaged(sql: String, message: String) throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try data(dir), "--store", store, "--series", "d", "--quiet"]).status == 0)
        _ = try sqlite(store, sql)
        let script = try dir.write("d.json", #"{"series":"d","duration":0.2,"events":[]}"#)
        for args in [["play", script, "--store", store, "--tracks", "points"],
                     ["preview", script, "--store", store, "--frame", "0", "-o", dir.path("p.svg")],
                     ["player", script, "--store", store, "-o", dir.path("p.html")]] {
            let r = try runRangepipe(args)
            #expect(r.status == 65, "\(args[0]): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: \(store): damaged store"), "\(args[0]): \(r.stderr)")
            #expect(r.stderr.contains(message), "\(args[0]): \(r.stderr)")
        }
    }

    @Test("a directory as --store is named; a store in a read-only directory is still read")
    func directories() throws {
        let dir = try TemporaryDirectory()
        let r1 = try runRangepipe(["series", "--store", dir.url.path])
        #expect(r1.status == 66)
        #expect(r1.stderr.contains("is a directory, not a store"))
        let r2 = try runRangepipe(["ingest", try data(dir), "--store", dir.url.path])
        #expect(r2.status == 73)
        #expect(r2.stderr.contains("is a directory, not a store"))

        let shared = try TemporaryDirectory()
        let store = shared.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try data(dir), "--store", store, "--series", "d", "--quiet"]).status == 0)
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: shared.url.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: shared.url.path) }
        let script = try dir.write("d.json", #"{"series":"d","duration":0.2,"events":[]}"#)
        for args in [["series", "--store", store], ["play", script, "--store", store]] {
            let r = try runUnprivileged(args)
            #expect(r.status == 0, "\(args[0]): \(r.stderr)")
        }
    }

    @Test("messages: --jobs out of range, a closed stdout before ingest --json commits anything")
    func messages() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let script = try dir.write("d.json", #"{"series":"d","duration":0.2,"events":[]}"#)
        for jobs in ["-1", "0", "4097", "99999999999999999999"] {
            let r = try runRangepipe(["play", script, "--store", store, "--jobs", jobs])
            #expect(r.status == 64, "--jobs \(jobs): \(r.stderr)")
            #expect(r.stderr.contains("--jobs"), "\(r.stderr)")
        }
        for wait in ["-1", "nan", "inf"] {
            let r = try runRangepipe(["ingest", try data(dir), "--store", store, "--wait", wait])
            #expect(r.status == 64, "--wait \(wait): \(r.stderr)")
        }
        let closed = try runShell("\"$RANGEPIPE\" ingest '\(try data(dir))' --store '\(store)' --json >&-")
        #expect(closed.status == 74)
        #expect(closed.stderr == "rangepipe: error: stdout: I/O error: standard output is closed\n")
        #expect(!FileManager.default.fileExists(atPath: store))
    }

    @Test("control characters in names are escaped in messages and tables, and shown as pictures in SVG")
    func controlCharacters() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let name = "evil\u{1b}]0;pwned\u{07}\u{1b}[31m\u{9b}2J"
        let csv = try dir.write("c.csv", "name,x,v\n" + (0 ..< 20).map { "\"\(name)\",\($0),\($0)" }.joined(separator: "\n") + "\n")
        let ingest = try runRangepipe(["ingest", csv, "--store", store, "--series-column", "name"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        #expect(!ingest.stderr.contains("\u{1b}"))
        #expect(ingest.stderr.contains("evil\\x1b]0;pwned\\x07\\x1b[31m\\u{9b}2J"))
        let table = try runShell("script -qc \"'$RANGEPIPE' series --store '\(store)'\" /dev/stdout < /dev/null")
        #expect(!table.out.contains("\u{1b}]0"), "\(table.out)")
        let missing = try runRangepipe(["play", try dir.write("m.json", #"{"series":"x\u001b[2Jy","duration":0.2,"events":[]}"#), "--store", store])
        #expect(missing.status == 65)
        #expect(!missing.stderr.contains("\u{1b}"))
        let script = try dir.write("c.json", #"{"series":"evil\u001b]0;pwned\u0007\u001b[31m\u009b2J","duration":0.2,"events":[]}"#)
        let svg = dir.path("c.svg")
        #expect(try runRangepipe(["preview", script, "--store", store, "--frame", "0", "-o", svg]).status == 0)
        let text = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0.value != 0x0a && $0.value != 0x09 })
        #expect(text.contains("evil␛]0;pwned␇␛[31m"))
        let xmllint = try runShell("python3 -c 'import sys, xml.dom.minidom as m; m.parse(sys.argv[1])' '\(svg)'")
        #expect(xmllint.status == 0, "\(xmllint.stderr)")
    }

    @Test("<!--, <script and </ in names, labels and formats cannot end or bend the player's script")
    func playerEscapes() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let name = "<!--<script>"
        let csv = try dir.write("c.csv", "name,x,v\n" + (0 ..< 20).map { "\"\(name)\",\($0),\($0)" }.joined(separator: "\n") + "\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series-column", "name", "--quiet"]).status == 0)
        let script = try dir.write("c.json", #"{"series":"<!--<script>","duration":0.2,"annotation":{"format":"</script><!--%.1f<script>"},"events":[]}"#)
        let page = dir.path("c.html")
        let r = try runRangepipe(["player", script, "--store", store, "-o", page])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        let plain = try String(contentsOfFile: try {
            let p = dir.path("plain.html")
            let s = try dir.write("p.json", #"{"series":"<!--<script>","duration":0.2,"events":[]}"#)
            _ = try runRangepipe(["player", s, "--store", store, "-o", p])
            return p
        }(), encoding: .utf8)
        // The page's own script elements only, and no comment opener at all.
        #expect(html.components(separatedBy: "<script").count == plain.components(separatedBy: "<script").count)
        #expect(!html.contains("<!--"))
        #expect(html.contains(#"\u003c!--\u003cscript>"#))
    }
}
