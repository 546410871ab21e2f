/// The text of one self-contained HTML page that replays a script
/// (`rangepipe player`, played by `PlayerJob`): per frame and panel (one
/// panel, or one per linked series), the exact NDJSON line `play --tracks
/// range,annotation,selector,values,points` writes (`,preset` too when the
/// script uses presets), and what to draw, worked out here with `preview`'s
/// code (`FrameDrawing`, `SVGPreview`): the ticks, the y-range in drawn
/// heights (log10 on a log axis), the field's title and the annotation's
/// line, box and label (`HTMLPlayer+Legible`), the lit preset button,
/// and on a script with a box zoom or a hover the zoom box and the
/// crosshair (`PointerMarks`). The overview's line and axis are stored
/// whenever they change (appends grow the bounds). The page's script only
/// places the `preview` skeleton's elements and maps the `points` track
/// through the window and the y-range; nothing is fetched.
///
/// Size: a frame costs its NDJSON line (about 300 bytes without points),
/// its draws (about 400 bytes) and its `points` track, which is stored
/// once per run of identical frames (frames at rest share it). When the
/// whole page would pass `budget` bytes, `PlayerJob` decimates the points
/// track: M4
/// at fewer pixel columns, chosen so the page fits, down to 100 columns;
/// past that, points are stored only every `pointsEvery` frames and the
/// frames between draw the last stored points through their own window
/// (the line is right where it is drawn, but may stop short of an edge
/// while the window moves). The page then says so (`exact: false`,
/// `pointsWidth`, `pointsEvery`) and `.frame()` carries those points
/// instead of `play`'s. The overview's line (stored
/// once per run of frames that draw the same overview; a field spring
/// changes it every frame) is thinned by the same factor.
package struct HTMLPlayer {
    /// One plan per panel, in panel order (the `--sync` order when linked).
    package let plans: [ScriptPlan]
    let previews: [SVGPreview]
    let encoders: [FrameEncoder]
    /// The page's size cap in bytes: past it a pass keeps counting but stops keeping text.
    package let budget: Int
    /// The five tracks of every page.
    package static let tracks: Set<Track> = [.range, .annotation, .selector, .values, .points]

    /// The tracks `.frame()` carries for `script`: the five, and `preset`
    /// when the script uses presets (the lit button is the one it names).
    package static func tracks(for script: Script) -> Set<Track> {
        script.usesPresets ? tracks.union([.preset]) : tracks
    }

    /// The script's settings, which every panel shares.
    package var script: Script { plans[0].script }
    /// The zoom box's and the crosshair's tracks when the script's defaults
    /// have them: the page draws them from its draws (`PointerMarks`),
    /// and `.frame()` stays `play`'s line of `tracks(for:)`.
    package var markTracks: Set<Track> { PointerMarks.tracks(for: script) }

    /// A player page for planned panels (one, or the linked series'); `budget` caps the page's bytes.
    package init(plans: [ScriptPlan], zone: DisplayZone = .utc, time: TimeOutputFormat = .iso8601, budget: Int = 50_000_000) {
        precondition(!plans.isEmpty, "a page shows at least one panel")
        self.plans = plans
        previews = plans.map { SVGPreview(plan: $0, zone: zone) }
        let tracks = Self.tracks(for: plans[0].script).subtracting([.points])
        encoders = plans.map {
            FrameEncoder(series: $0.seriesName, axis: $0.axis, categories: $0.categories,
                         tracks: tracks, time: time, format: .ndjson, label: $0.script.annotation.format)
        }
        self.budget = budget
    }

    /// The embedded data of one pass over the frames at a points width.
    package struct Pass {
        var heads = ""
        var points = ""
        var draws = ""
        var overviews = ""
        /// Frames added (each with one line per panel).
        package var frames = 0
        /// Bytes of the points track and of the overview lines, kept or not.
        package var pointsBytes = 0
        package var overviewBytes = 0
        /// Bytes no decimation shrinks: the frame lines and the draws.
        package var fixedBytes: Int { heads.utf8.count + draws.utf8.count }
        var yLabels: Set<String> = []
        /// Past the budget a measuring pass stops keeping text.
        package var truncated = false
        /// Per panel: the last stored points and overview, and their indices.
        var lastPoints: [String] = [], lastOverview: [String] = []
        var pointsAt: [Int] = [], overviewAt: [Int] = []
        var pointsCount = 0, overviewCount = 0
        /// With `keepAll` the text is kept past the budget (the last pass).
        let keepAll: Bool

        package init(keepAll: Bool) { self.keepAll = keepAll }

        /// Whether text still fits (or is kept anyway); past the budget it marks the pass truncated.
        mutating func keeps(_ budget: Int) -> Bool {
            if keepAll || pointsBytes + overviewBytes + fixedBytes <= budget { return true }
            truncated = true
            return false
        }
    }

    /// How the points track was thinned to fit the budget.
    package struct Decimation: Sendable, Equatable {
        /// M4 columns of the points track (the main chart's width when exact).
        package var columns: Int
        /// Points are stored every `every` frames; frames between draw the last stored ones.
        package var every: Int

        package init(columns: Int, every: Int) {
            self.columns = columns
            self.every = every
        }
    }

    /// Columns the points track keeps before frames start sharing points.
    package static let floorColumns = 100

    /// Appends one frame's row (panel j's frame and shown values at
    /// `row[j]`) to `pass`: per panel its line, its points when they differ
    /// from the panel's last stored ones on a frame `d` stores points on,
    /// its overview (line `overviewWidth` wide and axis) when it differs
    /// from the panel's last, and its draws.
    /// - Complexity: O(panels · (points + overview width · log n)).
    package func add(_ row: [(Frame, ShownValues)], to pass: inout Pass, _ d: Decimation, overviewWidth: Int) {
        if pass.lastPoints.isEmpty {
            pass.lastPoints = Array(repeating: "", count: plans.count)
            pass.lastOverview = pass.lastPoints
            pass.pointsAt = Array(repeating: -1, count: plans.count)
            pass.overviewAt = pass.pointsAt
        }
        for (j, (r, shown)) in row.enumerated() {
            add(r, shown: shown, panel: j, to: &pass, d, overviewWidth: overviewWidth)
        }
        pass.frames += 1
    }

    func add(_ r: Frame, shown: ShownValues, panel j: Int, to pass: inout Pass, _ d: Decimation, overviewWidth: Int) {
        let preview = previews[j], plan = plans[j]
        let head = encoders[j].encode(r)
        pass.heads += Self.embed(String(head.dropLast())) + "\n"
        let points = encoders[j].pointsJSON(r.points ?? [])
        if pass.pointsAt[j] < 0 || (r.frame % d.every == 0 && points != pass.lastPoints[j]) {
            // Past the budget only the size counts (this pass is redone narrower).
            if pass.keeps(budget) { pass.points += Self.embed(points) + "\n" }
            pass.pointsBytes += points.utf8.count + 1
            pass.lastPoints[j] = points
            pass.pointsAt[j] = pass.pointsCount
            pass.pointsCount += 1
        }
        // The overview as `preview` draws it: its line over the frame's bounds, and their ticks.
        let bounds = r.bounds ?? preview.bounds
        let overview = "[" + JSONText.string(FrameDrawing.text(FrameDrawing.overviewPixels(preview, bounds, shown, width: Double(overviewWidth))))
            + "," + Self.ticksJSON(preview.overviewTicks(bounds)) + "]"
        if pass.overviewAt[j] < 0 || overview != pass.lastOverview[j] {
            pass.overviewBytes += overview.utf8.count + 1
            if pass.keeps(budget) { pass.overviews += Self.embed(overview) + "\n" }
            pass.lastOverview[j] = overview
            pass.overviewAt[j] = pass.overviewCount
            pass.overviewCount += 1
        }
        // The main chart's y-range and annotation as `preview` fits them (heights: log10 on a log axis).
        let log = plan.script.y.scale == .log, main = plan.script.main
        let heights = FrameDrawing.mainHeights(r.points ?? [], plan.scale, log: log)
        let yr = FrameDrawing.yRange(r, heights: heights, log: log)
        let yTicks = preview.yTicks(yr, log: log)
        yTicks.forEach { pass.yLabels.insert($0.1) }
        let legible = legibleJSON(r, shown, panel: j, heights: heights, yRange: yr, yLabels: yTicks.map(\.1))
        let lit = preview.litPreset(r).flatMap { p in plan.presetButtons.firstIndex { $0.preset == p } } ?? -1
        var marks = PointerMarks(r, scale: plan.scale, yRange: yr, log: log, size: main, label: plan.script.annotation, yLabels: yTicks.map(\.1))
        marks.idSuffix = Self.suffix(j)
        pass.draws += Self.embed("[\(pass.pointsAt[j]),\(pass.overviewAt[j]),\(Self.ticksJSON(preview.xTicks(r.window))),\(Self.ticksJSON(yTicks)),"
            + "\(yr.map { "[\(JSONText.number($0.min)),\(JSONText.number($0.max))]" } ?? "null"),\(legible),\(lit)\(marks.drawsJSON)]") + "\n"
    }

    /// Panel j's id suffix: "" on the first panel, "-j" on the others.
    static func suffix(_ j: Int) -> String { j == 0 ? "" : "-\(j)" }

    static func ticksJSON(_ ticks: [(Double, String)]) -> String {
        "[" + ticks.map { "[\(SVGNumber.fmt($0.0)),\(JSONText.shown($0.1))]" }.joined(separator: ",") + "]"
    }

    /// JSON text made safe inside a `<script>` element: `<` only occurs
    /// inside JSON strings, where `\u003c` reads back as the same text, so
    /// no `</script`, `<!--` or `<script` can end or bend the element.
    static func embed(_ json: String) -> String {
        guard json.contains("<") else { return json }
        var out = ""
        for c in json {
            if c == "<" { out += "\\u003c" } else { out.append(c) }
        }
        return out
    }

    /// The whole page from the last pass.
    /// - Complexity: O(page bytes).
    package func page(_ pass: Pass, _ d: Decimation, exact: Bool) -> String {
        let plan = plans[0]
        let layout = ChartLayout(overview: script.overview, main: script.main, yLabels: pass.yLabels.sorted(), panels: plans.count)
        let colors = [SVGPreview.PresetButtonMark.State.on, .off, .disabled].map { state in
            let c = SVGPreview.presetColors(state)
            return "\"\(state.rawValue)\":[\"\(c.fill)\",\"\(c.stroke)\",\"\(c.ink)\"]"
        }
        let size = { (c: ChartSize) in "{\"width\":\(JSONText.number(c.width)),\"height\":\(JSONText.number(c.height))}" }
        let meta = "{\"series\":\(JSONText.shown(plan.seriesName)),\"axis\":\"\(plan.axis.rawValue)\",\"fps\":\(JSONText.number(script.fps)),"
            + "\"frameCount\":\(pass.frames),\"exact\":\(exact),\"pointsWidth\":\(d.columns),\"pointsEvery\":\(d.every),"
            + "\"panels\":\(plans.count),\"logY\":\(script.y.scale == .log),\"preset\":\(script.usesPresets),"
            + "\"presets\":\(script.usesPresets ? plan.presetButtons.count : 0),\"presetColors\":{\(colors.joined(separator: ","))},"
            + "\"main\":\(size(layout.main)),\"overview\":\(size(layout.overview)),"
            + "\"names\":[\(plans.map { JSONText.shown($0.seriesName) }.joined(separator: ","))]}"
        var html = HTMLPlayerPage.head(title: "rangepipe player · " + plans.map(\.seriesName).joined(separator: ", "))
        html += HTMLPlayerPage.svg(previews, layout, marks: markTracks)
        html += HTMLPlayerPage.controls(frameCount: pass.frames)
        html += HTMLPlayerPage.data("meta", Self.embed(meta))
        html += HTMLPlayerPage.data("frames", pass.heads)
        html += HTMLPlayerPage.data("points", pass.points)
        html += HTMLPlayerPage.data("draws", pass.draws)
        html += HTMLPlayerPage.data("overviews", pass.overviews)
        // A log or ordinal x axis: the scale the page's script maps x through (u(x)).
        if !plan.scale.isLinear { html += HTMLPlayerPage.data("scale", HTMLPlayerPage.scaleJSON(plan.scale) + "\n") }
        return html + HTMLPlayerPage.script + "</body>\n</html>\n"
    }
}
