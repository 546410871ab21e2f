import Foundation
import Testing
@testable import RangePipeKit

/// The preset rule (docs/script-views.md, "Presets"): a frame names the preset
/// whose `set-window` (or initial window) produced its window, for as long
/// as the window has not changed since; only otherwise the first button, in
/// button order, whose settled window equals the frame's.
@Suite("The preset a frame names, in a tie")
struct PresetTieCLITests {
    /// AAPL's monthly prices, 2000–2010: under a minSpan of 1826 days every
    /// button up to 5Y settles to the same last five years, a tie.
    static let script = #"""
    {"series": "AAPL", "fps": 10, "duration": 1.5, "field": "price", "x": {"zone": "UTC"},
     "window": {"initial": {"preset": "1Y"}, "minSpan": "1826d"},
     "events": [{"at": 0.2, "action": "set-window", "window": {"preset": "5Y"}},
                {"at": 0.6, "action": "set-window", "window": {"preset": "3M"}},
                {"at": 0.9, "action": "reset"},
                {"at": 1.2, "gesture": "pan", "path": [[0, 400], [0.2, 420]]}]}
    """#

    @Test("a set button stays lit in a tie until the window moves: 1Y, 5Y, 3M, reset to 1Y; then the first tied button, then none")
    func setButtonStaysLit() throws {
        let dir = try TemporaryDirectory()
        let store = dir.path("s.sqlite")
        let csv = packageRoot.appendingPathComponent("samples/stocks-monthly.csv").path
        let i = try runRangepipe(["ingest", csv, "--store", store, "--quiet"])
        #expect(i.status == 0, "\(i.stderr)")
        let s = try dir.write("s.json", Self.script)
        let r = try runRangepipe(["play", s, "--store", store, "--tracks", "preset,selector", "--format", "csv"])
        #expect(r.status == 0, "\(r.stderr)")
        let rows = r.out.split(separator: "\n").dropFirst().map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
        #expect(rows.count == 16)
        // Every set window is the same one (the tie), until the pan moves it at 1.3 s.
        #expect(Set(rows[0 ... 12].map { $0[4] + "," + $0[5] }).count == 1, "\(rows)")
        let names = rows.map { $0.last! }
        let expected = ["1Y", "1Y", "5Y", "5Y", "5Y", "5Y", "3M", "3M", "3M", "1Y", "1Y", "1Y",
                        // The pan starts at 1.2 s (nothing set any more; the tie's first button), moves from 1.3 s.
                        "1D", "", "", ""]
        #expect(names == expected, "\(names)")
        // The preview lights the frame's button: 5Y at frame 3, not 1D.
        let svg = try runRangepipe(["preview", s, "--store", store, "--frame", "3", "-o", dir.path("f.svg")])
        #expect(svg.status == 0, "\(svg.stderr)")
        let text = try String(contentsOfFile: dir.path("f.svg"), encoding: .utf8)
        let lit = text.components(separatedBy: "<g class=\"preset on\">").dropFirst().map { $0.components(separatedBy: "</g>")[0] }
        #expect(lit.count == 1 && lit[0].hasSuffix(">5Y</text>"), "\(lit)")
    }
}
