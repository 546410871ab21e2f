import Foundation
import Testing

/// `render` through the binary with the real cairo and ffmpeg (issue 31):
/// what ffprobe reads of the videos, where the decoded pixels put the
/// selection's handles and the main line (worked out here from `play`'s
/// numbers and ChartLayout's documented sizes), byte-identical output for
/// any `--jobs`, and the failures: one line, the documented exit code, and
/// nothing left at `-o`.
@Suite("render: videos and PNG frames")
struct RenderCLITests {
    /// 200 points, x = 0…199, a wave between 0 and 100 (y labels of at
    /// most three characters, so the layout's left margin is its 40 px minimum).
    static let data: String = {
        var rows = ["x,y"]
        for k in 0 ..< 200 { rows.append("\(k),\(50 + 50 * sin(Double(k) / 9))") }
        return rows.joined(separator: "\n") + "\n"
    }()

    /// Two seconds at 20 fps (41 frames): the selection dragged right, then its right handle.
    static let script = #"{"fps": 20, "duration": 2, "field": "y", "main": {"width": 600, "height": 300}, "#
        + #""overview": {"width": 600, "height": 80}, "window": {"initial": {"min": 20, "max": 80}}, "y": {"fit": "edges"}, "#
        + #""events": [{"at": 0.1, "gesture": "drag-selection", "path": [[0, 150], [0.8, 330]]}, "#
        + #"{"at": 1.1, "gesture": "drag-handle", "handle": "max", "path": [[0, 0], [0.6, 120]]}]}"#

    func setUp(_ dir: TemporaryDirectory) throws -> (store: String, script: String) {
        let store = dir.path("s.sqlite")
        let r = try runRangepipe(["ingest", try dir.write("wave.csv", Self.data), "--store", store, "--quiet"])
        #expect(r.status == 0, "\(r.stderr)")
        return (store, try dir.write("s.json", Self.script))
    }

    /// ChartLayout for these sizes (left 40, right 16, caption 20, axis 22,
    /// gap 14) scaled to fit a 1280 × 720 frame and centred.
    static let layout = (width: 40.0 + 600 + 16, height: 20.0 + 80 + 22 + 14 + 300 + 22 + 6)
    static let scale = min(1280 / layout.width, 720 / layout.height)
    static let origin = (x: (1280 - layout.width * scale) / 2, y: (720 - layout.height * scale) / 2)
    static func px(_ x: Double) -> Double { origin.x + scale * (40 + x) }
    static func py(_ y: Double) -> Double { origin.y + scale * y }

    @Test("ffprobe reads the frames and duration the script implies, in MP4, WebM and GIF")
    func probe() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        for ext in ["mp4", "webm", "gif"] {
            let out = dir.path("replay.\(ext)")
            let r = try runRangepipe(["render", s.script, "--store", s.store, "-o", out, "--quiet", "--size", "640x360"])
            #expect(r.status == 0 && r.stderr.isEmpty, "\(ext): \(r.stderr)")
            let probe = try runShell("ffprobe -v error -count_frames -show_entries stream=nb_read_frames,width,height:format=duration -of default=nw=1 '\(out)'")
            let fields = Dictionary(probe.out.split(separator: "\n").map { line -> (String, String) in
                let kv = line.split(separator: "=", maxSplits: 1).map(String.init)
                return (kv[0], kv.count > 1 ? kv[1] : "")
            }, uniquingKeysWith: { a, _ in a })
            #expect(fields["nb_read_frames"] == "41", "\(ext): \(probe.out)")
            #expect(fields["width"] == "640" && fields["height"] == "360", "\(ext): \(probe.out)")
            let duration = try #require(Double(fields["duration"] ?? ""), "\(ext): \(probe.out)")
            #expect(abs(duration - 41.0 / 20) <= 0.011, "\(ext): duration \(duration), expected 2.05")
        }
    }

    /// Frames `wanted` of a video decoded to RGB rows (1280 × 720 × 3 bytes each).
    func decode(_ video: String, _ wanted: [Int]) throws -> [[UInt8]] {
        let select = wanted.map { "eq(n\\,\($0))" }.joined(separator: "+")
        let r = try runShell("ffmpeg -v error -i '\(video)' -vf \"select='\(select)'\" -fps_mode passthrough -f rawvideo -pix_fmt rgb24 -")
        let size = 1280 * 720 * 3
        try #require(r.status == 0 && r.stdout.count == size * wanted.count, "ffmpeg: \(r.stderr)")
        return (0 ..< wanted.count).map { Array(r.stdout[size * $0 ..< size * ($0 + 1)]) }
    }

    @Test("decoded MP4 frames show the handles at play's selector pixels and the line across play's y-range")
    func pixels() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        let video = dir.path("replay.mp4")
        #expect(try runRangepipe(["render", s.script, "--store", s.store, "-o", video, "--quiet"]).status == 0)
        let play = try runRangepipe(["play", s.script, "--store", s.store, "--tracks", "selector,range"])
        let frames = try play.out.split(separator: "\n").map { try JSONSerialization.jsonObject(with: Data($0.utf8)) as! [String: Any] }
        try #require(frames.count == 41)
        let wanted = [0, 6, 12, 20, 27, 34, 40]
        for (k, rgb) in zip(wanted, try decode(video, wanted)) {
            let selector = try #require(frames[k]["selector"] as? [String: Double])
            let (lo, hi) = (try #require(selector["min_px"]), try #require(selector["max_px"]))
            // The handles: 6 × 20 px, centred on the selection's edges and the overview's middle row.
            let row = Int(Self.py(20 + 40).rounded())
            var runs: [(Int, Int)] = []
            for x in 0 ..< 1280 {
                let p = (row * 1280 + x) * 3
                let (r, g, b) = (Int(rgb[p]), Int(rgb[p + 1]), Int(rgb[p + 2]))
                guard b > 200 && r < 130 && g < 170 else { continue }
                if let last = runs.last, last.1 == x - 1 { runs[runs.count - 1].1 = x } else { runs.append((x, x)) }
            }
            try #require(runs.count == 2, "frame \(k): handle runs \(runs)")
            let centres = runs.map { Double($0.0 + $0.1) / 2 + 0.5 }
            #expect(abs(centres[0] - Self.px(lo)) <= 1, "frame \(k): left handle at \(centres[0]), expected \(Self.px(lo))")
            #expect(abs(centres[1] - Self.px(hi)) <= 1, "frame \(k): right handle at \(centres[1]), expected \(Self.px(hi))")
            // The main line (#1d4ed8) inside the plot spans exactly the frame's y-range.
            let top = Self.py(136), bottom = Self.py(436)
            var rows: [Int] = []
            // Below the overview's axis labels: the gap, the plot, and its x axis.
            for y in Int(Self.py(20 + 80 + 22)) ..< 720 {
                for x in Int(Self.px(2)) ..< Int(Self.px(598)) {
                    let p = (y * 1280 + x) * 3
                    if rgb[p] < 90 && rgb[p + 1] < 140 && rgb[p + 2] > 170 { rows.append(y) }
                }
            }
            let (first, last) = (try #require(rows.min()), try #require(rows.max()))
            #expect(Double(first) >= top - 1.5 && abs(Double(first) - top) <= 2.5, "frame \(k): line's top row \(first), plot top \(top)")
            #expect(Double(last) <= bottom + 1.5 && abs(Double(last) - bottom) <= 2.5, "frame \(k): line's bottom row \(last), plot bottom \(bottom)")
        }
    }

    @Test("the same PNG frames and the same MP4, WebM and GIF bytes for any --jobs")
    func deterministic() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        for (jobs, name) in [("1", "one"), ("3", "three")] {
            let r = try runRangepipe(["render", s.script, "--store", s.store, "-o", dir.path(name) + "/", "--jobs", jobs, "--size", "640x360"])
            #expect(r.status == 0, "\(r.stderr)")
        }
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path("one")).sorted()
        #expect(names.count == 41 && names.first == "frame-000000.png" && names.last == "frame-000040.png")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.path("three")).sorted() == names)
        for name in names {
            let a = try Data(contentsOf: URL(fileURLWithPath: dir.path("one/\(name)")))
            let b = try Data(contentsOf: URL(fileURLWithPath: dir.path("three/\(name)")))
            #expect(a == b, "\(name) differs between --jobs 1 and 3")
            #expect(a.starts(with: [0x89, 0x50, 0x4e, 0x47]))
        }
        for ext in ["mp4", "webm", "gif"] {
            let a = dir.path("a.\(ext)"), b = dir.path("b.\(ext)")
            #expect(try runRangepipe(["render", s.script, "--store", s.store, "-o", a, "--size", "320x180"]).status == 0)
            #expect(try runRangepipe(["render", s.script, "--store", s.store, "-o", b, "--size", "320x180", "--jobs", "2"]).status == 0)
            #expect(try Data(contentsOf: URL(fileURLWithPath: a)) == Data(contentsOf: URL(fileURLWithPath: b)), "\(ext) differs")
        }
    }

    /// A stand-in for ffmpeg on PATH: `body` is its shell script.
    func fakeFFmpeg(_ dir: TemporaryDirectory, _ body: String) throws -> String {
        let bin = dir.path("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let tool = try dir.write("bin/ffmpeg", "#!/bin/sh\n" + body + "\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool)
        return bin
    }

    @Test("bad -o, an unknown format, a missing or failing ffmpeg: one line, the exit code, nothing at -o")
    func failures() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        func render(_ out: String, path: String? = nil, _ extra: [String] = []) throws -> RunResult {
            let args = (["render", s.script, "--store", s.store, "-o", out, "--quiet"] + extra).map { "'\($0)'" }.joined(separator: " ")
            return try runShell((path.map { "PATH='\($0)' " } ?? "") + "\"$RANGEPIPE\" " + args)
        }
        func oneLine(_ r: RunResult, _ status: Int32, _ words: String) {
            #expect(r.status == status, "\(words): exit \(r.status): \(r.stderr)")
            #expect(r.stderr.hasPrefix("rangepipe: error: ") && r.stderr.filter { $0 == "\n" }.count == 1 && r.stderr.contains(words), "\(r.stderr)")
        }
        oneLine(try render(dir.path("out.avi")), 64, "cannot tell the format")
        oneLine(try render(dir.path("one.png")), 64, "PNG frames go to a directory")
        oneLine(try render("-"), 64, "give --format")
        oneLine(try render(dir.path("odd.mp4"), ["--size", "641x360"]), 64, "even width and height")
        oneLine(try render(dir.path("nodir/out.mp4")), 73, "nodir/out.mp4: cannot create")
        // No ffmpeg on PATH.
        oneLine(try render(dir.path("out.mp4"), path: dir.path("empty")), 69, "ffmpeg was not found on PATH")
        // An ffmpeg that fails at once, and one that reads a little and dies.
        oneLine(try render(dir.path("out.mp4"), path: try fakeFFmpeg(dir, "echo 'Unknown encoder boom' >&2; exit 1")), 69, "out.mp4: ffmpeg failed (exit 1): Unknown encoder boom")
        oneLine(try render(dir.path("out.mp4"), path: try fakeFFmpeg(dir, "head -c 1000 >/dev/null; echo 'went away' >&2; exit 3")), 69, "went away")
        // An existing video survives a failed render, with its mode.
        let kept = try dir.write("kept.mp4", "old")
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: kept)
        oneLine(try render(kept, path: try fakeFFmpeg(dir, "exit 2")), 69, "kept.mp4: ffmpeg failed (exit 2)")
        #expect(try String(contentsOfFile: kept, encoding: .utf8) == "old")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: dir.path("")).filter { $0.contains(".tmp-") || $0.hasPrefix("out.") }
        #expect(leftovers.isEmpty, "\(leftovers)")
        // A successful render over it keeps the mode.
        #expect(try render(kept).status == 0)
        let mode = try FileManager.default.attributesOfItem(atPath: kept)[.posixPermissions] as? Int
        #expect(mode == 0o640)
    }

    @Test("the yuv420p frames sent to ffmpeg are ffmpeg's own BT.709 conversion of render's PNG frames")
    func conversion() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        // A stand-in ffmpeg keeps what render sends it; the real one converts the PNG frames.
        // 324 px: 40 SIMD blocks of 8 and a tail of two 2×2 blocks a row.
        let sent = dir.path("sent.yuv")
        let bin = try fakeFFmpeg(dir, "exec /bin/cat > '\(sent)'")
        let r = try runShell("PATH='\(bin)' \"$RANGEPIPE\" render '\(s.script)' --store '\(s.store)' -o '\(dir.path("x.mp4"))' --size 324x182 --fps 4")
        #expect(r.status == 0, "\(r.stderr)")
        #expect(try runRangepipe(["render", s.script, "--store", s.store, "-o", dir.path("png") + "/", "--size", "324x182", "--fps", "4"]).status == 0)
        let reference = dir.path("ffmpeg.yuv")
        let f = try runShell("ffmpeg -v error -i '\(dir.path("png"))/frame-%06d.png' -vf 'scale=out_color_matrix=bt709:out_range=tv:flags=accurate_rnd+full_chroma_int' -pix_fmt yuv420p -f rawvideo '\(reference)'")
        #expect(f.status == 0, "\(f.stderr)")
        let ours = [UInt8](try Data(contentsOf: URL(fileURLWithPath: sent)))
        let theirs = [UInt8](try Data(contentsOf: URL(fileURLWithPath: reference)))
        let plane = 324 * 182, frame = plane * 3 / 2
        try #require(ours.count == theirs.count && ours.count == 9 * frame, "\(ours.count) vs \(theirs.count)")
        var lumaMax = 0, chromaSame = 0, chromaCount = 0, chromaMax = 0
        for k in ours.indices {
            let d = abs(Int(ours[k]) - Int(theirs[k]))
            if k % frame < plane { lumaMax = max(lumaMax, d) } else {
                chromaCount += 1
                chromaSame += d == 0 ? 1 : 0
                chromaMax = max(chromaMax, d)
            }
        }
        // Luma differs only in rounding; chroma also where ffmpeg's subsampling filter weighs an edge differently.
        #expect(lumaMax <= 1, "luma differs by \(lumaMax)")
        #expect(Double(chromaSame) >= 0.95 * Double(chromaCount), "chroma equal on \(chromaSame) of \(chromaCount)")
        #expect(chromaMax <= 24, "chroma differs by \(chromaMax)")
    }

    @Test("a FIFO gets a streamed (fragmented) MP4 that ffprobe reads whole")
    func fifo() throws {
        let dir = try TemporaryDirectory()
        let s = try setUp(dir)
        let fifo = dir.path("pipe.mp4"), got = dir.path("got.mp4")
        try #require(mkfifo(fifo, 0o644) == 0)
        let r = try runShell("cat '\(fifo)' > '\(got)' & \"$RANGEPIPE\" render '\(s.script)' --store '\(s.store)' -o '\(fifo)' --size 320x180; status=$?; wait; exit $status")
        #expect(r.status == 0, "\(r.stderr)")
        let probe = try runShell("ffprobe -v error -count_frames -show_entries stream=nb_read_frames -of csv=p=0 '\(got)'")
        #expect(probe.out.trimmingCharacters(in: .whitespacesAndNewlines) == "41", "\(probe.out) \(probe.stderr)")
        var status = stat()
        #expect(lstat(fifo, &status) == 0 && (status.st_mode & S_IFMT) == S_IFIFO, "the FIFO is still a FIFO")
    }
}
