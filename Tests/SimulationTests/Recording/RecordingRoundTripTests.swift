import Foundation
import Testing

/// Recorded sessions imported with `script from-events --base` and played
/// give byte-identical tracks to the high-level scripts written by hand for
/// the same pointer positions and times (RecordingFixtures: an overview drag
/// inside the selection, a pinch, a wheel run).
@Suite("recorded sessions round-trip")
struct RecordingRoundTripTests {
    /// The settings both scripts share; the selection starts at overview px
    /// 400…560, so the drag's press at 480 is inside it.
    static let settings = ScriptBuilder(series: "AAPL", fps: 20, overview: .init(width: 800, height: 120), main: .init(width: 800, height: 400),
                                        initial: .fraction(0.5, 0.7))

    /// Imports `recording` in `format` over `base` and plays it, and plays
    /// `base` with `events`; both must give the same tracks.
    static func expectSame(_ recording: String, _ format: String, _ events: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let dir = try TemporaryDirectory()
        let store = try StocksStore.path()
        let base = try dir.write("base.json", Self.settings.text)
        let imported = dir.path("imported.json")
        let r = try runRangepipe(["script", "from-events", try dir.write("rec", recording), "--from", format,
                                  "--layout", try dir.write("layout.json", RecordingFixtures.layout), "--base", base, "-o", imported])
        #expect(r.status == 0, "\(r.stderr)", sourceLocation: sourceLocation)
        var hand = Self.settings
        hand.events = [events]
        let handWritten = try dir.write("hand.json", hand.text)
        let tracks = ["--store", store, "--tracks", "range,annotation,selector,values,points"]
        let a = try runRangepipe(["play", imported] + tracks), b = try runRangepipe(["play", handWritten] + tracks)
        #expect(a.status == 0 && b.status == 0, "\(a.stderr) \(b.stderr)", sourceLocation: sourceLocation)
        #expect(a.out.count > 1000, sourceLocation: sourceLocation)
        expectSameTracks(a.out, b.out, sourceLocation: sourceLocation)
    }

    // The drag: 480 → 500 → 510 px in 0.125 s; over its last 0.1 s it moves
    // 22 px (220 px/s ≥ 50): a fling. The wheel: 100 px = 1 notch per turn.

    @Test("pointer-ndjson: drag, pinch, wheel")
    func ndjson() throws {
        try Self.expectSame(RecordingFixtures.ndjson, "pointer-ndjson", """
        {"at": 0, "gesture": "drag-selection", "path": [[0, 480], [0.0625, 500], [0.125, 510]], "release": "fling"},
        {"at": 1, "gesture": "pinch", "path": [[0, 200, 400], [0.25, 150, 450], [0.5, 150, 450]]},
        {"at": 2, "gesture": "wheel", "x": 500, "path": [[0, 1], [0.125, 1]]}
        """)
    }

    @Test("webdriver: drag, pinch, wheel")
    func webdriver() throws {
        // The second mouse move and the up share 0.125 s; the fingers lift
        // when they arrive (0.25 s).
        try Self.expectSame(RecordingFixtures.webdriver, "webdriver", """
        {"at": 0, "gesture": "drag-selection", "path": [[0, 480], [0.0625, 500], [0.125, 510]], "release": "fling"},
        {"at": 1, "gesture": "pinch", "path": [[0, 200, 400], [0.25, 150, 450]]},
        {"at": 2, "gesture": "wheel", "x": 500, "path": [[0, 1], [0.125, 1]]}
        """)
    }

    @Test("echarts-recorder: drag and wheel (a mouse cannot pinch)")
    func echarts() throws {
        try Self.expectSame(RecordingFixtures.echarts, "echarts-recorder", """
        {"at": 1, "gesture": "drag-selection", "path": [[0, 480], [0.0625, 500], [0.125, 510]], "release": "fling"},
        {"at": 2, "gesture": "wheel", "x": 500, "path": [[0, 1], [0.125, 1]]},
        {"at": 2.126, "gesture": "wheel", "x": 510, "path": [[0, -0.03]]}
        """)
    }
}
