import Foundation
import Testing

/// Options that take one of a fixed set of names are enums to the parser:
/// --help lists the names (the lists here are the documented ones, written
/// out, not read from the code), and any other name is a usage error, exit
/// 64, on one line that names the option.
@Suite("option values")
struct OptionValuesTests {
    /// (command words, option, its names in order, a default or nil).
    static let options: [([String], String, [String], String?)] = [
        (["ingest"], "--format", ["auto", "csv", "tsv", "ndjson", "json", "arrow"], "auto"),
        (["ingest"], "--axis", ["auto", "time", "category", "number"], "auto"),
        (["ingest"], "--on-error", ["fail", "skip"], "fail"),
        (["ingest"], "--duplicates", ["last", "first", "error", "keep"], "last"),
        (["ingest"], "--mode", ["replace", "append"], "replace"),
        (["inspect"], "--format", ["auto", "csv", "tsv", "ndjson", "json", "arrow"], "auto"),
        (["series"], "--output-time-format", ["iso8601", "epoch-s"], "iso8601"),
        (["play"], "--format", ["ndjson", "csv"], "ndjson"),
        (["play"], "--output-time-format", ["iso8601", "epoch-s"], "iso8601"),
        (["play"], "--on-series-error", ["fail", "skip"], "fail"),
        (["play"], "--input-format", ["auto", "csv", "tsv", "ndjson", "json", "arrow"], "auto"),
        (["play"], "--tracks", ["range", "annotation", "selector", "values", "points", "preset", "omitted", "box", "crosshair"], nil),
        (["player"], "--output-time-format", ["iso8601", "epoch-s"], "iso8601"),
        (["render"], "--format", ["mp4", "webm", "gif", "png"], nil),
        (["diff"], "--fields", ["frame", "t", "phase", "window", "selector", "y", "annotation", "values", "points", "box", "crosshair"], nil),
        (["script", "from-events"], "--from", ["pointer-ndjson", "webdriver", "echarts-recorder"], nil),
    ]

    /// --help text with its line wrapping undone.
    static func help(_ command: [String]) throws -> String {
        let r = try runRangepipe(command + ["--help"])
        #expect(r.status == 0)
        return r.out.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
    }

    @Test("--help lists every option's values and default", arguments: options)
    func helpLists(_ command: [String], _ option: String, _ values: [String], _ byDefault: String?) throws {
        let text = try Self.help(command)
        let list = "(values: " + values.joined(separator: ", ") + (byDefault.map { "; default: \($0))" } ?? ")")
        #expect(text.contains(list), "\(command) \(option): no \(list)")
    }

    @Test("a name not in the list: exit 64, one line naming the option and the value", arguments: options)
    func badValue(_ command: [String], _ option: String, _ values: [String], _ byDefault: String?) throws {
        let dir = try TemporaryDirectory()
        let operands: [String] = switch command.last! {
        case "diff": [dir.path("a.ndjson"), dir.path("b.ndjson")]
        case "series": []
        case "render", "player": [dir.path("s.json"), "-o", dir.path("out")]
        default: [dir.path("x")]
        }
        let r = try runRangepipe(command + operands + [option, "nonesuch"])
        #expect(r.status == 64, "\(command) \(option): \(r.stderr)")
        #expect(r.stderr.hasPrefix("rangepipe: error: The value 'nonesuch' is invalid for '\(option) <"), "\(r.stderr)")
        #expect(r.stderr.filter { $0 == "\n" }.count == 1 && r.stderr.hasSuffix("\n"), "\(r.stderr)")
        #expect(values.allSatisfy { r.stderr.contains($0) }, "\(r.stderr)")
    }

    @Test("a list option: names are comma-separated, spaces around them ignored; one unknown name fails it")
    func lists() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let data = try dir.write("d.csv", "x,v\n0,1\n1,2\n2,3\n")
        #expect(try runRangepipe(["ingest", data, "--store", store, "--quiet"]).status == 0)
        let script = try dir.write("s.json", #"{"duration": 0.1, "fps": 10, "events": []}"#)
        let r = try runRangepipe(["play", script, "--store", store, "--tracks", "range, selector"])
        #expect(r.status == 0, "\(r.stderr)")
        let keys = r.out.split(separator: "\n").first.map(String.init) ?? ""
        #expect(keys.contains("\"window\"") && keys.contains("\"selector\"") && !keys.contains("\"annotation\""), "\(keys)")
        let bad = try runRangepipe(["play", script, "--store", store, "--tracks", "range,colour"])
        #expect(bad.status == 64 && bad.stderr.contains("'range,colour' is invalid for '--tracks <tracks>'"), "\(bad.stderr)")
    }
}
