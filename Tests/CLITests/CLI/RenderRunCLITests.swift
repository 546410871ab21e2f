import Foundation
import Testing
@testable import RangePipeKit

/// `render` as a user runs it: linked charts stacked over one shared
/// overview (its handles where `play` puts the shared selector), SIGINT and
/// SIGTERM mid-video (nothing left, the old file kept), and the progress
/// bar on a terminal only.
@Suite("render: linked panels, interrupts, progress")
struct RenderRunCLITests {
    /// Three waves, 0…100, 0…50 and 0…10 (y labels of three characters at most: the layout's left margin is 40 px).
    func linkedStore(_ dir: TemporaryDirectory) throws -> String {
        let store = dir.path("s.sqlite")
        var rows = ["x,name,y"]
        for (name, top) in [("a", 100.0), ("b", 50.0), ("c", 10.0)] {
            for k in 0 ..< 200 { rows.append("\(k),\(name),\(top / 2 + top / 2 * sin(Double(k) / 9))") }
        }
        let csv = try dir.write("waves.csv", rows.joined(separator: "\n") + "\n")
        let r = try runRangepipe(["ingest", csv, "--series-column", "name", "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return store
    }

    @Test("three linked series: main charts in the grid that fills the frame over one overview, its handles at play's selector pixels")
    func linked() throws {
        let dir = try TemporaryDirectory()
        let store = try linkedStore(dir)
        let script = try dir.write("s.json", #"{"fps": 10, "duration": 1, "sync": ["a", "b", "c"], "field": "y", "#
            + #""main": {"width": 600, "height": 300}, "overview": {"width": 600, "height": 80}, "#
            + #""window": {"initial": {"min": 20, "max": 80}}, "events": [{"at": 0.1, "gesture": "drag-selection", "path": [[0, 150], [0.6, 400]]}]}"#)
        let video = dir.path("linked.mp4")
        let r = try runRangepipe(["render", script, "--store", store, "-o", video, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        let play = try runRangepipe(["play", script, "--store", store, "--tracks", "selector"])
        let lines = try play.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(lines.count == 33, "11 frames × 3 series")
        // ChartLayout's linked layout: columns 656 px wide (40 + 600 + 16); main charts of 20 + 14 + 300 + 22 px,
        // row by row, then 14 px and one overview 80 px tall, centred under them, with its axis (28 px). In one
        // stack (656 × 1190) the frame would show it at 0.605; in 2 columns (1312 × 834) at 0.863; in 3 (1968 × 478)
        // at 0.650: so 2 columns, the overview's left 328 px in and its middle 2 · 356 + 14 + 40 = 766 px down.
        func size(_ columns: Int) -> (Double, Double) {
            (Double(columns) * 656, Double((3 + columns - 1) / columns) * 356 + 14 + 80 + 28)
        }
        let scales = (1 ... 3).map { c in min(1280 / size(c).0, 720 / size(c).1) }
        try #require(scales.indices.max { scales[$0] < scales[$1] } == 1)
        let (lw, lh) = size(2), scale = scales[1], overviewLeft = 328.0
        let origin = ((1280 - lw * scale) / 2, (720 - lh * scale) / 2)
        let decoded = try runShell("ffmpeg -v error -i '\(video)' -vf \"select='eq(n\\,3)+eq(n\\,8)'\" -fps_mode passthrough -f rawvideo -pix_fmt rgb24 -")
        try #require(decoded.stdout.count == 2 * 1280 * 720 * 3, "\(decoded.stderr)")
        let rgb = [UInt8](decoded.stdout)
        for (i, frame) in [3, 8].enumerated() {
            // The one overview's handles: exactly two blue runs across its middle row.
            func runs(_ row: Int) -> [(Int, Int)] {
                var runs: [(Int, Int)] = []
                for x in Int(origin.0) ..< Int(origin.0 + scale * lw) {
                    let p = i * 1280 * 720 * 3 + (row * 1280 + x) * 3
                    guard rgb[p + 2] > 200 && rgb[p] < 130 && rgb[p + 1] < 170 else { continue }
                    if let last = runs.last, last.1 == x - 1 { runs[runs.count - 1].1 = x } else { runs.append((x, x)) }
                }
                return runs
            }
            let middle = runs(Int((origin.1 + scale * 766).rounded()))
            try #require(middle.count == 2, "frame \(frame): \(middle)")
            for panel in 0 ..< 3 {
                let selector = try #require(lines[frame * 3 + panel]["selector"] as? [String: Double])
                for (run, edge) in zip(middle, [selector["min_px"]!, selector["max_px"]!]) {
                    let centre = Double(run.0 + run.1) / 2 + 0.5, expected = origin.0 + scale * (overviewLeft + 40 + edge)
                    #expect(abs(centre - expected) <= 1, "frame \(frame) panel \(panel): handle at \(centre), expected \(expected)")
                }
            }
        }
    }

    /// A one-series store and a script long enough to interrupt (1,201 frames).
    func longRender(_ dir: TemporaryDirectory) throws -> (store: String, script: String) {
        let store = dir.path("s.sqlite")
        let csv = try dir.write("s.csv", "x,v\n" + (0 ..< 500).map { "\($0),\($0 % 17)" }.joined(separator: "\n") + "\n")
        #expect(try runRangepipe(["ingest", csv, "--store", store, "--series", "s", "--quiet"]).status == 0)
        let script = try dir.write("long.json", #"{"series": "s", "fps": 20, "duration": 60, "events": [{"at": 0, "gesture": "pan", "path": [[0, 0], [59, 3000]]}]}"#)
        return (store, script)
    }

    @Test("INT and TERM mid-video leave no temporary file and the old video as it was", arguments: [SIGINT, SIGTERM])
    func interrupted(signal number: Int32) throws {
        let dir = try TemporaryDirectory()
        let fx = try longRender(dir)
        let out = try dir.write("out.mp4", "previous\n")
        let process = try startUnblocked(["render", fx.script, "--store", fx.store, "-o", out, "--size", "320x180"])
        let temporary = try awaitGrowingFile(in: dir, prefix: "out.mp4.tmp-", bytes: 1 << 12, seconds: 60)
        #expect(temporary != nil, "the render never started writing")
        kill(process.processIdentifier, number)
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == number)
        // ffmpeg, left with its input closed, ends on its own: once it has, nothing it wrote has a name.
        #expect(awaitNoProcessNaming(dir.url.path, seconds: 60), "ffmpeg did not end")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
        #expect(!names.contains { $0.contains(".tmp-") }, "left behind: \(names)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "previous\n")
    }

    @Test("the progress bar counts frames on a terminal, never with --quiet or off a terminal")
    func progress() throws {
        let dir = try TemporaryDirectory()
        // RANGEPIPE_PROGRESS_DELAY=0: the bar is due from the first byte, and each new label (the
        // input's, then render's) is drawn at its first count, however fast the machine is.
        let input = "{ printf 'x,v\\n'; seq 0 200 | sed 's/$/,1/'; }"
        let script = try dir.write("s.json", #"{"fps": 10, "duration": 2, "events": [{"at": 0, "gesture": "pan", "path": [[0, 0], [1.5, 300]]}]}"#)
        func run(_ options: String, terminal: Bool) throws -> String {
            let command = "\(input) | RANGEPIPE_PROGRESS_DELAY=0 \"$RANGEPIPE\" render '\(script)' --input - -o '\(dir.path("p.mp4"))' --size 160x90 \(options)"
            let r = try runShell(terminal ? "script -qec '\(command.replacingOccurrences(of: "'", with: "'\\''"))' /dev/null" : "\(command) 2>&1")
            #expect(r.status == 0, "\(r.out) \(r.stderr)")
            return r.out
        }
        let shown = try run("", terminal: true)
        #expect(shown.contains("\rrender: ") && shown.contains(" frames [") && shown.contains("\u{1B}[K"), "\(shown.suffix(300).debugDescription)")
        #expect(!shown.contains("\\x0d"), "\(shown.suffix(300).debugDescription)")
        #expect(!(try run("--quiet", terminal: true)).contains("frames"))
        #expect(!(try run("", terminal: false)).contains("frames"))
    }
}
