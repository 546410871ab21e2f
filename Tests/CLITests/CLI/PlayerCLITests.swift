import Foundation
import Testing
@testable import RangePipeKit

@Suite("player and preview through the binary")
struct PlayerCLITests {
    let samples = packageRoot.appendingPathComponent("samples")
    let allTracks = "range,annotation,selector,values,points"

    func sample(_ name: String) -> String { samples.appendingPathComponent(name).path }

    /// The text of a data block `<script type="application/x-ndjson" id="ID">`, split into lines.
    func block(_ html: String, _ id: String) throws -> [String] {
        let open = "<script type=\"application/x-ndjson\" id=\"\(id)\">\n"
        let start = try #require(html.range(of: open)).upperBound
        let end = try #require(html.range(of: "</script>", range: start ..< html.endIndex)).lowerBound
        return html[start ..< end].split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test("the page holds play's exact lines (every track), is self-contained and byte-identical run to run")
    func exactLines() throws {
        let dir = try TemporaryDirectory()
        let script = sample("scripts/weather-zoom.json")
        let input = ["--input", sample("seattle-weather.csv")]
        let a = try runRangepipe(["player", script] + input + ["-o", dir.path("a.html")])
        #expect(a.status == 0, "\(a.stderr)")
        _ = try runRangepipe(["player", script] + input + ["-o", dir.path("b.html")])
        let html = try String(contentsOfFile: dir.path("a.html"), encoding: .utf8)
        #expect(try Data(contentsOf: URL(fileURLWithPath: dir.path("a.html"))) == Data(contentsOf: URL(fileURLWithPath: dir.path("b.html"))))
        let play = try runRangepipe(["play", script] + input + ["--tracks", allTracks])
        let expected = play.out.split(separator: "\n").map(String.init)
        let heads = try block(html, "frames"), points = try block(html, "points"), draws = try block(html, "draws")
        #expect(heads.count == expected.count && draws.count == expected.count && expected.count > 100)
        for k in expected.indices {
            let index = try #require(Int(draws[k].dropFirst().prefix { $0 != "," }))
            #expect(String(heads[k].dropLast()) + ",\"points\":" + points[index] + "}" == expected[k], "frame \(k)")
        }
        #expect(points.count < expected.count) // frames at rest share their points
        for outside in ["<script src", "<link", "https://", "url(http", "import("] { #expect(!html.contains(outside)) }
        #expect(html.contains("id=\"selection\"") && html.contains("window.rangepipePlayer"))
    }

    @Test("a linked script with presets: per frame one line per panel, play's with the preset track, and one panel each")
    func linkedWithPresets() throws {
        let dir = try TemporaryDirectory()
        // Two linked series and a preset: every panel's line is play's, frame-major, `preset` after `points`.
        let script = try dir.write("s.json", #"{"sync": ["MSFT", "IBM"], "fps": 10, "window": {"initial": {"preset": "1Y"}}, "#
            + #""events": [{"at": 0.5, "action": "set-window", "window": {"preset": "3M"}}]}"#)
        let input = ["--input", sample("stocks-monthly.csv"), "--series-column", "symbol", "--x", "date"]
        let r = try runRangepipe(["player", script] + input + ["-o", dir.path("p.html")])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        let play = try runRangepipe(["play", script] + input + ["--tracks", allTracks + ",preset"])
        let expected = play.out.split(separator: "\n").map(String.init)
        let heads = try block(html, "frames"), points = try block(html, "points"), draws = try block(html, "draws")
        #expect(heads.count == expected.count && draws.count == expected.count && expected.count > 10)
        #expect(expected.contains { $0.contains(#""series":"IBM""#) && $0.hasSuffix(#","preset":"3M"}"#) })
        for k in expected.indices {
            let index = try #require(Int(draws[k].dropFirst().prefix { $0 != "," }))
            let head = heads[k].dropLast(), cut = try #require(head.range(of: ",\"preset\":", options: .backwards)).lowerBound
            #expect(String(head[..<cut]) + ",\"points\":" + points[index] + String(head[cut...]) + "}" == expected[k], "line \(k)")
        }
        // Two main charts over one shared overview: one selection, one overview axis, a line per series; the
        // buttons once, in the first panel.
        for id in ["panel", "panel-1", "selection", "ovaxis", "ovline", "ovline-1", "preset-0", "mainline-1"] {
            #expect(html.contains("id=\"\(id)\""), "\(id)")
        }
        for id in ["panel-2", "selection-1", "ovaxis-1", "overview-1", "handle0-1", "preset-1-0"] { #expect(!html.contains("id=\"\(id)\""), "\(id)") }
    }

    @Test("over the size budget the points track is decimated, and the page says so")
    func budget() throws {
        let dir = try TemporaryDirectory()
        let r = try runRangepipe(["player", sample("scripts/weather-zoom.json"), "--input", sample("seattle-weather.csv"),
                                  "--max-mb", "0.6", "-o", dir.path("p.html")])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stderr.contains("points track is M4 at"))
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        #expect(html.utf8.count < 600_000)
        #expect(html.contains("\"exact\":false"))
    }

    @Test("preview draws labelled axes: months and years on time, 1-2-5 numbers on y, categories by name")
    func previewAxes() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", sample("stocks-monthly.csv"), "--series-column", "symbol", "--store", store, "--quiet"]).status == 0)
        #expect(try runRangepipe(["ingest", sample("quarterly-sales.csv"), "--store", store, "--quiet"]).status == 0)
        let stocks = try runRangepipe(["preview", sample("scripts/stocks-tour.json"), "--store", store, "--frame", "40", "-o", "-"])
        #expect(stocks.status == 0, "\(stocks.stderr)")
        for label in [">2004<", ">Apr<", ">Jul<", ">2000<", ">2010<", ">45<", ">10<"] { #expect(stocks.out.contains(label), "\(label)") }
        let again = try runRangepipe(["preview", sample("scripts/stocks-tour.json"), "--store", store, "--frame", "40", "-o", "-"])
        #expect(again.stdout == stocks.stdout)
        let quarterly = try runRangepipe(["preview", sample("scripts/quarterly-springs.json"), "--store", store, "--frame", "40", "-o", dir.path("q.svg")])
        #expect(quarterly.status == 0, "\(quarterly.stderr)")
        let svg = try String(contentsOfFile: dir.path("q.svg"), encoding: .utf8)
        for label in [">Q1<", ">Q2<", ">Q3<", ">Q4<", ">160<"] { #expect(svg.contains(label), "\(label)") }
        let bad = try runRangepipe(["preview", sample("scripts/stocks-tour.json"), "--store", store, "--frame", "0",
                                    "--display-zone", "Mars/Olympus", "-o", "-"])
        #expect(bad.status == 64 && bad.stderr.contains("Mars/Olympus"))
    }
}
