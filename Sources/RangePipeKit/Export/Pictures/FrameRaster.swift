/// Draws a frame as pixels (`render`): the picture `preview` writes as SVG,
/// from the same numbers — `FrameDrawing`'s lines, ticks, annotation and
/// pointer marks, `SVGPreview`'s caption, overview ticks and preset
/// buttons — in the same colours, at the same places, on a `RasterCanvas`.
///
/// One `ChartLayout` for all series (linked ones, `--sync`: a main chart
/// each over one shared overview, in the grid of columns that shows them
/// largest in the frame), scaled to fit the canvas and centred on white.
package struct FrameRaster: Sendable {
    /// One preview per series (the planned script of each).
    let previews: [SVGPreview]
    package let layout: ChartLayout
    /// The video frame's size in pixels.
    package let width: Int, height: Int

    /// A raster of `width` × `height` pixels for these series, the left
    /// margin wide enough for every label in `yLabels`.
    package init(previews: [SVGPreview], yLabels: [String], width: Int, height: Int) {
        self.previews = previews
        let script = previews[0].plan.script
        layout = ChartLayout(overview: script.overview, main: script.main, yLabels: yLabels, panels: previews.count)
            .filling(width: Double(width), height: Double(height))
        self.width = width
        self.height = height
    }

    /// Pixels per picture unit and the picture's top left in the frame.
    package var placement: (scale: Double, x: Double, y: Double) {
        let scale = min(Double(width) / layout.width, Double(height) / layout.height)
        return (scale, (Double(width) - layout.width * scale) / 2, (Double(height) - layout.height * scale) / 2)
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
        let drawn = zip(previews, frames).map { p, f in FrameDrawing(p, f.0, f.1) }
        // Overview: the whole bounds with every series' line (a layer that
        // changes only with the lines and bounds), the selection shaded, two handles.
        canvas.save()
        canvas.translate(layout.overviewLeft + layout.left, layout.overviewTop)
        drawOverviewLayer(drawn, on: canvas)
        let ov = layout.overview, (x0, x1) = (drawn[0].record.selector.min, drawn[0].record.selector.max)
        canvas.rect(x: x0, y: 0, width: max(x1 - x0, 0), height: ov.height, fill: Self.Ink.selectionFill, stroke: Self.Ink.selection)
        for x in [x0, x1] {
            canvas.rect(x: ChartLayout.handleX(x, width: ov.width), y: ov.height / 2 - 10, width: 6, height: 20, radius: 2, fill: Self.Ink.selection)
        }
        canvas.restore()
        for (j, (p, d)) in zip(previews, drawn).enumerated() {
            canvas.save()
            canvas.translate(layout.panelLeft(j), layout.panelTop(j))
            drawPanel(p, d, top: layout.mainTop(j) - layout.panelTop(j), buttons: j == 0,
                      line: Self.Ink.line(j, of: drawn.count), on: canvas)
            canvas.restore()
        }
    }

    /// A series' caption and main chart (`top` px under its caption line), and the preset buttons.
    private func drawPanel(_ p: SVGPreview, _ d: FrameDrawing, top: Double, buttons: Bool, line: RasterColor?, on c: RasterCanvas) {
        let main = layout.main
        c.text(p.caption(d), x: layout.left, y: 14, color: Self.Ink.caption)
        // Main chart: the window, fitted to its y-range, with both axes.
        c.save()
        c.translate(layout.left, top)
        for (y, label) in d.yTicks {
            c.line(0, y, main.width, y, color: Self.Ink.grid)
            c.text(label, x: -6, y: y + 4, anchor: .end, color: Self.Ink.label)
        }
        c.text(p.fieldTitle(d.field), x: 0, y: -5, color: Self.Ink.label)
        c.rect(x: 0, y: 0, width: main.width, height: main.height, fill: nil, stroke: Self.Ink.frame)
        c.save()
        if p.clipsMain { c.clip(x: 0, y: 0, width: main.width, height: main.height) }
        c.polyline(d.mainPixels, color: line ?? Self.Ink.mainLine, width: 1.2)
        c.restore()
        if let a = p.visible(d.annotation(p.plan.script.annotation)) {
            c.line(0, a.y, main.width, a.y, color: Self.Ink.annotation, dash: [4, 3])
            c.rect(x: a.box.x, y: a.box.y, width: a.box.width, height: a.box.height, radius: 2, fill: .white, stroke: Self.Ink.annotation)
            c.text(a.label, x: a.textX, y: a.textY, anchor: .end, color: Self.Ink.annotation)
        }
        if !d.marks.isEmpty { drawMarks(d.marks, on: c) }
        drawXAxis(d.xTicks, width: main.width, height: main.height, on: c)
        c.restore()
        guard buttons else { return }
        for b in p.presetButtonMarks(d.record, layout) {
            let colors = SVGPreview.presetColors(b.state)
            c.rect(x: b.x, y: 1, width: b.width, height: SVGPreview.presetButtonHeight, radius: 3,
                   fill: RasterColor(colors.fill), stroke: RasterColor(colors.stroke))
            c.text(b.label, x: b.x + b.width / 2, y: 13, anchor: .middle, color: RasterColor(colors.ink))
        }
    }

    /// The overview's background, lines and axis: drawn, or pasted from the
    /// canvas's copy when its lines and bounds are those it was drawn with.
    /// The copy covers the whole pixels around the overview and its axis
    /// (with room for the lines' miters), taken right after drawing them on
    /// white, before anything else touches those pixels, so a pasted layer
    /// is the drawn one to the bit (the output stays the same for any
    /// `--jobs`; the tests compare every frame of three runs).
    private func drawOverviewLayer(_ drawn: [FrameDrawing], on c: RasterCanvas) {
        let ov = layout.overview, bounds = drawn[0].bounds
        let key = [bounds.lower, bounds.upper] + drawn.flatMap { d in [.infinity] + d.overviewPixels.flatMap { [$0.x, $0.y] } }
        // The whole width, and 8 px above: a spike's miter reaches up to 5 px
        // past the line (miter limit 10, width 1).
        let rect = c.pixelRect(x: -layout.left, y: -8, width: layout.left + ov.width + layout.right, height: 8 + ov.height + layout.axisHeight)
        if let layer = c.layers[0], layer.rect == rect, layer.key == key {
            c.paste(layer.pixels, rect)
            return
        }
        c.rect(x: 0, y: 0, width: ov.width, height: ov.height, fill: Self.Ink.overviewFill, stroke: Self.Ink.frame)
        for (j, d) in drawn.enumerated() {
            c.polyline(d.overviewPixels, color: Self.Ink.line(j, of: drawn.count) ?? Self.Ink.overviewLine, width: 1)
        }
        drawXAxis(previews[0].overviewTicks(bounds), width: ov.width, height: ov.height, on: c)
        c.layers[0] = (key, rect, c.copy(rect))
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
        static let series = ChartLayout.seriesColors.map { RasterColor($0) }

        /// Linked series j's line colour (`ChartLayout.seriesColor`); nil for one series.
        static func line(_ j: Int, of count: Int) -> RasterColor? {
            count > 1 ? series[j % series.count] : nil
        }
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
