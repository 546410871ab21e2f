import Foundation
import Testing
@testable import RangePipeKit

/// `preview --sync A,B`: one panel per series per frame, one shared window.
@Suite("preview --sync")
struct SyncPreviewTests {
    @Test("panels stack per frame in --sync order, each with the shared selection")
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
        // Frame 0's window [11, 22] on the union's bounds [0, 44] is overview pixels 200–400 in both panels.
        let selections = svg.split(separator: "\n").filter { $0.contains("fill-opacity=\"0.2\"") }
        #expect(selections.count == 4)
        for s in selections.prefix(2) { #expect(s.contains("x=\"200\"") && s.contains("width=\"200\""), "\(s)") }
        #expect(selections[2].contains("x=\"\(selections[3].split(separator: "\"")[1])\""))
        let both = try runRangepipe(["preview", script, "--store", store, "--sync", "a", "--series", "a", "--frame", "0", "-o", "-"])
        #expect(both.status == 64)
    }
}
