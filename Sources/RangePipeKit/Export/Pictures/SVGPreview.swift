/// Draws frames as SVG (SPEC 1.4): the overview with the shaded selection
/// and its two handles (inside the overview), the main chart showing the
/// window with its y-range, the value annotation's line and its label on a
/// box clear of the line (`AnnotationMark`), axes on both charts (x ticks
/// on each, y ticks and the field's title on the main chart), and the zoom box and the
/// crosshair on frames that have them (`PointerMarks`). No JavaScript.
package struct SVGPreview: Sendable {
    package let plan: ScriptPlan
    package let ticks: AxisTicks

    /// A preview of one planned script, time ticks in `zone`.
    package init(plan: ScriptPlan, zone: DisplayZone = .utc) {
        self.plan = plan
        ticks = AxisTicks(axis: plan.axis, categories: plan.categories, zone: zone)
    }

    /// The bounds in view units (x when linear).
    var bounds: Window { Window(plan.constraints.lower, plan.constraints.upper) }

    /// The tracks `preview` asks for to draw a script's frames: the
    /// window, the annotation and the selector, plus `box` and `crosshair`
    /// when the script's defaults have them (a box zoom, a hover).
    package static func tracks(for script: Script) -> Set<Track> {
        // The preset track lights the button the frame names (the set one in a tie).
        Set<Track>(script.usesPresets ? [.range, .annotation, .selector, .preset] : [.range, .annotation, .selector])
            .union(PointerMarks.tracks(for: script))
    }

    /// One SVG document with the given frames stacked vertically.
    package func render(_ frames: [Frame], values: [ShownValues]) -> String {
        let drawn = zip(frames, values).map { FrameDrawing(self, $0, $1) }
        let layout = ChartLayout(overview: plan.script.overview, main: plan.script.main, yLabels: drawn.flatMap { $0.yTicks.map(\.1) })
        var svg = Self.header(width: layout.width, height: layout.height * Double(frames.count), id: nil)
        svg += "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n"
        if clipsMain { svg += mainClipDefs(layout) }
        for (k, d) in drawn.enumerated() {
            svg += "<g transform=\"translate(0 \(fmt(Double(k) * layout.height)))\">\n"
            svg += panel(clipped(PanelContent(d, self)), layout, ids: nil)
            svg += presetButtonsSVG(d.record, layout)
            svg += "</g>\n"
        }
        return svg + "</svg>\n"
    }

    static func header(width: Double, height: Double, id: String?) -> String {
        let w = SVGNumber.fmt(width), h = SVGNumber.fmt(height)
        return "<svg\(id.map { " id=\"\($0)\"" } ?? "") xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\" font-family=\"DejaVu Sans, Verdana, sans-serif\" font-size=\"11\">\n"
    }

    /// What one panel shows; empty for the player's skeleton, which its script fills.
    struct PanelContent {
        var caption = ""
        var overviewLine = ""
        var selection = (0.0, 0.0)
        var yAxis = ""
        /// The field's name and unit over the y axis ("value (ppm)").
        var yTitle = ""
        var mainLine = ""
        /// The annotation's line, label and box.
        var annotation: AnnotationMark?
        var xAxis = ""
        /// The overview's extent; nil: the plan's.
        var bounds: Window?
        /// The zoom box and the crosshair (the player's skeleton: their hidden elements).
        var marks: PointerMarks?

        init() {}

        /// The content of frame `d` as `p` draws it.
        init(_ d: FrameDrawing, _ p: SVGPreview) {
            caption = p.caption(d)
            overviewLine = d.overviewLine
            selection = (d.record.selector.min, d.record.selector.max)
            yAxis = ChartLayout.yAxisSVG(d.yTicks, width: d.mainWidth)
            yTitle = p.fieldTitle(d.field)
            mainLine = d.mainLine
            annotation = d.annotation(p.plan.script.annotation)
            xAxis = ChartLayout.xAxisSVG(d.xTicks, width: d.mainWidth, height: d.mainHeight)
            bounds = d.bounds
            if !d.marks.isEmpty { marks = d.marks }
        }
    }

    /// A caption, the overview and the main chart; with `ids` (a suffix, ""
    /// on the first panel), the parts the player redraws carry ids
    /// (`selection`, `selection-1`, …) and hidden parts stay in place.
    func panel(_ c: PanelContent, _ layout: ChartLayout, ids: String?) -> String {
        captionSVG(c.caption, layout, ids: ids)
            + overviewSVG([c.overviewLine], selection: c.selection, bounds: c.bounds, layout, ids: ids)
            + mainSVG(c, layout, top: layout.mainTop, ids: ids)
    }

    /// The caption line at the top of a panel.
    func captionSVG(_ caption: String, _ layout: ChartLayout, ids: String?) -> String {
        "<text\(ids.map { " id=\"caption\($0)\"" } ?? "") x=\"\(fmt(layout.left))\" y=\"14\" fill=\"#333\">\(SVGNumber.escape(caption))</text>\n"
    }

    /// The overview: the whole bounds with `lines` (one, or each linked
    /// series' fitted to its own range; line k ≥ 1 has id suffix "-k"), the
    /// selection shaded, two handles and the x axis.
    func overviewSVG(_ lines: [String], selection: (Double, Double), bounds: Window?, _ layout: ChartLayout, ids: String?) -> String {
        let ov = layout.overview
        func id(_ name: String) -> String { ids.map { " id=\"\(name)\($0)\"" } ?? "" }
        var s = "<g\(id("overview")) transform=\"translate(\(fmt(layout.left)) \(fmt(layout.overviewTop)))\">\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(fmt(ov.width))\" height=\"\(fmt(ov.height))\" fill=\"#f6f6f6\" stroke=\"#ccc\"/>\n"
        for (k, line) in lines.enumerated() {
            let lineID = k == 0 ? id("ovline") : ids.map { _ in " id=\"ovline\(HTMLPlayer.suffix(k))\"" } ?? ""
            let stroke = ChartLayout.seriesColor(k, of: lines.count) ?? "#888"
            s += "<polyline\(lineID) fill=\"none\" stroke=\"\(stroke)\" stroke-width=\"1\" points=\"\(line)\"/>\n"
        }
        s += selectionSVG(selection.0, selection.1, ov, ids: ids)
        // The player redraws the overview's axis as appends grow the bounds.
        let overviewAxis = ChartLayout.xAxisSVG(overviewTicks(bounds ?? self.bounds), width: ov.width, height: ov.height)
        s += ids == nil ? overviewAxis : "<g\(id("ovaxis"))>\(overviewAxis)</g>\n"
        return s + "</g>\n"
    }

    /// The main chart `top` px down: the window, fitted to its y-range, with both axes.
    func mainSVG(_ c: PanelContent, _ layout: ChartLayout, top: Double, ids: String?, lineColor: String? = nil) -> String {
        let main = layout.main
        func id(_ name: String) -> String { ids.map { " id=\"\(name)\($0)\"" } ?? "" }
        var s = "<g\(id("main")) transform=\"translate(\(fmt(layout.left)) \(fmt(top)))\">\n"
        s += "<g\(id("yaxis"))>\(c.yAxis)</g>\n"
        s += "<text\(id("ytitle")) class=\"ytitle\" x=\"0\" y=\"-5\" fill=\"#444\">\(SVGNumber.escape(c.yTitle))</text>\n"
        s += "<rect x=\"0\" y=\"0\" width=\"\(fmt(main.width))\" height=\"\(fmt(main.height))\" fill=\"none\" stroke=\"#ccc\"/>\n"
        let clip = ids != nil || clipsMain ? " clip-path=\"url(#mainclip)\"" : ""
        s += "<polyline\(id("mainline"))\(clip) fill=\"none\" stroke=\"\(lineColor ?? "#1d4ed8")\" stroke-width=\"1.2\" points=\"\(c.mainLine)\"/>\n"
        if ids != nil || c.annotation != nil { s += annotationSVG(c.annotation, main, id: id) }
        s += c.marks?.svg() ?? ""
        s += "<g\(id("xaxis"))>\(c.xAxis)</g>\n"
        return s + "</g>\n"
    }

    /// The shaded selection and its two handles (kept inside the overview), in overview pixels.
    func selectionSVG(_ x0: Double, _ x1: Double, _ ov: ChartSize, ids: String?) -> String {
        let height = ov.height
        var s = "<rect\(ids.map { " id=\"selection\($0)\"" } ?? "") x=\"\(fmt(x0))\" y=\"0\" width=\"\(fmt(max(x1 - x0, 0)))\" height=\"\(fmt(height))\" fill=\"#3b82f6\" fill-opacity=\"0.2\" stroke=\"#3b82f6\"/>\n"
        for (k, x) in [x0, x1].enumerated() {
            s += "<rect\(ids.map { " id=\"handle\(k)\($0)\"" } ?? "") x=\"\(fmt(ChartLayout.handleX(x, width: ov.width)))\" y=\"\(fmt(height / 2 - 10))\" width=\"6\" height=\"20\" rx=\"2\" fill=\"#3b82f6\"/>\n"
        }
        return s
    }

    /// The caption: series, the shown field (with its unit), frame, time and phase.
    func caption(_ d: FrameDrawing) -> String {
        let r = d.record
        return "\(plan.seriesName) · \(fieldTitle(d.field)) · frame \(r.frame) · t \(NumberTicks.label(r.t, decimals: 3)) s · \(r.phase.name)"
    }

    /// The overview's x ticks: the whole bounds across the overview's
    /// width; on a time axis the first one with its year
    /// (`TimeTicks.withFirstYear`), then thinned so no labels collide.
    func overviewTicks(_ bounds: Window) -> [(Double, String)] {
        let w = plan.script.overview.width, scale = plan.scale
        var list = scale.isLinear ? ticks.x(bounds.lower, bounds.upper, width: w) : ticks.x(scale.x(bounds), scale: scale, width: w)
        if plan.axis == .time { list = TimeTicks.withFirstYear(list, zone: ticks.zone, time: scale.isLinear ? { $0 } : { scale.x($0) }) }
        return ChartLayout.legible(ChartLayout.xPixels(list, bounds, width: w), width: w)
    }

    /// The main chart's x ticks for a window (x), in pixels from its left:
    /// on a time axis with the year when no tick shows it
    /// (`TimeTicks.withYear`), then thinned so no labels collide.
    func xTicks(_ w: Window) -> [(Double, String)] {
        let width = plan.script.main.width, scale = plan.scale
        var list = scale.isLinear ? ticks.x(w.lower, w.upper, width: width) : ticks.x(w, scale: scale, width: width)
        if plan.axis == .time { list = TimeTicks.withYear(list, zone: ticks.zone, time: scale.isLinear ? { $0 } : { scale.x($0) }) }
        return ChartLayout.legible(ChartLayout.xPixels(list, scale.isLinear ? w : scale.u(w), width: width), width: width)
    }

    /// The main chart's y ticks for a y-range, in pixels from its top; with
    /// `log` the range is in log10 units and the ticks fall per decade.
    func yTicks(_ yr: (min: Double, max: Double)?, log: Bool = false) -> [(Double, String)] {
        guard let yr else { return [] }
        if log { return logYTicks(yr) }
        let height = plan.script.main.height
        return ticks.y(yr.min, yr.max, height: height).map { (ChartLayout.yPixel($0.value, yr, height: height), $0.label) }
    }

    func fmt(_ v: Double) -> String { SVGNumber.fmt(v) }
}
