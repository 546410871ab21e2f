/// `rangepipe preview`: chosen frames of a script drawn as one SVG
/// document (`SVGPreview`), the frames stacked; with linked series one
/// panel per series under each frame.
package struct PreviewJob {
    /// The series drawn.
    package let shown: ShownSeries
    /// The frames to draw, in order (each at least 0).
    package let frames: [Int]
    /// The zone of time-axis ticks.
    package let zone: DisplayZone

    package init(shown: ShownSeries, frames: [Int], zone: DisplayZone) {
        self.shown = shown
        self.frames = frames
        self.zone = zone
    }

    /// Plays the script up to the last frame asked for and draws the frames.
    /// - Returns: the SVG document.
    /// - Throws: script errors; usage (exit 64) when the script has fewer
    ///   frames than asked for.
    /// - Complexity: O(frames up to the last one asked for · panels) simulator
    ///   steps, plus O(frames asked · panels · (overview + main width) · log n) drawing.
    package func run() throws -> String {
        let plans = shown.plans
        let tracks = SVGPreview.tracks(for: plans[0].script)
        let wanted = Set(frames), last = frames.max() ?? 0
        var rows: [[(Frame, ShownValues)]] = []
        try shown.eachRow(tracks) { row in
            let k = row[0].0.frame
            if wanted.contains(k) { rows.append(row) }
            return k < last
        }
        guard rows.count == frames.count else {
            throw RangePipeError.usage("--frame: the script has only \(rows.count == 0 ? "fewer" : "\(rows.count) of the") frames asked for")
        }
        let previews = plans.map { SVGPreview(plan: $0, zone: zone) }
        if case .linked = shown { return SVGPreview.renderLinked(previews, frames: rows) }
        return previews[0].render(rows.map(\.[0].0), values: rows.map(\.[0].1))
    }
}
