import ArgumentParser
import RangePipeKit

/// `rangepipe render`: a script's replay as a video (MP4, WebM, GIF) or
/// as one PNG per frame, drawn as `preview` draws a frame.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw every frame of a script and write a video (MP4, WebM, GIF) or PNG frames.",
        discussion: """
        Each frame is the picture `preview` draws (overview, selection and handles, main chart with its axes, \
        annotation, preset buttons, zoom box and crosshair; one panel per series with --sync), drawn with cairo, \
        scaled to fit --size and centred. Videos are encoded by ffmpeg (on PATH) from raw frames through a pipe. \
        -o picks the format by its extension (.mp4, .webm, .gif); a directory, or a path ending in /, gets \
        frame-000000.png, frame-000001.png, … A video is written under a temporary name and renamed when ffmpeg \
        has finished, so a failed run leaves nothing at -o.
        """
    )

    @Argument(help: "The script (JSON).")
    var script: String
    @OptionGroup var store: StoreOptions
    @OptionGroup var from: SeriesInputOptions
    @OptionGroup(title: "Ingest options (with --input)") var ingest: IngestArguments
    @OptionGroup var linked: SyncOption
    @Option(name: .customLong("series"), help: "The series (default: the script's, or the store's only one).")
    var seriesName: String?
    @Option(help: "Frames per second of the replay and the video (overrides the script).")
    var fps: Double?
    @Option(help: "The frame size WIDTHxHEIGHT in pixels, 16 to 8192 each (even for MP4 and WebM).")
    var size: FrameSize = FrameSize(width: 1280, height: 720)
    @Option(help: "The output format when -o does not say it by its extension.")
    var format: RenderFormat?
    // Unconditional: `--jobs -1` reaches the range check below.
    @Option(parsing: .unconditional, help: "Threads drawing frames (1 to \(RenderCommand.maxJobs)); the output is the same for any value.")
    var jobs: Int = 1
    @OptionGroup var display: DisplayZoneOption
    @Flag(help: "No progress bar.")
    var quiet = false
    @Option(name: .shortAndLong, help: "The video file (- for stdout, with --format), or a directory for PNG frames.")
    var output: String

    static let maxJobs = 64

    func run() throws {
        try runReportingErrors {
            guard (1 ... Self.maxJobs).contains(jobs) else {
                throw RangePipeError.usage("--jobs: expected a whole number from 1 to \(Self.maxJobs), got \(jobs)")
            }
            let target = try RenderJob.Target.decide(output: output, format: format)
            try RunPaths.check { paths in
                paths.reads(self.script, as: "the script")
                from.declare(&paths, store: store, ingest: ingest)
                if case let .frames(directory) = target { paths.writesFrames(in: directory, as: "-o") } else { paths.writes(output, as: "-o") }
            }
            if case let .video(f, _) = target, f != .gif, !size.isEven {
                throw RangePipeError.usage("--size: \(f.rawValue) needs an even width and height (yuv420p), got \(size)")
            }
            var script = try ScriptFile.load(path: self.script)
            try script.override(fps: fps)
            let zone = try display.zone()
            ProgressReporter.shared.configure(quiet: quiet)
            let source = try from.source(store: store, ingest: ingest)
            script = try source.withAppendSources(script)
            let linkedSeries = try linked.linkedSeries(script, series: seriesName != nil, all: false, skip: false)
            let what = try ShownSeries(script: script, source: source, series: seriesName, linked: linkedSeries)
            try RenderJob(source: what, target: target, width: size.width, height: size.height, jobs: jobs, zone: zone).run()
        }
    }
}

/// `--size WIDTHxHEIGHT`.
struct FrameSize: ExpressibleByArgument, CustomStringConvertible {
    let width: Int, height: Int

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    init?(argument: String) {
        let parts = argument.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let w = Int(parts[0]), let h = Int(parts[1]),
              (16 ... 8192).contains(w), (16 ... 8192).contains(h) else { return nil }
        self.init(width: w, height: h)
    }

    var isEven: Bool { width % 2 == 0 && height % 2 == 0 }
    var description: String { "\(width)x\(height)" }
    var defaultValueDescription: String { description }
}
