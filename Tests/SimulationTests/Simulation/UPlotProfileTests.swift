import Foundation
import Testing
@testable import RangePipeKit

/// uPlot 1.6.18's rules (docs/profiles.md, "uPlot") against closed forms:
/// on a window [0, W] over a W px overlay, px and x are the same number, so
/// every expected window is read off the gesture's pixels.
@Suite("uPlot profile")
struct UPlotProfileTests {
    static let extent = Window(-500, 2500)

    static func model(width: Double = 800, height: Double = 400) -> UPlotProfile {
        UPlotProfile(chart: ProfileChart(mainWidth: width, overviewWidth: 0, initial: Window(0, width), extent: extent,
                                         isTime: false, drag: .zoom), height: height)
    }

    /// Plays samples (t, kind, x, y) on `main`; the window after the last.
    static func play(_ m: inout UPlotProfile, _ samples: [(Double, RawPointerEvent.Kind, Double, Double)]) -> Window {
        var w = m.window
        for (t, kind, x, y) in samples {
            w = m.apply(RawPointerEvent(t: t, kind: kind, id: kind == .wheel ? 0 : 1, area: .main, x: x, y: y, deltaY: kind == .wheel ? -100 : 0)).window
        }
        return w
    }

    static func drag(_ a: Double, _ b: Double, y: Double = 200, endY: Double? = nil, t: Double = 0) -> [(Double, RawPointerEvent.Kind, Double, Double)] {
        [(t, .down, a, y), (t + 0.02, .move, (a + b) / 2, y), (t + 0.04, .move, b, endY ?? y), (t + 0.06, .up, b, endY ?? y)]
    }

    @Test("a drag from px a to px b zooms to exactly x(a)..x(b), any non-zero width (drag.dist 0)", arguments: [400.0, 800, 1000])
    func dragZooms(width: Double) {
        // Ends away from the edges (2 ≤ px ≤ W − 2), both directions, 1 px and wide.
        let ends: [(Double, Double)] = [(100, 101), (101, 100), (2, 3), (width - 3, width - 2), (10, width - 10), (width / 2, 7), (250.5, 300.25)]
        for (a, b) in ends {
            var m = Self.model(width: width)
            let w = Self.play(&m, Self.drag(a, b))
            // posToVal's own rounding (x0 + span·(px/W)) is the only difference allowed.
            func close(_ u: Double, _ v: Double) -> Bool { abs(u - v) <= 1e-12 * max(abs(u), abs(v), 1) }
            #expect(close(w.lower, min(a, b)) && close(w.upper, max(a, b)), "\(a) → \(b) on \(width) px: \(w)")
        }
    }

    @Test("a drag whose net width is 0 changes nothing (setScale ignores a range under 1e-16)")
    func zeroWidth() {
        for samples in [Self.drag(300, 300, endY: 250), [(0, .down, 300, 200), (0.02, .move, 340, 200), (0.04, .move, 300, 200), (0.06, .up, 300, 200)],
                        [(0, .down, 300, 200), (0.05, .up, 300, 200)]] as [[(Double, RawPointerEvent.Kind, Double, Double)]] {
            var m = Self.model()
            #expect(Self.play(&m, samples) == Window(0, 800))
        }
    }

    @Test("a drag's end within 1 px of an edge snaps to it; its start does not (mousedown is not snapped)")
    func edgeSnap() {
        let cases: [(Double, Double, Window)] = [
            (400, 1, Window(0, 400)), (400, 0.5, Window(0, 400)), (400, 0, Window(0, 400)), (400, 2, Window(2, 400)),
            (400, 799, Window(400, 800)), (400, 799.5, Window(400, 800)), (400, 798, Window(400, 798)),
            (1, 300, Window(1, 300)), (799, 300, Window(300, 799)), (0, 300, Window(0, 300)),
        ]
        for (a, b, want) in cases {
            var m = Self.model()
            #expect(Self.play(&m, Self.drag(a, b)) == want, "\(a) → \(b)")
        }
    }

    @Test("a drag that leaves the overlay (x or y) jumps to the edge on its side of the press")
    func leave() {
        let cases: [(Double, Double, Double?, Window)] = [
            (300, 800, nil, Window(300, 800)), (300, 900, nil, Window(300, 800)), (300, -1, nil, Window(0, 300)),
            (300, 350, -1, Window(300, 800)), (300, 250, 400, Window(0, 300)),
            // Out through the bottom before any move on the overlay: dragX is still
            // the press's false, so no jump, and the 0 px selection zooms nothing.
            (300, 300, 400, Window(0, 800)),
        ]
        for (a, b, endY, want) in cases {
            var m = Self.model()
            #expect(Self.play(&m, Self.drag(a, b, endY: endY)) == want, "\(a) → \(b), y \(endY ?? 200)")
        }
    }

    @Test("a double-click (Chromium: presses within 500 ms and 2 px) returns to the data; the wheel does nothing")
    func doubleClick() {
        let cases: [(gap: Double, dx: Double, dy: Double, resets: Bool)] = [
            (0.1, 0, 0, true), (0.5, 0, 0, true), (0.501, 0, 0, false), (0.2, 2, 0, true), (0.2, 3, 0, false),
            (0.2, 0, -2, true), (0.2, 0, 3, false),
        ]
        for c in cases {
            var m = Self.model()
            _ = Self.play(&m, Self.drag(100, 200, t: 0))
            let w = Self.play(&m, [(1, .down, 400, 200), (1.03, .up, 400, 200), (1 + c.gap, .down, 400 + c.dx, 200 + c.dy), (1 + c.gap + 0.03, .up, 400 + c.dx, 200 + c.dy)])
            #expect(w == (c.resets ? Self.extent : Window(100, 200)), "\(c)")
        }
        var m = Self.model()
        // The third click of a triple click is no double-click; the wheel changes nothing.
        _ = Self.play(&m, [(0, .down, 400, 200), (0.03, .up, 400, 200), (0.1, .down, 400, 200), (0.13, .up, 400, 200)])
        _ = Self.play(&m, Self.drag(100, 200, t: 0.2))
        #expect(Self.play(&m, [(0.3, .down, 400, 200), (0.33, .up, 400, 200), (0.4, .wheel, 400, 200)]) == Window(-500 + 3000 * 100 / 800, -500 + 3000 * 200 / 800))
    }

    @Test("script check refuses what uPlot's page has not, naming the key")
    func scriptRules() throws {
        func message(_ extra: String, samples: String = #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#) -> String {
            do { _ = try decodeScript(#"{"profile": "uplot", "# + extra + #""events": [{"at": 1, "input": "pointer", "samples": ["# + samples + "]}]}"); return "" } catch { return "\(error)" }
        }
        #expect(message("") == "")
        #expect(try decodeScript(#"{"profile": "uplot", "events": []}"#).drag == .zoom)
        let refused: [(String, String, String)] = [
            (#""overview": {"width": 800}, "#, "", "t.json: overview: profile \"uplot\" has no overview"),
            (#""main": {"drag": "pan"}, "#, "", "t.json: main.drag: uPlot's cursor drag selects and zooms (it has no pan)"),
            (#""window": {"bounds": "data"}, "#, "", "t.json: window.bounds: uPlot's x scale has no bounds"),
            (#""window": {"minSpan": 10}, "#, "", "t.json: window.minSpan: uPlot's x scale has no span limits"),
            (#""window": {"maxSpan": 10}, "#, "", "t.json: window.maxSpan: uPlot's x scale has no span limits"),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "overview"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0].area: profile \"uplot\" has only the main plot area: \"overview\""),
            ("", #"{"t": 0, "type": "wheel", "x": 10, "deltaY": 100, "area": "x-axis"}"#,
             "t.json: events[0].samples[0].area: profile \"uplot\" has only the main plot area: \"x-axis\""),
            ("", #"{"t": 0, "id": 1, "type": "down", "x": 10, "area": "main", "pointer": "touch"}, {"t": 0.1, "id": 1, "type": "up", "x": 10}"#,
             "t.json: events[0].samples[0].pointer: profile \"uplot\" replays a mouse"),
        ]
        for (extra, samples, want) in refused {
            let got = samples.isEmpty ? message(extra) : message(extra, samples: samples)
            #expect(got.hasPrefix(want), "\(got)")
        }
        // The same rule through the binary: one located line, exit 65.
        let dir = try TemporaryDirectory()
        let script = try dir.write("u.json", #"{"series": "AAPL", "profile": "uplot", "overview": {"width": 800}, "events": []}"#)
        let r = try runRangepipe(["script", "check", script, "--store", try StocksStore.path()])
        #expect(r.status == 65 && r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.contains("u.json: overview: profile \"uplot\" has no overview"), "\(r.status) \(r.stderr)")
    }
}

/// The committed uPlot ground truth (Tests/Conformance/uplot, recorded from
/// uPlot 1.6.18 in Chromium) replayed through `UPlotProfile`: the window
/// after every sample equals `u.scales.x` as uPlot held it (seconds on a
/// time axis), within 1e-9 relative.
@Suite("uPlot profile ground truth")
struct UPlotProfileGroundTruthTests {
    @Test("every recorded uPlot range, after every sample")
    func groundTruth() throws {
        let path = packageRoot.appendingPathComponent("Tests/Conformance/uplot/ground-truth.json.gz").path
        let doc = BokehProfileGroundTruthTests.plain(try JSONValue.parse([UInt8](try GroundTruthFile.bytes(path)), maxDepth: 64)) as! [String: Any]
        var total = 0, near = 0, exact = 0
        var misses: [String] = []
        for s in doc["sessions"] as! [[String: Any]] {
            let setup = s["setup"] as! [String: Any], main = setup["main"] as! [String: Double]
            let x0 = (s["initial"] as! [String: Any])["x"] as! [Double]
            let extent = BokehProfileGroundTruthTests.extents[setup["series"] as! String]!
            var m = UPlotProfile(chart: ProfileChart(mainWidth: main["width"]!, overviewWidth: 0, initial: Window(x0[0], x0[1]), extent: extent,
                                                     isTime: setup["axis"] as! String == "date", drag: .zoom), height: main["height"]!)
            for (i, (sample, reading)) in zip(s["samples"] as! [[String: Any]], s["after"] as! [[String: Any]]).enumerated() {
                let kind = RawPointerEvent.Kind(rawValue: sample["type"] as! String)!
                let got = m.apply(RawPointerEvent(t: sample["t"] as! Double, kind: kind, id: Int(sample["id"] as? Double ?? 0), area: .main,
                                                  x: sample["x"] as! Double, y: sample["y"] as! Double)).window
                let want = reading["x"] as! [Double]
                func close(_ a: Double, _ b: Double) -> Bool { abs(a - b) <= 1e-9 * max(abs(a), abs(b)) }
                total += 1
                if got.lower == want[0] && got.upper == want[1] { exact += 1 }
                if close(got.lower, want[0]) && close(got.upper, want[1]) { near += 1 } else if misses.count < 20 {
                    misses.append("\(s["id"]!) #\(i) \(sample): want \(want) got [\(got.lower), \(got.upper)]")
                }
            }
        }
        #expect(total > 3000, "the recording holds \(total) uPlot samples")
        #expect(near == total, "\(near)/\(total) within 1e-9\n\(misses.joined(separator: "\n"))")
        #expect(exact == total, "\(exact)/\(total) identical as doubles")
    }
}
