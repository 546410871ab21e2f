import Foundation
import Testing
@testable import RangePipeKit

/// Issue 29's "inspect tells the truth" and message cases, through the binary.
@Suite("inspect and messages tell the truth (issue 29)")
struct CorpusMessageTests {
    @Test("inspect exits 65 with ingest's located error when the rows it read would stop ingest; a good file exits 0")
    func inspectFailsLikeIngest() throws {
        let dir = try TemporaryDirectory()
        let ragged = try dir.write("r.csv", "a,b\n1,2\n1,2,3\n")
        let r = try runRangepipe(["inspect", ragged])
        #expect(r.status == 65)
        #expect(r.stderr == "rangepipe: error: \(ragged):3:3: expected 2 fields, got 3\n")
        let ingest = try runRangepipe(["ingest", ragged, "--store", dir.path("s.sqlite")])
        #expect(ingest.stderr == r.stderr)
        let good = try runRangepipe(["inspect", try dir.write("g.csv", "a,b\n1,2\n2,3\n")])
        #expect(good.status == 0, "\(good.stderr)")
    }

    @Test("UTF-16 input stops inspect and ingest with the encoding named; Latin-1 is named with iconv advice")
    func encodings() throws {
        let dir = try TemporaryDirectory()
        let u16 = dir.path("u.csv")
        try #require(FileManager.default.createFile(atPath: u16, contents: "date,v\n2020-01-01,1\n".data(using: .utf16LittleEndian).map { Data([0xFF, 0xFE]) + $0 }))
        for command in ["inspect", "ingest"] {
            let r = try runRangepipe([command, u16] + (command == "ingest" ? ["--store", dir.path("s.sqlite")] : []))
            #expect(r.status == 65)
            #expect(r.stderr.contains("\(u16):1:1: the file is UTF-16LE text; rangepipe reads UTF-8"), "\(r.stderr)")
        }
        let latin = dir.path("l.csv")
        try #require(FileManager.default.createFile(atPath: latin, contents: Data("name,v\ncaf".utf8) + Data([0xE9]) + Data(",1\nbar,2\n".utf8)))
        let r = try runRangepipe(["inspect", latin])
        #expect(r.status == 65)
        #expect(r.stderr.contains("\(latin):2:1: column 'name': category label is not valid UTF-8 text"))
        #expect(r.stderr.contains("Latin-1 or Windows-1252"))
        // Latin-1 in a column ingest ignores: inspect still names it in a note.
        let ignored = dir.path("i.csv")
        try #require(FileManager.default.createFile(atPath: ignored, contents: Data("date,v,note\n2020-01-01,1,caf".utf8) + Data([0xE9]) + Data("\n".utf8)))
        let note = try runRangepipe(["inspect", ignored])
        #expect(note.status == 0)
        #expect(note.out.contains("line 2 has a byte (0xE9) that is not UTF-8"), "\(note.out)")
    }

    @Test("an unknown series: 'did you mean' and a short list, not every name")
    func didYouMean() throws {
        let dir = try TemporaryDirectory()
        let rows = (0 ..< 40).map { "name\($0),2020-01-0\($0 % 2 + 1),\($0)" }.joined(separator: "\n")
        let data = try dir.write("d.csv", "name,date,v\n" + rows + "\n")
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", data, "--store", store, "--series-column", "name", "--quiet"]).status == 0)
        let script = try dir.write("s.json", #"{"fps": 10, "duration": 0.2, "events": []}"#)
        let r = try runRangepipe(["play", script, "--store", store, "--series", "nam12", "-o", dir.path("o.ndjson")])
        #expect(r.status != 0)
        #expect(r.stderr.contains("series 'nam12' is not in the store; did you mean 'name12'"), "\(r.stderr)")
        #expect(r.stderr.contains("(40 series: name0, name1, name10, name11, name12, name13, name14, name15, … (`rangepipe series` lists them all))"))
        #expect(r.stderr.count < 400)
        let far = try runRangepipe(["play", script, "--store", store, "--series", "zzzzzz", "-o", dir.path("o.ndjson")])
        #expect(!far.stderr.contains("did you mean"))
    }

    @Test("play -o into a missing directory names the user's path, not a temporary file")
    func outputPath() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("d.csv", "t,v\n0,1\n1,2\n")
        let script = try dir.write("s.json", #"{"fps": 10, "duration": 0.2, "events": []}"#)
        let r = try runRangepipe(["play", script, "--input", data, "-o", "nodir/out.ndjson"], in: URL(fileURLWithPath: dir.path("")))
        #expect(r.status != 0)
        #expect(r.stderr.contains("nodir/out.ndjson:"), "\(r.stderr)")
        #expect(!r.stderr.contains(".tmp-"))
    }

    /// Hand-made files of the shapes inspect advises on: undecidable dates,
    /// a word among numbers, long format, a title above the header, a time
    /// over two columns, values with no x.
    static let advised: [(name: String, text: String)] = [
        ("dates.csv", "date,v\n01/02/2024,1\n03/04/2024,2\n05/06/2024,3\n"),
        ("strays.csv", "t,v\n1,10\n2,n.a.\n3,30\n"),
        ("long.csv", "entity,year,v\n" + (0 ..< 12).map { "e\($0 / 4),\(2000 + $0 % 4),\($0)" }.joined(separator: "\n") + "\n"),
        ("title.csv", "A title\nMeta,data\n,\nt,v\n" + (0 ..< 6).map { "\($0),\($0 * 2)" }.joined(separator: "\n") + "\n"),
        ("parts.csv", "year,quarter,v\n" + (0 ..< 8).map { "\(2000 + $0 / 4),\($0 % 4 + 1),\($0)" }.joined(separator: "\n") + "\n"),
        ("values.csv", "v\n" + (0 ..< 9).map { "\(($0 * 7) % 5).5" }.joined(separator: "\n") + "\n"),
    ]

    @Test("every command inspect prints works and keeps at least 99% of the rows", arguments: advised.indices)
    func suggestionsWork(_ k: Int) throws {
        let dir = try TemporaryDirectory()
        let file = try dir.write(Self.advised[k].name, Self.advised[k].text)
        let i = try runRangepipe(["inspect", file, "--json"])
        #expect(i.status == 0, "\(i.stderr)")
        let report = try JSONSerialization.jsonObject(with: Data(i.out.split(separator: "\n")[0].utf8)) as? [String: Any]
        let command = try #require(report?["command"] as? String)
        // The command is `rangepipe ingest FILE flags…`, shell-quoted: run it through the shell with a store.
        let r = try runShell("\"$RANGEPIPE\" " + command.dropFirst("rangepipe ".count) + " --store '\(dir.path("s.sqlite"))' --json")
        #expect(r.status == 0, "\(command): \(r.stderr)")
        let summary = try JSONSerialization.jsonObject(with: Data(r.out.split(separator: "\n")[0].utf8)) as? [String: Any]
        let series = summary?["series"] as? [[String: Any]] ?? []
        let read = series.reduce(0) { $0 + ($1["rows_read"] as? Int ?? 0) }
        let kept = series.reduce(0) { $0 + ($1["rows_kept"] as? Int ?? 0) }
        #expect(read > 0 && kept * 100 >= read * 99, "\(command): kept \(kept) of \(read)")
        #expect(!r.stderr.contains("warning"), "\(command): \(r.stderr)")
    }

    @Test("messages name --input-time-format; inspect's command repeats the user's time format with that name")
    func flagNames() throws {
        let dir = try TemporaryDirectory()
        let amb = try dir.write("a.csv", "date,v\n01/02/2024,1\n03/04/2024,2\n")
        let r = try runRangepipe(["ingest", amb, "--store", dir.path("s.sqlite")])
        #expect(r.stderr.contains("give --input-time-format '%m/%d/%Y' or --input-time-format '%d/%m/%Y'"))
        #expect(!r.stderr.contains(" --time-format"))
        let i = try runRangepipe(["inspect", amb, "--time-format", "%d/%m/%Y"])
        #expect(i.out.contains("command: rangepipe ingest \(amb) --input-time-format '%d/%m/%Y'"), "\(i.out)")
        #expect(i.out.contains("x: date (time, --input-time-format '%d/%m/%Y')"))
    }
}
