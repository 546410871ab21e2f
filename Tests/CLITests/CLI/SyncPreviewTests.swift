import Foundation
import Testing
@testable import RangePipeKit

/// `preview --sync A,B`: one main chart per series per frame over one shared overview, one shared window.
@Suite("preview --sync")
struct SyncPreviewTests {
    @Test("main charts stack per frame in --sync order over one overview with the shared selection")
    func panels() throws {
        let dir = try TemporaryDirectory()
        let data = try dir.write("grids.csv", SyncCLITests.twoGrids)
        let store = dir.path("s.sqlite")
        #expect(try runRangepipe(["ingest", data, "--series-column", "name", "--x", "x", "--store", store, "--quiet"]).status == 0)
        let script = try dir.write("linked.json", SyncCLITests.linkedScript)
        let r = try runRangepipe(["preview", script, "--store", store, "--sync", "b,a", "--frames", "0:20:20", "-o", "-"])
        #expect(r.status == 0, "\(r.stderr)")
        let svg = r.out
        // Captions in order: frame 0 for b then a, then frame 20 for b then a.
        let captions = svg.split(separator: "\n").filter { $0.contains("fill=\"#333\">") }.map { line in
            String(line[line.range(of: "\">")!.upperBound...].prefix { $0 != " " })
        }
        #expect(captions == ["b", "a", "b", "a"])
        #expect(svg.components(separatedBy: "· frame 0 ·").count - 1 == 2)
        #expect(svg.components(separatedBy: "· frame 20 ·").count - 1 == 2)
        // docs/player.md's linked layout (main 800 × 400, overview 800 × 120): per frame one overview, under
        // the second panel (2 · (20 + 14 + 400 + 22) + 14 = 926 px down), and frames 120 + 926 + 28 = 1074 px apart.
        let lines = svg.split(separator: "\n").map(String.init)
        let overviews = lines.filter { $0.contains("fill=\"#f6f6f6\"") }
        #expect(overviews.count == 2, "one overview per frame")
        // Series j's lines take d3's category10 colour j (#1f77b4, then #ff7f0e), in its main chart and in
        // the overview alike, so the overview's lines can be told apart.
        func colours(_ width: String) -> [String] {
            lines.filter { $0.hasPrefix("<polyline") && $0.contains("stroke-width=\"\(width)\" points=") }
                .map { $0.contains("stroke=\"#1f77b4\"") ? "b" : $0.contains("stroke=\"#ff7f0e\"") ? "a" : "?" }
        }
        #expect(colours("1") == ["b", "a", "b", "a"], "a line per series in each overview, in its chart's colour")
        #expect(colours("1.2") == ["b", "a", "b", "a"], "each main chart's line in its series' colour")
        #expect(lines.filter { $0.hasPrefix("<g transform=\"translate(") && $0.hasSuffix(" 926)\">") }.count == 2)
        #expect(lines.contains("<g transform=\"translate(0 1074)\">") && lines.contains("<g transform=\"translate(0 456)\">"))
        // Frame 0's window [11, 22] on the union's bounds [0, 44] is overview pixels 200–400: one selection per
        // frame, its 6 px handles centred on its edges (x 197 and 397).
        let selections = lines.filter { $0.contains("fill-opacity=\"0.2\"") }
        #expect(selections.count == 2)
        #expect(selections[0].contains("x=\"200\"") && selections[0].contains("width=\"200\""), "\(selections[0])")
        let handles = lines.filter { $0.contains("width=\"6\" height=\"20\"") }
        #expect(handles.count == 4)
        #expect(handles[0].contains("<rect x=\"197\" y=\"50\"") && handles[1].contains("<rect x=\"397\" y=\"50\""), "\(handles)")
        let both = try runRangepipe(["preview", script, "--store", store, "--sync", "a", "--series", "a", "--frame", "0", "-o", "-"])
        #expect(both.status == 64)
    }
}
