import Foundation
import Testing

/// Issue 42, "every message and page escapes": every hostile scalar class ×
/// every place a name reaches (series name, field name, unit, category
/// label, file path, script path) × every command that shows it. One store
/// holds every hostile name; each command runs once and its outputs are
/// searched for each class.
@Suite("every message and page escapes (issue 42)")
struct EscapeMatrixTests {
    /// The classes, as the issue lists them (NUL has its own tests: no name
    /// may hold one, and argv and paths cannot).
    static let classes: [(name: String, scalars: [UInt32])] = [
        ("C0", [0x01, 0x07, 0x08, 0x0b, 0x0c, 0x1b, 0x1f]), ("tab", [0x09]), ("line feed", [0x0a]), ("DEL", [0x7f]),
        ("C1", [0x80, 0x85, 0x9b, 0x9f]),
        ("bidi", [0x061c, 0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069]),
        ("separators", [0x2028, 0x2029]),
    ]

    /// Every hostile scalar, each between two `¦` (so a raw line feed shows
    /// as a line break between two `¦`).
    static let hostile: String = "¦" + classes.flatMap(\.scalars).map { String(Unicode.Scalar($0)!) + "¦" }.joined()

    /// How a terminal shows `text`, derived here from the issue's rule:
    /// `\x1b` below U+0080, `\u{202e}` above.
    static func terminal(_ text: String) -> String {
        let all = Set(classes.flatMap(\.scalars))
        return text.unicodeScalars.map { s in
            guard all.contains(s.value) else { return String(s) }
            return s.value < 0x80 ? String(format: "\\x%02x", s.value) : "\\u{\(String(s.value, radix: 16))}"
        }.joined()
    }

    /// How SVG and HTML show `text`: control pictures for C0 and DEL, the
    /// terminal's spelling for the rest.
    static func markup(_ text: String) -> String {
        text.unicodeScalars.map { s in
            if s.value < 0x20 { return String(Unicode.Scalar(0x2400 + s.value)!) }
            if s.value == 0x7f { return "␡" }
            return terminal(String(s))
        }.joined()
    }

    struct Fixture {
        let dir: String
        let store: String
        let data: String
        let categories: String
        let script: String
        var series: [String] { ["s1" + EscapeMatrixTests.hostile, "s2" + EscapeMatrixTests.hostile] }
        var field: String { "f" + EscapeMatrixTests.hostile + "g" }
        var unit: String { "u" + EscapeMatrixTests.hostile }
        var label: String { "c" + EscapeMatrixTests.hostile }
        var categorySeries: String { "k" + EscapeMatrixTests.hostile }
        func path(_ name: String) -> String { dir + "/" + name }
        func write(_ name: String, _ text: String) throws -> String {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path(name)))
            return path(name)
        }
    }

    /// The directory to remove at exit; unsafe is sound as in `StocksStore`:
    /// written once inside `built`'s initialiser, read by its exit handler.
    nonisolated(unsafe) private static var createdDirectory: String?

    /// One store: two number series and a category series, every name and
    /// label and both paths hostile; `ingest` is the first command checked.
    static let built: Result<(Fixture, RunResult, RunResult), any Error> = Result {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("rangepipe-test-escape-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        createdDirectory = path
        atexit { if let d = EscapeMatrixTests.createdDirectory { try? FileManager.default.removeItem(atPath: d) } }
        let dir = Fixture(dir: path, store: path + "/s.sqlite", data: "", categories: "", script: "")
        let h = hostile
        let quote = { (s: String) in "\"" + s + "\"" }
        let field = "f" + h + "g"
        var rows = ["name,x," + quote(field)]
        for s in ["s1", "s2"] { for x in 0 ..< 12 { rows.append("\(quote(s + h)),\(x),\(x * x % 7)") } }
        // A bad row for --on-error skip: its reject goes to stderr.
        rows.append("\(quote("s1" + h)),oops" + h.replacingOccurrences(of: "\n", with: "").replacingOccurrences(of: "\t", with: "") + ",1")
        let data = try dir.write("d" + h + ".csv", rows.joined(separator: "\n") + "\n")
        let labels = (0 ..< 6).map { quote("c\($0)" + h) + ",\($0)" }
        let categories = try dir.write("k.csv", "day," + quote(field) + "\n" + labels.joined(separator: "\n") + "\n")
        let store = dir.store
        let ingest = try runRangepipe(["ingest", data, "--store", store, "--series-column", "name", "--on-error", "skip"])
        let second = try runRangepipe(["ingest", categories, "--store", store, "--series", "k" + h])
        let scriptText = "{\"fps\": 10, \"duration\": 0.3, \"field\": \(jsonString(field)), \"unit\": \(jsonString("u" + h)), "
            + "\"annotation\": {\"format\": \(jsonString("%.1f " + h))}, \"events\": []}"
        let script = try dir.write("p" + h + ".json", scriptText)
        return (Fixture(dir: path, store: store, data: data, categories: categories, script: script), ingest, second)
    }

    /// `s` as a JSON string literal, quotes included (Foundation's writer).
    static func jsonString(_ s: String) -> String {
        String(String(decoding: try! JSONSerialization.data(withJSONObject: [s]), as: UTF8.self).dropFirst().dropLast())
    }

    /// The classes found raw in `text` (a raw line feed from a name: a line
    /// break between two `¦`).
    static func rawClasses(_ text: String) -> [String] {
        let scalars = Set(text.unicodeScalars.map(\.value))
        return classes.filter { c in
            c.name == "line feed" ? text.contains("¦\n¦") : c.scalars.contains { scalars.contains($0) }
        }.map(\.name)
    }

    enum Command: String, CaseIterable, CustomTestStringConvertible {
        case ingest, rejects, inspect, seriesTable, scriptCheck, playError, diff, previewNumbers, previewCategories, player
        var testDescription: String { rawValue }
    }

    /// Outputs of `command` that people read, each with the texts it must
    /// show escaped (so that a name dropped from the output fails too).
    func outputs(_ command: Command, _ f: Fixture, _ ingest: RunResult) throws -> [(text: String, shows: [String])] {
        let t = Self.terminal, m = Self.markup
        switch command {
        case .ingest:
            return [(ingest.stderr, [t(f.data), t(f.series[0]), t(f.series[1]), t(f.field)])]
        case .rejects:
            return [(ingest.stderr, ["# " + t(f.data) + ":", "oops¦\\x01¦"])]
        case .inspect:
            let r = try runRangepipe(["inspect", f.data])
            #expect(r.status == 0, "\(r.stderr)")
            return [(r.out, [t(f.data), t(f.field)]), (r.stderr, [])]
        case .seriesTable:
            let r = try runShell("script -qc \"'$RANGEPIPE' series --store '\(f.store)'\" /dev/stdout < /dev/null")
            let table = r.out.replacingOccurrences(of: "\r\n", with: "\n")
            return [(table, [t(f.series[0]), t(f.series[1]), t(f.categorySeries), t(f.field), "c0" + t(Self.hostile)])]
        case .scriptCheck:
            let r = try runRangepipe(["script", "check", f.script, "--store", f.store, "--all"])
            #expect(r.status == 0, "\(r.stderr)")
            return [(r.out, [t(f.script), t(f.series[0]), t(f.categorySeries), t(f.field), t(f.unit)]), (r.stderr, [])]
        case .playError:
            let missing = "x" + Self.hostile
            let viaScript = try runRangepipe(["play", f.script, "--store", f.store, "--series", missing])
            #expect(viaScript.status == 65)
            let named = try f.write("n.json", "{\"series\": \(Self.jsonString(missing)), \"duration\": 0.2, \"events\": []}")
            let viaName = try runRangepipe(["play", named, "--store", f.store])
            #expect(viaName.status == 65)
            return [(viaScript.stderr, [t(missing), t(f.series[0])]), (viaName.stderr, [t(missing)]), (viaScript.out + viaName.out, [])]
        case .diff:
            let a = f.path("a.ndjson"), b = f.path("b.ndjson")
            #expect(try runRangepipe(["play", f.script, "--store", f.store, "--series", f.series[0], "-o", a]).status == 0)
            #expect(try runRangepipe(["play", f.script, "--store", f.store, "--series", f.series[0], "--fps", "20", "-o", b]).status == 0)
            let r = try runRangepipe(["diff", a, b])
            #expect(r.status == 1, "\(r.stderr)")
            return [(r.out, ["series \"s1"]), (r.stderr, [])]
        case .previewNumbers, .previewCategories:
            let series = command == .previewNumbers ? f.series[0] : f.categorySeries
            let svg = f.path("\(command).svg")
            let r = try runRangepipe(["preview", f.script, "--store", f.store, "--series", series, "--frame", "2", "-o", svg])
            #expect(r.status == 0, "\(r.stderr)")
            let text = try String(contentsOfFile: svg, encoding: .utf8)
            let shows = command == .previewNumbers ? [m(f.series[0]), m(f.field), m(f.unit)] : [m(f.categorySeries), "c0" + m(Self.hostile)]
            return [(text, shows), (r.stderr, [])]
        case .player:
            let page = f.path("p.html")
            let r = try runRangepipe(["player", f.script, "--store", f.store, "--series", f.categorySeries, "-o", page])
            #expect(r.status == 0, "\(r.stderr)")
            let html = try String(contentsOfFile: page, encoding: .utf8)
            // The frames block is the track as play writes it: JSON, escaped by
            // JSON's rules; its strings decode to the names themselves.
            let open = "<script type=\"application/x-ndjson\" id=\"frames\">\n"
            let start = try #require(html.range(of: open)), end = try #require(html.range(of: "</script>", range: start.upperBound ..< html.endIndex))
            for line in html[start.upperBound ..< end.lowerBound].split(separator: "\n") {
                let frame = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
                #expect(frame["series"] as? String == f.categorySeries)
            }
            let title = "<title>rangepipe player · " + m(f.categorySeries) + "</title>"
            return [(String(html[..<start.lowerBound]) + html[end.upperBound...], [title, String(Self.jsonString(m(f.field)).dropFirst().dropLast())]), (r.stderr, [])]
        }
    }

    @Test("no hostile scalar reaches a terminal or a page raw; each place shows its escaped form", arguments: Command.allCases)
    func matrix(_ command: Command) throws {
        let (f, ingest, second) = try Self.built.get()
        #expect(ingest.status == 0 && second.status == 0, "\(ingest.stderr)\(second.stderr)")
        for (k, (text, shows)) in try outputs(command, f, ingest).enumerated() {
            #expect(Self.rawClasses(text).isEmpty, "\(command) output \(k): raw \(Self.rawClasses(text)) in \(text.debugDescription)")
            for expected in shows {
                #expect(text.contains(expected), "\(command) output \(k) lacks \(expected.debugDescription) in \(text.debugDescription)")
            }
        }
    }

    @Test("for every scalar below U+3000 and the issue's: the terminal and page spellings keep it exactly when it is not hostile, never write it raw when it is")
    func classifier() throws {
        // The issue's classes whole: C0 (NUL included), DEL, C1, bidi, separators.
        let hostileSet = Set(Array(UInt32(0) ..< 0x20) + [0x7f] + Array(UInt32(0x80) ..< 0xa0) + Self.classes.flatMap(\.scalars))
        let rawTerminal = Set(hostileSet.filter { $0 != 0x09 && $0 != 0x0a })
        for v in Array(UInt32(0) ..< 0x3000) + [0xfeff, 0xfffd, 0x1f600, 0x10ffff] {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let text = "a" + String(scalar) + "b"
            for (medium, shown, banned) in [("line", text.escapedLine, hostileSet), ("terminal", text.escapingControls, rawTerminal),
                                            ("page", text.showingControls, hostileSet)] {
                let scalars = shown.unicodeScalars.map(\.value)
                if banned.contains(v) {
                    #expect(!scalars.contains { banned.contains($0) }, "U+\(String(v, radix: 16)) raw in \(medium) text")
                } else {
                    #expect(shown == text, "U+\(String(v, radix: 16)) changed in \(medium) text: \(shown.debugDescription)")
                }
            }
        }
        #expect("a\u{0}\u{1b}[2J\u{202e}".escapedLine == "a\\x00\\x1b[2J\\u{202e}")
        #expect("a\u{0}\u{1b}\n\u{7f}\u{9b}\u{2028}".showingControls == "a␀␛␊␡\\u{9b}\\u{2028}")
    }

    @Test("NDJSON and --json keep the names exactly (JSON's escapes), U+2028 and U+2029 written as \\u escapes")
    func machineOutputs() throws {
        let (f, _, _) = try Self.built.get()
        let r = try runRangepipe(["series", "--store", f.store, "--json"])
        #expect(r.status == 0)
        #expect(!r.out.unicodeScalars.contains { $0.value == 0x2028 || $0.value == 0x2029 })
        #expect(r.out.contains("\\u2028") && r.out.contains("\\u2029"))
        let lines = r.out.split(separator: "\n")
        let names = try lines.map { try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any])["name"] as? String }
        #expect(names == [f.categorySeries, f.series[0], f.series[1]].sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) })
    }
}
