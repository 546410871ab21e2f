/// Draws a frame as pixels (`render`): the picture `preview` writes as SVG,
/// from the same numbers — `FrameDrawing`'s lines, ticks, annotation and
/// pointer marks, `SVGPreview`'s caption, overview ticks and preset
/// buttons — in the same colours, at the same places, on a `RasterCanvas`.
///
/// One panel per series, all in one `ChartLayout`, scaled to fit the canvas
/// and centred on white. Linked charts (`--sync`) are laid out in a grid, in
/// `--sync` order row by row, with as many columns as draw the panels
/// largest (`preview` stacks them in one column; a 16:9 frame holds two or
/// more panels larger side by side).
package struct FrameRaster: Sendable {
    /// One preview per panel (the planned script of each series).
    let previews: [SVGPreview]
    package let layout: ChartLayout
    /// The video frame's size in pixels.
    package let width: Int, height: Int
    /// Panels side by side in a row of the grid.
    package let columns: Int

    /// A raster of `width` × `height` pixels for these series' panels, the
    /// left margin wide enough for every label in `yLabels`.
    package init(previews: [SVGPreview], yLabels: [String], width: Int, height: Int) {
        self.previews = previews
        let script = previews[0].plan.script
        layout = ChartLayout(overview: script.overview, main: script.main, yLabels: yLabels)
        self.width = width
        self.height = height
        let panels = previews.count, layout = layout
        func scale(_ columns: Int) -> Double {
            let rows = (panels + columns - 1) / columns
            return min(Double(width) / (layout.width * Double(columns)), Double(height) / (layout.height * Double(rows)))
        }
        // The fewest columns among those that draw the panels largest.
        columns = (1 ... max(panels, 1)).max { a, b in scale(a) < scale(b) || (scale(a) == scale(b) && a > b) } ?? 1
    }

    /// The picture's size before scaling: the grid of panels.
    package var pictureSize: (width: Double, height: Double) {
        let rows = (previews.count + columns - 1) / columns
        return (layout.width * Double(columns), layout.height * Double(rows))
    }

    /// Pixels per picture unit and the picture's top left in the frame.
    package var placement: (scale: Double, x: Double, y: Double) {
        let size = pictureSize
        let scale = min(Double(width) / size.width, Double(height) / size.height)
        return (scale, (Double(width) - size.width * scale) / 2, (Double(height) - size.height * scale) / 2)
    }

    /// Panel k's top left in picture units.
    package func panelOrigin(_ k: Int) -> (x: Double, y: Double) {
        (Double(k % columns) * layout.width, Double(k / columns) * layout.height)
    }

    /// The y labels a frame's panels use: the layout must leave room for
    /// the widest label of every frame before the first one is drawn.
    package static func yLabels(_ previews: [SVGPreview], _ frames: [(Frame, ShownValues)]) -> [String] {
        zip(previews, frames).flatMap { p, f in FrameDrawing(p, f.0, f.1).yTicks.map(\.1) }
    }

    /// Draws one frame: `frames[j]` is series j's frame and values.
    /// - Complexity: O(panels · (overview + main width) · log n).
    func draw(_ frames: [(Frame, ShownValues)], on canvas: RasterCanvas) {
        canvas.clear()
        let (scale, x, y) = placement
        canvas.transform(dx: x, dy: y, scale: scale)
        for (k, (p, f)) in zip(previews, frames).enumerated() {
            canvas.save()
            let origin = panelOrigin(k)
            canvas.translate(origin.x, origin.y)
            drawPanel(k, p, FrameDrawing(p, f.0, f.1), on: canvas)
            canvas.restore()
        }
    }

    private func drawPanel(_ k: Int, _ p: SVGPreview, _ d: FrameDrawing, on c: RasterCanvas) {
        let ov = layout.overview, main = layout.main
        // Overview: the whole bounds (a layer that changes only with the
        // overview's line and bounds), the selection shaded, two handles.
        c.save()
        c.translate(layout.left, layout.overviewTop)
        drawOverviewLayer(k, p, d, on: c)
        let (x0, x1) = (d.record.selector.min, d.record.selector.max)
        c.rect(x: x0, y: 0, width: max(x1 - x0, 0), height: ov.height, fill: Self.Ink.selectionFill, stroke: Self.Ink.selection)
        for x in [x0, x1] {
            c.rect(x: ChartLayout.handleX(x, width: ov.width), y: ov.height / 2 - 10, width: 6, height: 20, radius: 2, fill: Self.Ink.selection)
        }
        c.restore()
        c.text(p.caption(d), x: layout.left, y: 14, color: Self.Ink.caption)
        // Main chart: the window, fitted to its y-range, with both axes.
        c.save()
        c.translate(layout.left, layout.mainTop)
        for (y, label) in d.yTicks {
            c.line(0, y, main.width, y, color: Self.Ink.grid)
            c.text(label, x: -6, y: y + 4, anchor: .end, color: Self.Ink.label)
        }
        c.text(p.fieldTitle(d.field), x: 0, y: -5, color: Self.Ink.label)
        c.rect(x: 0, y: 0, width: main.width, height: main.height, fill: nil, stroke: Self.Ink.frame)
        c.save()
        if p.clipsMain { c.clip(x: 0, y: 0, width: main.width, height: main.height) }
        c.polyline(d.mainPixels, color: Self.Ink.mainLine, width: 1.2)
        c.restore()
        if let a = p.visible(d.annotation(p.plan.script.annotation)) {
            c.line(0, a.y, main.width, a.y, color: Self.Ink.annotation, dash: [4, 3])
            c.rect(x: a.box.x, y: a.box.y, width: a.box.width, height: a.box.height, radius: 2, fill: .white, stroke: Self.Ink.annotation)
            c.text(a.label, x: a.textX, y: a.textY, anchor: .end, color: Self.Ink.annotation)
        }
        if !d.marks.isEmpty { drawMarks(d.marks, on: c) }
        drawXAxis(d.xTicks, width: main.width, height: main.height, on: c)
        c.restore()
        for b in p.presetButtonMarks(d.record, layout) {
            let colors = SVGPreview.presetColors(b.state)
            c.rect(x: b.x, y: 1, width: b.width, height: SVGPreview.presetButtonHeight, radius: 3,
                   fill: RasterColor(colors.fill), stroke: RasterColor(colors.stroke))
            c.text(b.label, x: b.x + b.width / 2, y: 13, anchor: .middle, color: RasterColor(colors.ink))
        }
    }

    /// The overview's background, line and axis: drawn, or pasted from the
    /// canvas's copy when its line and bounds are those it was drawn with.
    /// The copy covers the whole pixels around the overview and its axis
    /// (with room for the line's miters), taken right after drawing them on
    /// white, before anything else of the panel touches those pixels, so a
    /// pasted layer is the drawn one to the bit (the output stays the same
    /// for any `--jobs`; the tests compare every frame of three runs).
    private func drawOverviewLayer(_ k: Int, _ p: SVGPreview, _ d: FrameDrawing, on c: RasterCanvas) {
        let ov = layout.overview
        let key = [d.bounds.lower, d.bounds.upper] + d.overviewPixels.flatMap { [$0.x, $0.y] }
        // The panel's whole width, and 8 px above: a spike's miter reaches
        // up to 5 px past the line (miter limit 10, width 1).
        let rect = c.pixelRect(x: -layout.left, y: -8, width: layout.left + ov.width + layout.right, height: 8 + ov.height + layout.axisHeight)
        if let layer = c.layers[k], layer.rect == rect, layer.key == key {
            c.paste(layer.pixels, rect)
            return
        }
        c.rect(x: 0, y: 0, width: ov.width, height: ov.height, fill: Self.Ink.overviewFill, stroke: Self.Ink.frame)
        c.polyline(d.overviewPixels, color: Self.Ink.overviewLine, width: 1)
        drawXAxis(p.overviewTicks(d.bounds), width: ov.width, height: ov.height, on: c)
        c.layers[k] = (key, rect, c.copy(rect))
    }

    /// The colours `preview`'s SVG writes, parsed once (not per stroke on every frame).
    enum Ink {
        static let annotation = RasterColor("#dc2626")
        static let boxEdge = RasterColor("#475569")
        static let boxFill = RasterColor("#64748b", opacity: 0.18)
        static let caption = RasterColor("#333333")
        static let crosshair = RasterColor("#334155")
        static let crosshairLabel = RasterColor("#0f172a")
        static let frame = RasterColor("#cccccc")
        static let grid = RasterColor("#e5e7eb")
        static let label = RasterColor("#444444")
        static let mainLine = RasterColor("#1d4ed8")
        static let overviewFill = RasterColor("#f6f6f6")
        static let overviewLine = RasterColor("#888888")
        static let selection = RasterColor("#3b82f6")
        static let selectionFill = RasterColor("#3b82f6", opacity: 0.2)
        static let tick = RasterColor("#666666")
    }

    /// Tick marks and labels under a chart, each label centred on its tick
    /// but kept inside the chart's width (as `ChartLayout.xAxisSVG`).
    private func drawXAxis(_ ticks: [(Double, String)], width: Double, height: Double, on c: RasterCanvas) {
        for (x, label) in ticks {
            c.line(x, height, x, height + 4, color: Self.Ink.tick)
            c.text(label, x: ChartLayout.labelPlace(x, label, width: width).centre, y: height + 15, anchor: .middle, color: Self.Ink.label)
        }
    }

    /// The zoom box and the crosshair (as `PointerMarks.svg`).
    private func drawMarks(_ m: PointerMarks, on c: RasterCanvas) {
        if let b = m.box {
            c.rect(x: b.x, y: 0, width: b.width, height: m.size.height,
                   fill: Self.Ink.boxFill, stroke: Self.Ink.boxEdge)
        }
        guard let x = m.crosshair else { return }
        c.line(x.x, 0, x.x, m.size.height, color: Self.Ink.crosshair, dash: [3, 2])
        guard let y = x.y else { return }
        c.circle(x: x.x, y: y, radius: 3.5, fill: .white, stroke: Self.Ink.mainLine, lineWidth: 1.5)
        let anchor: RasterCanvas.TextAnchor = x.anchor == "end" ? .end : .start
        c.text(x.label, x: x.labelX, y: x.labelY, anchor: anchor, color: Self.Ink.crosshairLabel, halo: .white)
    }
}
