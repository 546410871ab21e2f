import Foundation
import Testing
@testable import RangePipeKit

/// One bad input: its file contents, extra arguments, and what must be said.
struct BadInputCase: CustomStringConvertible, Sendable {
    var name: String
    var file: String
    var bytes: [UInt8]
    var arguments: [String] = []
    /// `line:col: message-fragment` expected right after the file name.
    var location: String
    var message: String
    var status: Int32 = 65

    init(_ name: String, _ file: String, _ text: String, _ location: String, _ message: String, args: [String] = []) {
        self.init(name, file, bytes: Array(text.utf8), location, message, args: args)
    }

    init(_ name: String, _ file: String, bytes: [UInt8], _ location: String, _ message: String, args: [String] = []) {
        self.name = name
        self.file = file
        self.bytes = bytes
        self.location = location
        self.message = message
        self.arguments = args
    }

    var description: String { name }
}

let badInputCases: [BadInputCase] = [
    // CSV
    .init("unterminated quote", "a.csv", "x,v\n1,2\n3,\"4\n", "3:2", "unterminated quoted field"),
    .init("quote inside a field", "a.csv", "x,v\n1,a\"b\n", "2:2", "malformed CSV"),
    .init("ragged row, too many", "a.csv", "x,v\n1,2\n3,4,5\n", "3:3", "expected 2 fields, got 3"),
    .init("ragged row, too few", "a.csv", "x,v,w\n1,2,3\n4,5\n", "3:3", "expected 3 fields, got 2"),
    .init("bad number", "a.csv", "x,v\n1,2\n2,abc\n", "3:2", "column 'v': expected a number, got \"abc\""),
    .init("bad number in a --y column", "a.csv", "x,v\n1,N/B\n", "2:2", "column 'v': expected a number", args: ["--y", "v"]),
    .init("no numeric column", "a.csv", "x,v\n1,abc\n", "1:1", "no numeric value column"),
    .init("bad time", "a.csv", "t,v\n2004-01-02,1\n2004-13-45,2\n", "3:1", "expected a time like the first row"),
    .init("time format changes mid-file", "a.csv", "t,v\n2004-01-02,1\n2004/01/03,2\n", "3:1", "expected a time like the first row (ISO-8601"),
    .init("bad number on a number axis", "a.csv", "x,v\n1,1\nseven,2\n", "3:1", "column 'x': expected a number, got \"seven\""),
    .init("missing x value", "a.csv", "x,v\n1,1\n,2\n", "3:1", "missing x value"),
    .init("empty file", "a.csv", "", "1:1", "empty input"),
    .init("header only", "a.csv", "x,v\n", "1:1", "no data rows"),
    .init("invalid UTF-8 label", "a.csv", bytes: Array("x,v\n".utf8) + [0xff, 0xfe] + Array(",1\n".utf8), "2:1", "not valid UTF-8"),
    .init("NUL byte in a label", "a.csv", bytes: Array("x,v\nab".utf8) + [0] + Array("c,1\n".utf8), "2:1", "category label holds a NUL byte (U+0000)", args: ["--axis", "category"]),
    .init("missing x column", "a.csv", "x,v\n1,2\n", "1:1", "--x nope: no such column", args: ["--x", "nope"]),
    .init("missing series column", "a.csv", "x,v\n1,2\n", "1:1", "--series-column sym: no such column", args: ["--series-column", "sym"]),
    .init("empty series name", "a.csv", "s,x,v\nA,1,2\n,2,3\n", "3:1", "missing series name", args: ["--series-column", "s"]),
    .init("duplicate x with --duplicates error", "a.csv", "x,v\n1,2\n1,3\n", "3:1", "duplicate x", args: ["--duplicates", "error"]),
    // Written in name order, the error still names the first series in the
    // file's order that repeats an x ('zeta', line 5), not 'alpha' (line 6).
    .init("--duplicates error names the first series in file order", "a.csv",
          "x,s,v\n1,zeta,1\n2,alpha,2\n3,zeta,3\n3,zeta,4\n2,alpha,5\n", "5:1", "series 'zeta': duplicate x 3",
          args: ["--series-column", "s", "--duplicates", "error"]),
    .init("CRLF file, bad row on line 4", "a.csv", "x,v\r\n1,2\r\n\r\n2,x\r\n", "4:2", "expected a number"),
    .init("quoted newline shifts the line", "a.csv", "x,v,n\n1,2,\"a\nb\"\n2,zz,c\n", "4:2", "expected a number"),
    .init("TSV bad number", "a.tsv", "x\tv\n1\t2\n2\tnope\n", "3:2", "expected a number"),
    // NDJSON
    .init("truncated last line", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"x\":2,\"v\":", "2:12", "truncated JSON object"),
    .init("invalid JSON", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"x\":2 \"v\":3}\n", "2:8", "expected ',' or '}'"),
    .init("a non-object line", "a.ndjson", "{\"x\":1,\"v\":2}\n[1,2]\n", "2:1", "expected a JSON object"),
    .init("missing x key", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"v\":3}\n", "2:1", "missing x value"),
    .init("wrong value type (string)", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"x\":2,\"v\":\"abc\"}\n", "2:12", "column 'v': expected a number, got \"abc\""),
    .init("wrong value type (bool)", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"x\":2,\"v\":true}\n", "2:12", "expected a number, got true"),
    .init("nested value in a value column", "a.ndjson", "{\"x\":1,\"v\":2}\n{\"x\":2,\"v\":[[[1]]]}\n", "2:12", "got a nested value"),
    .init("trailing text after an object", "a.ndjson", "{\"x\":1,\"v\":2} 7\n", "1:15", "unexpected text after the JSON object"),
    .init("bad escape", "a.ndjson", "{\"x\":1,\"v\":2,\"s\":\"\\q\"}\n", "1:20", "invalid escape"),
    .init("number JSON forbids", "a.ndjson", "{\"x\":1,\"v\":01}\n", "1:13", "expected ',' or '}'"),
    .init("empty NDJSON", "a.ndjson", "\n\n", "1:1", "empty input"),
    // JSON
    .init("JSON that is not an array", "a.json", "{\"x\":1,\"v\":2}", "1:1", "expected a JSON array"),
    .init("trailing garbage after the array", "a.json", "[{\"x\":1,\"v\":2}] xyz", "1:17", "unexpected text after the JSON array"),
    .init("truncated array", "a.json", "[{\"x\":1,\"v\":2},\n{\"x\":2", "2:7", "truncated JSON"),
    .init("trailing comma", "a.json", "[{\"x\":1,\"v\":2},]", "1:16", "expected an object after ','"),
    .init("error on a later line of an array", "a.json", "[\n {\"x\":1,\"v\":2},\n {\"x\":2,\"v\":\"z\"}\n]", "3:13", "expected a number"),
    .init("empty array", "a.json", "[]", "1:1", "empty JSON array"),
]

@Suite("Bad input: exit 65, a located message, the store untouched")
struct BadInputTests {
    /// A store holding one good series, and its bytes.
    func seededStore(_ dir: TemporaryDirectory) throws -> (String, Data) {
        let store = dir.path("store.sqlite")
        let good = try dir.write("good.csv", "x,v\n1,10\n2,20\n")
        let r = try runRangepipe(["ingest", good, "--store", store, "--quiet"])
        #expect(r.status == 0)
        return (store, try Data(contentsOf: URL(fileURLWithPath: store)))
    }

    @Test("each case fails with its location and leaves the store byte-for-byte", arguments: badInputCases)
    func badInput(_ c: BadInputCase) throws {
        let dir = try TemporaryDirectory()
        let (store, before) = try seededStore(dir)
        let file = try dir.write(c.file, data: Data(c.bytes))
        // The same name as the stored series, so a half-applied ingest would show.
        let r = try runRangepipe(["ingest", file, "--store", store, "--series", "good"] + c.arguments)
        #expect(r.status == c.status, "\(c.name): \(r.stderr)")
        let prefix = "rangepipe: error: \(file):\(c.location): "
        #expect(r.stderr.hasPrefix(prefix), "\(c.name): \(r.stderr)")
        #expect(r.stderr.contains(c.message), "\(c.name): \(r.stderr)")
        #expect(r.stderr.split(separator: "\n").count == 1, "\(c.name): one line")
        #expect(r.out.isEmpty)
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before, "\(c.name): store changed")
        #expect(try loadStored(store, "good")?.fields[0].values == [10, 20])
    }

    @Test("without a store, a failed first ingest creates no file")
    func noStoreCreated() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("bad.csv", "x,v\n1,2\n2,abc\n")
        let store = dir.path("new.sqlite")
        let r = try runRangepipe(["ingest", file, "--store", store])
        #expect(r.status == 65)
        #expect(!FileManager.default.fileExists(atPath: store))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["bad.csv"])
    }

    @Test("--on-error skip commits good rows and writes each reject with its reason")
    func skipWritesRejects() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("m.csv", "x,v\n1,10\n2,abc\n3,30\n4,5,6\n5,50\n")
        let store = dir.path("s.sqlite")
        let rejects = dir.path("rejects.txt")
        let r = try runRangepipe(["ingest", file, "--store", store, "--on-error", "skip", "--rejects", rejects, "--json"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try loadStored(store, "m")?.x == [1, 3, 5])
        let lines = try String(contentsOfFile: rejects, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines == [
            "# \(file):3:2: column 'v': expected a number, got \"abc\"", "2,abc",
            "# \(file):5:3: expected 2 fields, got 3", "4,5,6", "",
        ])
        let summary = try JSONSerialization.jsonObject(with: r.stdout) as! [String: Any]
        #expect(summary["rows_rejected"] as? Int == 2)
        let entry = (summary["series"] as! [[String: Any]])[0]
        #expect(entry["rows_read"] as? Int == 5)
        #expect(entry["rows_kept"] as? Int == 3)
    }

    @Test("--on-error skip on NDJSON keeps the original lines")
    func skipNDJSON() throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write("m.ndjson", "{\"x\":1,\"v\":1}\n{\"x\":2,\"v\":\n{\"x\":3,\"v\":\"q\"}\n{\"x\":4,\"v\":4}\n")
        let store = dir.path("s.sqlite")
        let rejects = dir.path("r.txt")
        let r = try runRangepipe(["ingest", file, "--store", store, "--on-error", "skip", "--rejects", rejects])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try loadStored(store, "m")?.x == [1, 4])
        #expect(try String(contentsOfFile: rejects, encoding: .utf8) ==
            "# \(file):2:12: truncated JSON object (the line ends inside it)\n{\"x\":2,\"v\":\n" +
            "# \(file):3:12: column 'v': expected a number, got \"q\"\n{\"x\":3,\"v\":\"q\"}\n")
    }

    @Test("stores: not SQLite, a newer schema, a missing directory; inputs: a missing file")
    func stores() throws {
        let dir = try TemporaryDirectory()
        let good = try dir.write("good.csv", "x,v\n1,10\n2,20\n")
        let notSQLite = try dir.write("text.sqlite", "this is not a database, just text that is long enough to matter\n")
        let r1 = try runRangepipe(["ingest", good, "--store", notSQLite])
        #expect(r1.status == 65)
        #expect(r1.stderr.contains("not a rangepipe store"))
        #expect(try String(contentsOfFile: notSQLite, encoding: .utf8).hasPrefix("this is not a database"))
        let r1b = try runRangepipe(["series", "--store", notSQLite])
        #expect(r1b.status == 65)

        let (store, _) = try seededStore(dir)
        #expect(try runShell("sqlite3 '\(store)' 'PRAGMA user_version=99'").status == 0)
        let before = try Data(contentsOf: URL(fileURLWithPath: store))
        let r2 = try runRangepipe(["ingest", good, "--store", store])
        #expect(r2.status == 65)
        #expect(r2.stderr.contains("schema version 99, newer than"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)

        let r3 = try runRangepipe(["ingest", good, "--store", dir.path("no/such/dir/s.sqlite")])
        #expect(r3.status == 73)
        #expect(r3.stderr.contains("no such directory"))

        let r4 = try runRangepipe(["ingest", dir.path("absent.csv"), "--store", store])
        #expect(r4.status == 66)
        #expect(r4.stderr.contains("absent.csv"))

        let r5 = try runRangepipe(["series", "--store", dir.path("absent.sqlite")])
        #expect(r5.status == 66)
    }

    /// Runs where the tests run as root only with `setpriv` (util-linux;
    /// `.ci/install-test-tools.sh` installs it) and a binary `nobody` can
    /// reach; it fails, rather than skips, where either is missing.
    @Test("a read-only store: ingest exits 73 and leaves it as it was; series and play still read it")
    func readOnlyStore() throws {
        if geteuid() == 0 {
            try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs setpriv (util-linux) to drop root")
            let probe = try runUnprivileged(["--version"])
            let binary = try checkedBinary.get().path
            try #require(probe.status == 0, "the nobody user cannot run \(binary): \(probe.stderr)")
        }
        let dir = try TemporaryDirectory()
        let (store, before) = try seededStore(dir)
        let csv = try dir.write("more.csv", "x,v\n1,5\n2,6\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: store)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dir.url.path)
        let r = try runUnprivileged(["ingest", csv, "--store", store, "--series", "more"])
        #expect(r.status == 73, "\(r.stderr)")
        #expect(r.stderr.contains("\(store): cannot create: the store is read-only"), "\(r.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: store)) == before)

        let listing = try runUnprivileged(["series", "--store", store, "--json"])
        #expect(listing.status == 0, "\(listing.stderr)")
        #expect(listing.out.contains("\"name\":\"good\""), "\(listing.out)")
        let script = try dir.write("s.json", #"{"duration": 1.0, "fps": 4, "series": "good", "events": []}"#)
        let play = try runUnprivileged(["play", script, "--store", store])
        #expect(play.status == 0, "\(play.stderr)")
        #expect(play.out.split(separator: "\n").count == 5)

        // A new store where the directory cannot be written.
        let r2 = try runUnprivileged(["ingest", csv, "--store", dir.path("new.sqlite")])
        #expect(r2.status == 73)
        #expect(r2.stderr.contains("\(dir.path("new.sqlite")): cannot create: directory '\(dir.url.path)' is not writable"), "\(r2.stderr)")
    }

    @Test("bad usage exits 64")
    func usage() throws {
        let r = try runRangepipe(["ingest", "x.csv", "--duplicates", "sometimes"])
        #expect(r.status == 64)
        // One line, the values listed (the option is an enum, so --help lists them too).
        #expect(r.stderr == "rangepipe: error: The value 'sometimes' is invalid for '--duplicates <duplicates>'. Please provide one of 'last', 'first', 'error' or 'keep'.\n", "\(r.stderr)")
        #expect(try runRangepipe(["ingest"]).status == 64)
    }
}
