/// Linked charts (`preview --sync A,B,…`): a frame is one main chart per
/// series, stacked in `--sync` order, each over the shared window fitted to
/// its own y-range with its own caption, and under the last one a single
/// overview they all share (`ChartLayout`'s linked layout): every series'
/// line over the shared bounds, each fitted to its own range (as Plotly's
/// range slider draws each y axis' traces at that axis' own range), in its
/// chart's colour (`ChartLayout.seriesColor`), with the one selection and
/// its handles. The preset buttons sit in the first
/// caption row.
extension SVGPreview {
    /// One SVG document: the frames one under the other, each drawn by
    /// `linkedSVG`. `previews[j]` draws series j; `frames[i][j]` is frame i
    /// of series j with its shown values. One layout, wide enough for every
    /// series' y labels, so the x axes line up.
    /// - Complexity: O(frames · series · (overview + main width) · log n).
    package static func renderLinked(_ previews: [SVGPreview], frames: [[(Frame, ShownValues)]]) -> String {
        guard let first = previews.first else { return "" }
        let drawn = frames.map { row in zip(previews, row).map { p, f in FrameDrawing(p, f.0, f.1) } }
        let script = first.plan.script
        let layout = ChartLayout(overview: script.overview, main: script.main,
                                 yLabels: drawn.flatMap { $0.flatMap { $0.yTicks.map(\.1) } }, panels: previews.count)
        var svg = header(width: layout.width, height: layout.height * Double(drawn.count), id: nil)
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        if first.clipsMain { svg += first.mainClipDefs(layout) }
        for (i, row) in drawn.enumerated() {
            svg += "<g transform=\"translate(0 \(SVGNumber.fmt(Double(i) * layout.height)))\">\n"
            let contents = zip(previews, row).map { p, d in p.clipped(PanelContent(d, p)) }
            svg += linkedSVG(previews, contents, buttons: first.presetButtonsSVG(row[0].record, layout), layout, ids: false)
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }

    /// One frame of linked series: series j's caption and main chart in a
    /// group at its rows (with `ids`: group `panel-j`, its parts suffixed
    /// as `HTMLPlayer.suffix(j)`), `buttons` in the first group, then the
    /// one overview with line j from `contents[j]` and the selection of
    /// the first series' frame (all share one window and bounds).
    static func linkedSVG(_ previews: [SVGPreview], _ contents: [PanelContent], buttons: String, _ layout: ChartLayout, ids: Bool) -> String {
        var s = ""
        for (j, (p, c)) in zip(previews, contents).enumerated() {
            let suffix = ids ? HTMLPlayer.suffix(j) : nil
            s += "<g\(suffix.map { " id=\"panel\($0)\"" } ?? "") transform=\"translate(0 \(SVGNumber.fmt(layout.panelTop(j))))\">\n"
            s += p.captionSVG(c.caption, layout, ids: suffix)
            s += p.mainSVG(c, layout, top: layout.captionHeight + layout.gap, ids: suffix,
                           lineColor: ChartLayout.seriesColor(j, of: previews.count))
            s += (j == 0 ? buttons : "") + "</g>\n"
        }
        guard let lead = contents.first else { return s }
        return s + previews[0].overviewSVG(contents.map(\.overviewLine), selection: lead.selection, bounds: lead.bounds,
                                           layout, ids: ids ? "" : nil)
    }
}
