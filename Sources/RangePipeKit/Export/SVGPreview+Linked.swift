/// Linked charts (`preview --sync A,B,…`): a frame is one panel per series,
/// stacked in `--sync` order. Every panel has its own overview (its series'
/// line over the shared bounds) with the selection at the same pixels, and
/// its own main chart over the shared window, fitted to its own y-range.
extension SVGPreview {
    /// One SVG document: for each frame, the series' panels one under the
    /// other (frame 0's panels, then frame 1's, …). `previews[j]` draws
    /// series j; `frames[i][j]` is frame i of series j with its shown values.
    /// The panels share one layout, wide enough for every series' y labels,
    /// so their x axes line up.
    /// - Complexity: O(frames · series · (overview + main width) · log n).
    package static func renderLinked(_ previews: [SVGPreview], frames: [[(Frame, ShownValues)]]) -> String {
        guard let first = previews.first else { return "" }
        let drawn = frames.map { row in zip(previews, row).map { p, f in FrameDrawing(p, f.0, f.1) } }
        let script = first.plan.script
        let layout = ChartLayout(overview: script.overview, main: script.main,
                                 yLabels: drawn.flatMap { $0.flatMap { $0.yTicks.map(\.1) } })
        let panels = Double(drawn.count * previews.count)
        var svg = header(width: layout.width, height: layout.height * panels, id: nil)
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        var k = 0
        for row in drawn {
            for (p, d) in zip(previews, row) {
                svg += "<g transform=\"translate(0 \(SVGNumber.fmt(Double(k) * layout.height)))\">\n"
                svg += p.panel(PanelContent(d, p), layout, ids: nil)
                svg += p.presetButtonsSVG(d.record, layout)
                svg += "</g>\n"
                k += 1
            }
        }
        return svg + "</svg>\n"
    }
}
