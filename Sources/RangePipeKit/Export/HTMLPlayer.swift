/// Writes one self-contained HTML page that replays a script (`rangepipe
/// player`): per frame, the exact NDJSON line `play --tracks
/// range,annotation,selector,values,points` writes, and the ticks to draw
/// (computed here, like `preview`'s). The page's script draws the overview,
/// the selection, the main chart from the `points` track, the axes and the
/// annotation from those numbers, and on a script with a box zoom or a
/// hover the zoom box and the crosshair from the pixels stored beside the
/// ticks (`PointerMarks`); nothing is fetched.
///
/// Size: a frame costs its NDJSON line (about 300 bytes without points),
/// its ticks (about 200 bytes) and its `points` track, which is stored
/// once per run of identical frames (frames at rest share it). When the
/// whole page would pass `budget` bytes, the points track is decimated: M4
/// at fewer pixel columns, chosen so the page fits, down to 100 columns;
/// past that, points are stored only every `pointsEvery` frames and the
/// frames between draw the last stored points through their own window
/// (the line is right where it is drawn, but may stop short of an edge
/// while the window moves). The page then says so (`exact: false`,
/// `pointsWidth`, `pointsEvery`) and `.frame()` carries those points
/// instead of `play`'s. The overview's line (stored
/// once per run of frames whose shown values are the same; a field spring
/// changes it every frame) is thinned by the same factor.
public struct HTMLPlayer {
    public let plan: ScriptPlan
    public let preview: SVGPreview
    public let time: TimeOutputFormat
    public let budget: Int
    /// Every track, so `.frame()` is `play`'s line with `--tracks` all five.
    public static let tracks: Set<Track> = [.range, .annotation, .selector, .values, .points]
    /// The zoom box's and the crosshair's tracks when the script's defaults
    /// have them: the page draws them from its draws (`PointerMarks`),
    /// and `.frame()` stays the line of the five tracks.
    var markTracks: Set<Track> { PointerMarks.tracks(for: plan.script) }

    /// A player page for one planned script; `budget` caps the page's bytes.
    public init(plan: ScriptPlan, zone: DisplayZone = .utc, time: TimeOutputFormat = .iso8601, budget: Int = 50_000_000) {
        self.plan = plan
        preview = SVGPreview(plan: plan, zone: zone)
        self.time = time
        self.budget = budget
    }

    /// The embedded data of one pass at a points width.
    struct Pass {
        var heads = ""
        var points = ""
        var draws = ""
        var overviews = ""
        var frames = 0
        var pointsBytes = 0
        var overviewBytes = 0
        var fixedBytes: Int { heads.utf8.count + draws.utf8.count }
        var yLabels: Set<String> = []
        /// Past the budget a measuring pass stops keeping text.
        var truncated = false
    }

    /// How the points track was thinned to fit the budget.
    public struct Decimation: Sendable, Equatable {
        /// M4 columns of the points track (the main chart's width when exact).
        public var columns: Int
        /// Points are stored every `every` frames; frames between draw the last stored ones.
        public var every: Int
    }

    /// Columns the points track keeps before frames start sharing points.
    static let floorColumns = 100

    /// The page and how its points track was decimated (columns = the main
    /// chart's width and every = 1 when exact).
    public func render() throws -> (html: String, decimation: Decimation) {
        let full = Int(plan.script.main.width.rounded(.up)), overviewFull = Int(plan.script.overview.width.rounded(.up))
        var d = Decimation(columns: full, every: 1), overviewWidth = overviewFull
        var pass = try run(d, overviewWidth: overviewWidth)
        // First fewer columns (bytes shrink less than linearly once a window
        // holds fewer points than columns, so re-measure), then fewer frames
        // with points of their own.
        for _ in 0 ..< 16 {
            let scalable = pass.pointsBytes + pass.overviewBytes
            guard pass.fixedBytes + scalable > budget, scalable > 0, d.every < pass.frames else { break }
            let scale = Double(max(budget - pass.fixedBytes, 0)) * 0.95 / Double(scalable)
            let floor = min(full, Self.floorColumns)
            if d.columns > floor {
                d.columns = max(floor, min(d.columns - 1, Int(Double(d.columns) * scale)))
                overviewWidth = max(floor, min(overviewWidth, Int(Double(overviewWidth) * scale)))
            } else {
                d.every = max(d.every + 1, Int((Double(d.every) / max(scale, 1e-9)).rounded(.up)))
            }
            pass = try run(d, overviewWidth: overviewWidth)
        }
        if pass.truncated { pass = try run(d, overviewWidth: overviewWidth, keepAll: true) }
        return (page(pass, d, exact: d.columns == full && d.every == 1), d)
    }

    /// Plays every frame, encoding lines, ticks, points and overviews.
    func run(_ d: Decimation, overviewWidth: Int, keepAll: Bool = false) throws -> Pass {
        let encoder = FrameEncoder(series: plan.seriesName, axis: plan.axis, categories: plan.categories,
                                   tracks: Self.tracks.subtracting([.points]), time: time, format: .ndjson,
                                   label: plan.script.annotation.format)
        let player = FrameStream(plan: plan, tracks: Self.tracks.union(markTracks))
        let exact = Double(d.columns) >= plan.script.main.width
        let ov = plan.script.overview
        var pass = Pass()
        var lastPoints = "", pointsIndex = -1
        var lastOverviewKey: [Double]? = nil, overviewIndex = -1
        try player.drive { k, t, phase, sim in
            var r = player.record(frame: k, t: t, phase: phase, sim)
            let shown = sim.shownValues
            if !exact {
                r.points = plan.scale.isLinear ? M4.points(r.window, shown, width: Double(d.columns))
                    : M4.points(r.window, view: plan.scale.u(r.window), plan.scale, shown, width: Double(d.columns))
            }
            let head = encoder.encode(r)
            pass.heads += Self.embed(String(head.dropLast()))
            pass.heads += "\n"
            let points = encoder.pointsJSON(r.points ?? [])
            if pointsIndex < 0 || (k % d.every == 0 && points != lastPoints) {
                // Past the budget only the size counts (this pass is redone narrower).
                if keepAll || pass.pointsBytes + pass.overviewBytes + pass.fixedBytes <= budget {
                    pass.points += Self.embed(points) + "\n"
                } else {
                    pass.truncated = true
                }
                pass.pointsBytes += points.utf8.count + 1
                lastPoints = points
                pointsIndex += 1
            }
            // The overview changes only with the shown values: the field, a clamp, a spring in flight, appended rows.
            let key: [Double] = [Double(sim.field), sim.clampMin ?? .nan, sim.spring == nil ? -1 : Double(k), Double(shown.index.count)]
            let bounds = r.bounds ?? preview.bounds
            if lastOverviewKey.map({ !Self.same($0, key) }) ?? true {
                let line = JSONText.string(FrameDrawing.overviewPolyline(plan.scale, bounds, shown, ov, width: Double(overviewWidth))) + "\n"
                pass.overviewBytes += line.utf8.count
                if keepAll || pass.pointsBytes + pass.overviewBytes + pass.fixedBytes <= budget {
                    pass.overviews += line
                } else {
                    pass.truncated = true
                }
                lastOverviewKey = key
                overviewIndex += 1
            }
            let yr = r.y ?? FrameDrawing.range(r.points ?? [])
            let yTicks = preview.yTicks(yr)
            yTicks.forEach { pass.yLabels.insert($0.1) }
            // The page draws y linearly: the marks too.
            let marks = PointerMarks(r, scale: plan.scale, yRange: yr, log: false, size: plan.script.main, label: plan.script.annotation.format)
            pass.draws += Self.embed("[\(pointsIndex),\(overviewIndex),\(Self.ticksJSON(preview.xTicks(r.window))),\(Self.ticksJSON(yTicks))\(marks.drawsJSON)]") + "\n"
            pass.frames += 1
            return true
        }
        return pass
    }

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    static func ticksJSON(_ ticks: [(Double, String)]) -> String {
        "[" + ticks.map { "[\(SVGNumber.fmt($0.0)),\(JSONText.string($0.1))]" }.joined(separator: ",") + "]"
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

    func page(_ pass: Pass, _ d: Decimation, exact: Bool) -> String {
        let layout = ChartLayout(overview: plan.script.overview, main: plan.script.main, yLabels: pass.yLabels.sorted())
        let meta = "{\"series\":\(JSONText.string(plan.seriesName)),\"axis\":\"\(plan.axis.rawValue)\",\"fps\":\(JSONText.number(plan.script.fps))," +
            "\"frameCount\":\(pass.frames),\"exact\":\(exact),\"pointsWidth\":\(d.columns),\"pointsEvery\":\(d.every)," +
            "\"main\":{\"width\":\(JSONText.number(layout.main.width)),\"height\":\(JSONText.number(layout.main.height))}}"
        var html = HTMLPlayerPage.head(title: "rangepipe player · " + plan.seriesName)
        html += HTMLPlayerPage.svg(preview, layout, marks: markTracks)
        html += HTMLPlayerPage.controls(frameCount: pass.frames)
        html += HTMLPlayerPage.data("meta", Self.embed(meta))
        html += HTMLPlayerPage.data("frames", pass.heads)
        html += HTMLPlayerPage.data("points", pass.points)
        html += HTMLPlayerPage.data("draws", pass.draws)
        html += HTMLPlayerPage.data("overviews", Self.embed(pass.overviews))
        var script = HTMLPlayerPage.script
        if !plan.scale.isLinear {
            html += HTMLPlayerPage.data("scale", HTMLPlayerPage.scaleJSON(plan.scale) + "\n")
            script = HTMLPlayerPage.scaledScript
        }
        if !markTracks.isEmpty { script = HTMLPlayerPage.markedScript(script) }
        return html + script + "</body>\n</html>\n"
    }
}
