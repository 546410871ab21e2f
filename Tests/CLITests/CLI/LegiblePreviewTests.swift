import Foundation
import Testing
@testable import RangePipeKit

/// The legible defaults through the binary: `unit` and the field in the
/// caption and y title, the grouped default label on its box, the year on
/// a main axis zoomed to days, the handle inside the overview, and tracks
/// that do not change with `unit`.
@Suite("Preview and script check: legible defaults through the binary")
struct LegiblePreviewTests {
    /// December 2021, one row a day: 1,318,683,096 + 1,000,003 · day.
    static let csv = "date,v\n" + (0 ..< 31).map { d in
        "2021-12-\(d < 9 ? "0" : "")\(d + 1),\(1_318_683_096 + d * 1_000_003)"
    }.joined(separator: "\n") + "\n"

    func store(_ dir: TemporaryDirectory) throws -> String {
        let csv = try dir.write("pop.csv", Self.csv)
        let r = try runRangepipe(["ingest", csv, "--store", dir.path("s.sqlite")])
        #expect(r.status == 0, "\(r.stderr)")
        return dir.path("s.sqlite")
    }

    /// The texts of every `<text>` element, in order.
    func texts(_ svg: String) -> [String] {
        svg.split(separator: "<text").dropFirst().compactMap { part in
            part.split(separator: ">", maxSplits: 1).last.map { String($0.prefix { $0 != "<" }) }
        }
    }

    /// A numeric attribute of the first element matching `prefix`.
    func attribute(_ svg: String, after prefix: String, _ name: String) throws -> Double {
        let start = try #require(svg.range(of: prefix)).upperBound
        let tail = svg[start...]
        let a = try #require(tail.range(of: " \(name)=\"")).upperBound
        return try #require(Double(tail[a...].prefix { $0 != "\"" }))
    }

    @Test("caption and y title name the field and unit; the year shows; the handle stays inside; the label is grouped on a clear box")
    func preview() throws {
        let dir = try TemporaryDirectory()
        let s = try store(dir)
        let script = try dir.write("u.json", #"{"unit": "ppm", "window": {"initial": {"last": "5d"}}, "events": []}"#)
        let r = try runRangepipe(["preview", script, "--store", s, "--frame", "0", "-o", dir.path("p.svg")])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = try String(contentsOfFile: dir.path("p.svg"), encoding: .utf8)
        let t = texts(svg)
        #expect(t.first == "pop · v (ppm) · frame 0 · t 0.000 s · idle")
        #expect(t.contains("v (ppm)"))
        // The window is Dec 26 … Dec 31: no year boundary, so the first main tick carries it.
        #expect(t.contains("Dec 26, 2021"), "\(t)")
        // The last value, 1,318,683,096 + 30 · 1,000,003, as the y axis writes numbers.
        #expect(t.contains("1,348,683,186"), "\(t)")
        // The right handle: the selection ends at the overview's right edge (800 px), the handle at 800 − 6.
        #expect(svg.contains(##"<rect x="794" y="50" width="6" height="20" rx="2" fill="#3b82f6"/>"##))
        // The main line's points never fall inside the label's box (the line is straight between points).
        let box = (x: try attribute(svg, after: "<rect class=\"annbox\"", "x"), y: try attribute(svg, after: "<rect class=\"annbox\"", "y"),
                   w: try attribute(svg, after: "<rect class=\"annbox\"", "width"), h: try attribute(svg, after: "<rect class=\"annbox\"", "height"))
        let mainStart = try #require(svg.range(of: "stroke=\"#1d4ed8\" stroke-width=\"1.2\" points=\"")).upperBound
        let points = svg[mainStart...].prefix { $0 != "\"" }.split(separator: " ").map { $0.split(separator: ",").compactMap { Double($0) } }
        #expect(points.count >= 2)
        for (p, q) in zip(points, points.dropFirst()) {
            for i in 0 ... 200 {
                let s = Double(i) / 200, x = p[0] + (q[0] - p[0]) * s, y = p[1] + (q[1] - p[1]) * s
                #expect(!(x >= box.x && x <= box.x + box.w && y >= box.y && y <= box.y + box.h), "line point \(x),\(y) in box \(box)")
            }
        }
    }

    @Test("unit leaves play's output byte-identical, shows in script check, and a non-string is refused with its location")
    func unitKey() throws {
        let dir = try TemporaryDirectory()
        let s = try store(dir)
        let body = #""window": {"initial": {"last": "10d"}}, "events": [{"at": 0.1, "gesture": "pan", "path": [[0, 200], [0.3, 500]], "release": "fling"}]"#
        let with = try dir.write("with.json", "{\"unit\": \"ppm\", \(body)}")
        let without = try dir.write("without.json", "{\(body)}")
        for format in ["ndjson", "csv"] {
            let a = try runRangepipe(["play", with, "--store", s, "--format", format, "--tracks", "range,annotation,selector,values,points"])
            let b = try runRangepipe(["play", without, "--store", s, "--format", format, "--tracks", "range,annotation,selector,values,points"])
            #expect(a.status == 0 && a.stdout == b.stdout && a.stdout.count > 1000, "\(a.stderr)")
        }
        let check = try runRangepipe(["script", "check", with, "--store", s])
        #expect(check.out.contains("series pop: field v (ppm), "), "\(check.out)")
        for bad in [#""unit": 5"#, #""unit": """#, #""unit": null"#] {
            let path = try dir.write("bad.json", "{\(bad), \(body)}")
            let r = try runRangepipe(["script", "check", path])
            #expect(r.status == 65 && r.stderr.contains("bad.json: unit: "), "\(bad): \(r.status) \(r.stderr)")
        }
    }

    @Test("the player page carries the title and the box per frame, and clamps its handles")
    func player() throws {
        let dir = try TemporaryDirectory()
        let s = try store(dir)
        let script = try dir.write("u.json", #"{"unit": "ppm", "window": {"initial": {"last": "5d"}}, "events": []}"#)
        let r = try runRangepipe(["player", script, "--store", s, "-o", dir.path("p.html")])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        // The first frame's draws: [points, overview, x ticks, y ticks, y-range, [title, annotation], lit, …].
        let first = try #require(PlayerCLITests().block(html, "draws").first)
        let d = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [Any])
        let legible = try #require(d[5] as? [Any], "\(first)")
        let mark = try #require(legible[1] as? [Any], "\(first)")
        #expect(legible[0] as? String == "v (ppm)" && mark.count == 8 && mark[7] as? String == "1,348,683,186", "\(first)")
        #expect(html.contains("set('handle1' + s, { x: handleX(x1) });") && html.contains("id=\"ytitle\"") && html.contains("id=\"annbox\""))
        #expect(!html.contains("id=\"legible\""))
    }
    @Test("a unit per field: the words follow switch-field in preview, player and script check; bad units are located")
    func unitPerField() throws {
        let dir = try TemporaryDirectory()
        let csv = try dir.write("two.csv", "x,gdp,rate\n" + (0 ..< 40).map { "\($0),\(1000 + $0 * 10),\(Double($0) / 10)" }.joined(separator: "\n") + "\n")
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--quiet"]).status == 0)
        let script = try dir.write("u.json", #"{"fps": 10, "duration": 2, "unit": {"gdp": "thousands", "rate": "%"}, "events": [{"at": 1, "action": "switch-field", "field": "rate"}]}"#)
        for (frame, title) in [(0, "gdp (thousands)"), (15, "rate (%)")] {
            let r = try runRangepipe(["preview", script, "--store", store, "--frame", "\(frame)", "-o", dir.path("p\(frame).svg")])
            #expect(r.status == 0, "\(r.stderr)")
            let t = texts(try String(contentsOfFile: dir.path("p\(frame).svg"), encoding: .utf8))
            #expect(t.first?.hasPrefix("two · \(title) · frame \(frame) ") == true, "\(t.first ?? "")")
            #expect(t.contains(title), "\(t)")
        }
        let page = try runRangepipe(["player", script, "--store", store, "-o", dir.path("p.html")])
        #expect(page.status == 0, "\(page.stderr)")
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        let titles = try PlayerCLITests().block(html, "draws").map { line in
            let d = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            return try #require((d[5] as? [Any])?.first as? String)
        }
        #expect(titles.first == "gdp (thousands)" && titles.last == "rate (%)", "\(titles)")
        // A field the object leaves out shows no unit; script check names the first field's.
        let partial = try dir.write("p.json", #"{"unit": {"rate": "%"}, "events": []}"#)
        let check = try runRangepipe(["script", "check", partial, "--store", store])
        #expect(check.out.contains("series two: field gdp, "), "\(check.out)")
        for (bad, path) in [(#"{}"#, "unit: "), (#"{"rate": ""}"#, "unit.rate: "), (#"{"rate": 5}"#, "unit.rate: ")] {
            let file = try dir.write("bad.json", "{\"unit\": \(bad), \"events\": []}")
            let r = try runRangepipe(["script", "check", file])
            #expect(r.status == 65 && r.stderr.contains("bad.json: \(path)"), "\(bad): \(r.status) \(r.stderr)")
        }
    }
}
