import Foundation
import Testing

/// Series replaced that another file wrote (issue 42 item 7): every way two
/// ingests can give series the same name (long-format keys, the same stem
/// in two folders, `--series`, `--split-fields`, standard input, several
/// files), each against the spellings of one file that must stay silent
/// (`./`, `d/../`, a symbolic link, one of several files again) and
/// `--mode append`. The expected report comes from each case's own list of
/// which names the earlier file wrote, never from rangepipe's output.
@Suite("Replacing series another file wrote")
struct ReplacedSourceTests {
    /// A panel: `key,year,value` rows for keys `keys`.
    static func panel(_ key: String, _ keys: [String]) -> String {
        "\(key),year,value\n" + keys.flatMap { k in (1990 ... 2009).map { "\(k),\($0),\(($0 * 7 + k.count * 13) % 97)" } }.joined(separator: "\n") + "\n"
    }

    static let wide = "x,close,volume\n1,10,100\n2,11,120\n3,12,90\n"

    /// One ingest's arguments (files and flags; `--store`, `--json` and
    /// `--quiet` are added) and the standard input it reads.
    struct Step: Sendable {
        var arguments: [String]
        var stdin: String? = nil
    }

    /// Two ingests into one store, and the replacement the second reports:
    /// the earlier files (relative to the case's folder; `-` for standard
    /// input) and the names replaced, or nil for none.
    struct Case: CustomStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let first: Step
        let second: Step
        let expected: (from: [String], names: [String])?
        var description: String { name }
    }

    static let firms = panel("firm", (1 ... 5).map(String.init))
    static let trees = panel("tree", (1 ... 5).map(String.init))

    static let cases: [Case] = [
        // The case: a second long-format file replaces the first's keys.
        Case(name: "long format, other keys' file", files: ["firms.csv": firms, "trees.csv": trees],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["trees.csv"]),
             expected: (["firms.csv"], ["1", "2", "3", "4", "5"])),
        Case(name: "long format, keys that overlap in part", files: ["firms.csv": firms, "more.csv": panel("firm", ["4", "5", "6", "7"])],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["more.csv"]), expected: (["firms.csv"], ["4", "5"])),
        Case(name: "the same stem in two folders", files: ["q1/data.csv": wide, "q2/data.csv": wide],
             first: Step(arguments: ["q1/data.csv"]), second: Step(arguments: ["q2/data.csv"]), expected: (["q1/data.csv"], ["data"])),
        Case(name: "--series names two files alike", files: ["a.csv": wide, "b.csv": wide],
             first: Step(arguments: ["a.csv", "--series", "prices"]), second: Step(arguments: ["b.csv", "--series", "prices"]),
             expected: (["a.csv"], ["prices"])),
        Case(name: "--split-fields of two files", files: ["jan.csv": wide, "feb.csv": wide],
             first: Step(arguments: ["jan.csv", "--split-fields"]), second: Step(arguments: ["feb.csv", "--split-fields"]),
             expected: (["jan.csv"], ["close", "volume"])),
        Case(name: "standard input, then a file", files: ["b.csv": wide],
             first: Step(arguments: ["-", "--series", "s"], stdin: wide), second: Step(arguments: ["b.csv", "--series", "s"]),
             expected: (["-"], ["s"])),
        Case(name: "a file, then standard input", files: ["a.csv": wide],
             first: Step(arguments: ["a.csv", "--series", "s"]), second: Step(arguments: ["-", "--series", "s"], stdin: wide),
             expected: (["a.csv"], ["s"])),
        Case(name: "two files, then a third", files: ["a.csv": wide, "b.csv": wide, "c.csv": wide],
             first: Step(arguments: ["a.csv", "b.csv", "--series", "s"]), second: Step(arguments: ["c.csv", "--series", "s"]),
             expected: (["a.csv", "b.csv"], ["s"])),
        // Silent: the same file under any spelling, one of the files again, append.
        Case(name: "the same file as ./", files: ["firms.csv": firms],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["./firms.csv"]), expected: nil),
        Case(name: "the same file as d/../", files: ["firms.csv": firms, "d/keep": ""],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["d/../firms.csv"]), expected: nil),
        Case(name: "the same file through a symbolic link", files: ["firms.csv": firms, "link.csv": "->firms.csv"],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["link.csv"]), expected: nil),
        Case(name: "one of two files again", files: ["a.csv": wide, "b.csv": wide],
             first: Step(arguments: ["a.csv", "b.csv", "--series", "s"]), second: Step(arguments: ["b.csv", "--series", "s"]), expected: nil),
        Case(name: "--mode append", files: ["firms.csv": firms, "trees.csv": trees],
             first: Step(arguments: ["firms.csv"]), second: Step(arguments: ["trees.csv", "--mode", "append"]), expected: nil),
    ]

    /// Runs one ingest into `store` with `--json`; its status, stderr and
    /// `replaced` array.
    static func ingest(_ step: Step, store: String, in dir: TemporaryDirectory) throws -> (status: Int32, stderr: String, replaced: [[String: Any]]) {
        let r = try runRangepipe(["ingest"] + step.arguments + ["--store", store, "--json", "--quiet"],
                                 stdin: step.stdin.map { Data($0.utf8) }, in: dir.url)
        let json = (try? JSONSerialization.jsonObject(with: r.stdout) as? [String: Any]) ?? [:]
        return (r.status, r.stderr, json["replaced"] as? [[String: Any]] ?? [])
    }

    static func make(_ files: [String: String], in dir: TemporaryDirectory) throws {
        for (name, text) in files {
            try FileManager.default.createDirectory(atPath: (dir.path(name) as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            if text.hasPrefix("->") {
                try FileManager.default.createSymbolicLink(atPath: dir.path(name), withDestinationPath: String(text.dropFirst(2)))
            } else {
                try dir.write(name, text)
            }
        }
    }

    /// The canonical path the store records for `name` in `dir`.
    static func canonical(_ name: String, in dir: TemporaryDirectory) -> String {
        name == "-" ? "-" : URL(fileURLWithPath: dir.path(name)).resolvingSymlinksInPath().path
    }

    @Test("the second ingest reports what it replaced, on stderr and in --json", arguments: cases)
    func report(_ c: Case) throws {
        let dir = try TemporaryDirectory()
        try Self.make(c.files, in: dir)
        let store = dir.path("s.sqlite")
        let first = try Self.ingest(c.first, store: store, in: dir)
        #expect(first.status == 0 && first.replaced.isEmpty, "\(first.stderr)")
        let second = try Self.ingest(c.second, store: store, in: dir)
        #expect(second.status == 0, "\(second.stderr)")
        let lines = second.stderr.split(separator: "\n").filter { $0.contains("replaced ") }.map(String.init)
        guard let expected = c.expected else {
            #expect(second.replaced.isEmpty && lines.isEmpty, "\(second.stderr)")
            return
        }
        let from = expected.from.map { Self.canonical($0, in: dir) }
        #expect(second.replaced.count == 1)
        #expect(second.replaced.first?["from"] as? [String] == from)
        #expect(second.replaced.first?["series"] as? Int == expected.names.count)
        #expect(second.replaced.first?["names"] as? [String] == expected.names)
        #expect(lines.count == 1, "\(second.stderr)")
        let shown = from.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
        let line = "rangepipe: warning: replaced \(expected.names.count) series that another file wrote (\(shown)): "
            + expected.names.joined(separator: ", ") + "; --mode append adds rows to them instead, another --store keeps both"
        #expect(lines.first == line)
        // Replaced all the same: the second file's rows are what is stored.
        #expect(try sqlite3(store, "SELECT count(*) FROM series WHERE source_id = (SELECT max(id) FROM source)") != ["0"])
    }

    @Test("a store whose series carry no source says nothing, then records them")
    func storeWithoutSources() throws {
        let dir = try TemporaryDirectory()
        try Self.make(["a.csv": Self.wide, "b.csv": Self.wide, "c.csv": Self.wide], in: dir)
        let store = dir.path("s.sqlite")
        #expect(try Self.ingest(Step(arguments: ["a.csv", "--series", "s"]), store: store, in: dir).status == 0)
        // As a rangepipe without sources left it: no column, no table.
        _ = try sqlite3(store, "ALTER TABLE series DROP COLUMN source_id; DROP TABLE source;")
        let quiet = try Self.ingest(Step(arguments: ["b.csv", "--series", "s"]), store: store, in: dir)
        #expect(quiet.status == 0 && quiet.replaced.isEmpty && !quiet.stderr.contains("replaced"), "\(quiet.stderr)")
        let told = try Self.ingest(Step(arguments: ["c.csv", "--series", "s"]), store: store, in: dir)
        #expect(told.replaced.first?["from"] as? [String] == [Self.canonical("b.csv", in: dir)], "\(told.stderr)")
    }

    @Test("many series: the count, ten names in --json, five and a count on stderr")
    func manySeries() throws {
        let dir = try TemporaryDirectory()
        let keys = (1 ... 12).map { String(format: "k%02d", $0) }
        try Self.make(["a.csv": Self.panel("key", keys), "b.csv": Self.panel("key", keys)], in: dir)
        let store = dir.path("s.sqlite")
        #expect(try Self.ingest(Step(arguments: ["a.csv"]), store: store, in: dir).status == 0)
        let second = try Self.ingest(Step(arguments: ["b.csv"]), store: store, in: dir)
        #expect(second.replaced.first?["series"] as? Int == 12)
        #expect(second.replaced.first?["names"] as? [String] == Array(keys.prefix(10)))
        #expect(second.stderr.contains("): k01, k02, k03, k04, k05 and 7 more; --mode append"), "\(second.stderr)")
    }

    @Test("a hostile file name is escaped in the warning")
    func hostileName() throws {
        let dir = try TemporaryDirectory()
        let evil = "e\u{1B}]0;owned\u{07}\u{202E}.csv"
        try Self.make([evil: Self.wide, "b.csv": Self.wide], in: dir)
        let store = dir.path("s.sqlite")
        #expect(try Self.ingest(Step(arguments: [evil, "--series", "s"]), store: store, in: dir).status == 0)
        let second = try Self.ingest(Step(arguments: ["b.csv", "--series", "s"]), store: store, in: dir)
        #expect(second.stderr.contains("replaced 1 series"), "\(second.stderr)")
        #expect(!second.stderr.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{07}" || $0 == "\u{202E}" }, "\(second.stderr)")
        #expect(second.replaced.first?["from"] as? [String] == [Self.canonical(evil, in: dir)])
    }
}
