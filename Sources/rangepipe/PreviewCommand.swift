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
            var script = try ScriptFile.load(path: self.script)
            let wanted = try frameList()
            let zone = try display.zone()
            let source = try SeriesSource(input: [], store: store.store, options: nil)
            script = try source.withAppendSources(script)
            let tracks = SVGPreview.tracks(for: script)
            if let (names, whereFrom) = try linked.linkedSeries(script, series: seriesName != nil, all: false, skip: false) {
                // Linked charts: a panel per series, stacked, under one window.
                let plan = try SyncPlan(script: script, series: try source.linked(names, source: whereFrom), source: whereFrom)
                let picked = try SyncFrameStream(plan: plan, tracks: tracks).frames(Set(wanted))
                try checkCount(picked.count, wanted.count)
                let svg = SVGPreview.renderLinked(plan.plans.map { SVGPreview(plan: $0, zone: zone) }, frames: picked)
                try withOutput(output) { try $0.write(svg) }
                return
            }
            let plan = try ScriptPlan(script: script, series: try source.one(named: seriesName, script: script))
            let picked = try FrameStream(plan: plan, tracks: tracks).frames(Set(wanted))
            try checkCount(picked.count, wanted.count)
            let svg = SVGPreview(plan: plan, zone: zone).render(picked.map(\.0), values: picked.map(\.1))
            try withOutput(output) { try $0.write(svg) }
        }
    }

    func checkCount(_ found: Int, _ wanted: Int) throws {
        guard found == wanted else {
            throw RangePipeError.usage("--frame: the script has only \(found == 0 ? "fewer" : "\(found) of the") frames asked for")
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
