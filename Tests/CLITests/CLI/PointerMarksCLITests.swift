import Foundation
import Testing
@testable import RangePipeKit

/// `preview` and `player` draw the zoom box while a box zoom draws it and
/// the snapping crosshair while a pointer hovers (issue 28), at the pixels
/// worked out here from `play`'s box, crosshair, window and y-range.
@Suite("preview and player: the zoom box and the crosshair")
struct PointerMarksCLITests {
    /// 200 points on a number axis, x = 0…199, a wave between 10 and 30.
    static let data: String = {
        var rows = ["x,y"]
        for k in 0 ..< 200 { rows.append("\(k),\(20 + 10 * sin(Double(k) / 9))") }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// A 600 × 300 main chart on [50, 150]: a box drawn 120 → 420 px
    /// (frames 5–13 at 20 fps), then a hover 90 → 590 px (frames 24–34).
    static func script(_ events: String) -> String {
        ScriptBuilder(field: "y", fps: 20, overview: .init(width: 600, height: 80), main: .init(width: 600, height: 300),
                      initial: .range(50, 150), settings: [#""y": {"fit": "edges"}"#], events: [events]).text
    }

    static let gestures = #"{"at": 0.2, "gesture": "box-zoom", "path": [[0, 120], [0.5, 420]]}, "#
        + #"{"at": 1.2, "gesture": "hover", "path": [[0, 90], [0.5, 590]]}"#
    /// The same moves as a pan and a drag of the selection: no box, no crosshair.
    static let plain = #"{"at": 0.2, "gesture": "pan", "path": [[0, 120], [0.5, 420]]}, "#
        + #"{"at": 1.2, "gesture": "drag-selection", "path": [[0, 90], [0.5, 590]]}"#

    /// A store holding the wave as series `wave`, and the script's path.
    func setUp(_ dir: TemporaryDirectory, _ events: String) throws -> (store: String, script: String) {
        let store = dir.path("s.sqlite")
        let ingest = try runRangepipe(["ingest", try dir.write("wave.csv", Self.data), "--store", store, "--quiet"])
        #expect(ingest.status == 0, "\(ingest.stderr)")
        return (store, try dir.write("s.json", Self.script(events)))
    }

    /// play's frames with the window, y-range, box and crosshair.
    func frames(_ setup: (store: String, script: String)) throws -> [[String: Any]] {
        let r = try runRangepipe(["play", setup.script, "--store", setup.store, "--tracks", "range,box,crosshair"])
        #expect(r.status == 0, "\(r.stderr)")
        return try r.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
    }

    func number(_ o: [String: Any], _ key: String, _ sub: String) throws -> Double {
        try #require((o[key] as? [String: Any])?[sub] as? Double)
    }

    /// The closed form: px = (x − window.min) / (window.max − window.min) · plotWidth + plotLeft.
    func pixel(_ x: Double, _ frame: [String: Any], plotLeft: Double) throws -> Double {
        let lo = try number(frame, "window", "min"), hi = try number(frame, "window", "max")
        return (x - lo) / (hi - lo) * 600 + plotLeft
    }

    /// The SVG line holding `marker`, and the x of the main chart's group it sits in.
    func element(_ svg: String, _ marker: String) throws -> (line: String, plotLeft: Double) {
        let lines = svg.split(separator: "\n").map(String.init)
        let k = try #require(lines.firstIndex { $0.contains(marker) }, "no \(marker)")
        let group = try #require(lines[..<k].last { $0.hasPrefix("<g transform=\"translate(") })
        let left = try #require(Double(group.dropFirst("<g transform=\"translate(".count).prefix { $0 != " " }))
        return (lines[k], left)
    }

    func attribute(_ line: String, _ name: String) throws -> Double {
        let start = try #require(line.range(of: " \(name)=\"")).upperBound
        return try #require(Double(line[start...].prefix { $0 != "\"" }))
    }

    @Test("a frame during a box zoom: the band spans the box's pixels and the chart's height")
    func boxInPreview() throws {
        let dir = try TemporaryDirectory()
        let setup = try setUp(dir, Self.gestures)
        let all = try frames(setup)
        let drawn = all.indices.filter { all[$0]["box"] is [String: Any] }
        #expect(drawn.count >= 5)
        let k = drawn[drawn.count / 2]
        let r = try runRangepipe(["preview", setup.script, "--store", setup.store, "--frame", "\(k)", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let (rect, left) = try element(r.out, "class=\"zoombox\"")
        #expect(rect.hasPrefix("<rect"))
        let x0 = try pixel(try number(all[k], "box", "min"), all[k], plotLeft: left)
        let x1 = try pixel(try number(all[k], "box", "max"), all[k], plotLeft: left)
        #expect(abs(left + (try attribute(rect, "x")) - x0) <= 0.01, "\(rect) vs \(x0)")
        #expect(abs(try attribute(rect, "width") - (x1 - x0)) <= 0.02, "\(rect) vs \(x1 - x0)")
        #expect(try attribute(rect, "y") == 0 && attribute(rect, "height") == 300)
        // The box starts at the press (120 px) and follows the pointer.
        #expect(abs(x0 - left - 120) <= 0.01 && x1 - left > 120)
        // After the release the window is the box, and the band is gone.
        let after = try runRangepipe(["preview", setup.script, "--store", setup.store, "--frame", "\(drawn.last! + 2)", "-o", "-"])
        #expect(!after.out.contains("zoombox"))
    }

    @Test("a frame during a hover: the crosshair's line at its x, the marker at its y, the value labelled inside the chart")
    func crosshairInPreview() throws {
        let dir = try TemporaryDirectory()
        let setup = try setUp(dir, Self.gestures)
        let all = try frames(setup)
        let hovered = all.indices.filter { all[$0]["crosshair"] is [String: Any] }
        #expect(hovered.count >= 8)
        for k in [hovered[hovered.count / 2], hovered.last!] {
            let r = try runRangepipe(["preview", setup.script, "--store", setup.store, "--frame", "\(k)", "-o", "-"])
            #expect(r.status == 0, "\(r.stderr)")
            let (line, left) = try element(r.out, "class=\"crosshair\"")
            let x = try pixel(try number(all[k], "crosshair", "x"), all[k], plotLeft: left)
            #expect(abs(left + (try attribute(line, "x1")) - x) <= 0.01, "frame \(k): \(line) vs \(x)")
            #expect(try attribute(line, "x2") == attribute(line, "x1"))
            #expect(try attribute(line, "y1") == 0 && attribute(line, "y2") == 300)
            // The marker on the point: y from the frame's y-range.
            let (dot, _) = try element(r.out, "class=\"crossdot\"")
            let y = try number(all[k], "crosshair", "y"), lo = try number(all[k], "y", "min"), hi = try number(all[k], "y", "max")
            #expect(abs(try attribute(dot, "cy") - (hi - y) / (hi - lo) * 300) <= 0.01, "\(dot)")
            // No `format`: the annotation's default, the value at two decimals with trailing zeros dropped
            // down to the y axis' decimals (read from the drawn y tick labels).
            let (label, _) = try element(r.out, "class=\"crosslabel\"")
            let axisDecimals = r.out.components(separatedBy: "class=\"ytick\"").dropFirst().map { tick in
                let text = tick[tick.range(of: ">")!.upperBound...].prefix { $0 != "<" }
                return text.split(separator: ".").dropFirst().first?.count ?? 0
            }.max() ?? 0
            var expected = String(format: "%.2f", y)
            while expected.split(separator: ".").last!.count > axisDecimals, expected.hasSuffix("0") { expected.removeLast() }
            if expected.hasSuffix(".") { expected.removeLast() }
            #expect(label.contains(">\(expected)</text>"), "\(label) vs \(expected)")
            // Right of the marker, or left of it near the right edge.
            let lx = try attribute(label, "x")
            #expect(label.contains("text-anchor=\"end\"") ? lx < x - left && lx <= 600 : lx > x - left && lx < 600)
            #expect(try attribute(label, "y") > 0 && attribute(label, "y") <= 300)
        }
        #expect(try runRangepipe(["preview", setup.script, "--store", setup.store, "--frame", "\(hovered.last! + 3)", "-o", "-"]).out.contains("crosshair") == false)
    }

    @Test("the player carries the box's and crosshair's pixels in its draws, and the elements to place")
    func player() throws {
        let dir = try TemporaryDirectory()
        let setup = try setUp(dir, Self.gestures)
        let all = try frames(setup)
        let r = try runRangepipe(["player", setup.script, "--store", setup.store, "-o", dir.path("p.html")])
        #expect(r.status == 0, "\(r.stderr)")
        let html = try String(contentsOfFile: dir.path("p.html"), encoding: .utf8)
        for id in ["zoombox", "crossline", "crossdot", "crosslabel"] { #expect(html.contains("id=\"\(id)\""), "\(id)") }
        #expect(html.contains("marks(d, s);"))
        let draws = try PlayerCLITests().block(html, "draws")
        #expect(draws.count == all.count)
        for (k, f) in all.enumerated() {
            let d = try #require(try JSONSerialization.jsonObject(with: Data(draws[k].utf8)) as? [Any])
            if let box = f["box"] as? [String: Any] {
                let mark = try #require(d[7] as? [Double], "frame \(k)")
                let x0 = try pixel(try #require(box["min"] as? Double), f, plotLeft: 0)
                let x1 = try pixel(try #require(box["max"] as? Double), f, plotLeft: 0)
                #expect(abs(mark[0] - x0) <= 0.01 && abs(mark[1] - (x1 - x0)) <= 0.02, "frame \(k)")
            } else if let c = f["crosshair"] as? [String: Any] {
                let mark = try #require(d[8] as? [Any], "frame \(k)")
                let x = try pixel(try #require(c["x"] as? Double), f, plotLeft: 0)
                #expect(abs((mark[0] as? Double ?? .nan) - x) <= 0.01, "frame \(k)")
            } else {
                #expect(d.count == 7, "frame \(k)")
            }
        }
    }

    @Test("a script without box zoom or hover: neither in any preview frame nor in the player")
    func neither() throws {
        let dir = try TemporaryDirectory()
        let setup = try setUp(dir, Self.plain)
        let count = try frames(setup).count
        let r = try runRangepipe(["preview", setup.script, "--store", setup.store, "--frames", "0:\(count - 1):1", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.out.components(separatedBy: "<svg").count == 2)
        let player = try runRangepipe(["player", setup.script, "--store", setup.store, "-o", "-"])
        #expect(player.status == 0, "\(player.stderr)")
        // The page's script (the same on every page) has the marks' drawing code; its skeleton has no marks.
        let skeleton = try #require(player.out.range(of: "</svg>")).lowerBound
        for name in ["zoombox", "crosshair", "crossline", "crossdot", "crosslabel"] {
            #expect(!r.out.contains(name) && !player.out[..<skeleton].contains(name), "\(name)")
        }
    }

    @Test("the crosshair's label: an explicit annotation format wins over the grouped default")
    func formatted() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", try dir.write("wave.csv", Self.data), "--store", store, "--quiet"]).status == 0)
        let text = ScriptBuilder(field: "y", fps: 20, overview: .init(width: 600, height: 80), main: .init(width: 600, height: 300),
                                 initial: .range(50, 150), settings: [#""y": {"fit": "edges"}"#, #""annotation": {"format": "y=%.3f"}"#],
                                 events: [Self.gestures]).text
        let setup = (store: store, script: try dir.write("s.json", text))
        let all = try frames(setup)
        let k = try #require(all.indices.last { all[$0]["crosshair"] is [String: Any] })
        let r = try runRangepipe(["preview", setup.script, "--store", store, "--frame", "\(k)", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let (label, _) = try element(r.out, "class=\"crosslabel\"")
        #expect(label.contains(">y=\(String(format: "%.3f", try number(all[k], "crosshair", "y")))</text>"), "\(label)")
    }
}
