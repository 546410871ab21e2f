import ArgumentParser
import RangePipeKit

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Draw one frame (or a strip of frames) of a script as SVG."
    )

    @Argument(help: "The script (JSON).")
    var script: String
    @OptionGroup var store: StoreOptions
    @Option(name: .customLong("series"), help: "The series (default: the script's).")
    var seriesName: String?
    @OptionGroup var linked: SyncOption
    @Option(help: "The frame to draw.")
    var frame: Int?
    @Option(help: "A strip of frames A:B:STEP (B inclusive).")
    var frames: String?
    @OptionGroup var display: DisplayZoneOption
    @Option(name: .shortAndLong, help: "The SVG file (- for stdout).")
    var output: String

    func run() throws {
        try runReportingErrors {
            try RunPaths.check { paths in
                paths.reads(self.script, as: "the script")
                paths.store(store.store, writing: false)
                paths.writes(output, as: "-o")
            }
            var script = try ScriptFile.load(path: self.script)
            let wanted = try frameList()
            let zone = try display.zone()
            let source = try SeriesSource(input: [], store: store.store, options: nil)
            script = try source.withAppendSources(script)
            let linkedSeries = try linked.linkedSeries(script, series: seriesName != nil, all: false, skip: false)
            let shown = try ShownSeries(script: script, source: source, series: seriesName, linked: linkedSeries)
            let svg = try PreviewJob(shown: shown, frames: wanted, zone: zone).run()
            try withOutput(output) { try $0.write(svg) }
        }
    }

    func frameList() throws -> [Int] {
        if let frame, frames == nil {
            guard frame >= 0 else { throw RangePipeError.usage("--frame: expected 0 or more") }
            return [frame]
        }
        if let frames, frame == nil {
            let parts = frames.split(separator: ":").map { Int($0) }
            guard parts.count == 3, let a = parts[0], let b = parts[1], let step = parts[2], a >= 0, b >= a, step > 0, (b - a) / step < 1000 else {
                throw RangePipeError.usage("--frames: expected A:B:STEP with 0 ≤ A ≤ B and STEP ≥ 1 (at most 1000 frames)")
            }
            return Array(stride(from: a, through: b, by: step))
        }
        throw RangePipeError.usage("give exactly one of --frame K or --frames A:B:STEP")
    }
}
