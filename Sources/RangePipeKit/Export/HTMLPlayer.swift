/// The text of one self-contained HTML page that replays a script
/// (`rangepipe player`, played by `PlayerJob`): per frame, the exact NDJSON
/// line `play --tracks range,annotation,selector,values,points` writes, and
/// the ticks to draw (computed here, like `preview`'s). The page's script draws the overview,
/// the selection, the main chart from the `points` track, the axes and the
/// annotation from those numbers, and on a script with a box zoom or a
/// hover the zoom box and the crosshair from the pixels stored beside the
/// ticks (`PointerMarks`); nothing is fetched.
///
/// Size: a frame costs its NDJSON line (about 300 bytes without points),
/// its ticks (about 200 bytes) and its `points` track, which is stored
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
/// once per run of frames whose shown values are the same; a field spring
/// changes it every frame) is thinned by the same factor.
package struct HTMLPlayer {
    package let plan: ScriptPlan
    let preview: SVGPreview
    let encoder: FrameEncoder
    /// The page's size cap in bytes: past it a pass keeps counting but stops keeping text.
    package let budget: Int
    /// Every track, so `.frame()` is `play`'s line with `--tracks` all five.
    package static let tracks: Set<Track> = [.range, .annotation, .selector, .values, .points]
    /// The zoom box's and the crosshair's tracks when the script's defaults
    /// have them: the page draws them from its draws (`PointerMarks`),
    /// and `.frame()` stays the line of the five tracks.
    package var markTracks: Set<Track> { PointerMarks.tracks(for: plan.script) }

    /// A player page for one planned script; `budget` caps the page's bytes.
    package init(plan: ScriptPlan, zone: DisplayZone = .utc, time: TimeOutputFormat = .iso8601, budget: Int = 50_000_000) {
        self.plan = plan
        preview = SVGPreview(plan: plan, zone: zone)
        encoder = FrameEncoder(series: plan.seriesName, axis: plan.axis, categories: plan.categories,
                               tracks: Self.tracks.subtracting([.points]), time: time, format: .ndjson,
                               label: plan.script.annotation.format)
        self.budget = budget
    }

    /// The embedded data of one pass over the frames at a points width.
    package struct Pass {
        var heads = ""
        var points = ""
        var draws = ""
        var overviews = ""
        /// Per frame: the field's title and the annotation's mark (`legibleJSON`).
        var legible = ""
        /// Frames added.
        package var frames = 0
        /// Bytes of the points track and of the overview lines, kept or not.
        package var pointsBytes = 0
        package var overviewBytes = 0
        /// Bytes no decimation shrinks: the frame lines and the draws.
        package var fixedBytes: Int { heads.utf8.count + draws.utf8.count + legible.utf8.count }
        var yLabels: Set<String> = []
        /// Past the budget a measuring pass stops keeping text.
        package var truncated = false
        var lastPoints = "", pointsIndex = -1, overviewIndex = -1
        /// With `keepAll` the text is kept past the budget (the last pass).
        let keepAll: Bool

        package init(keepAll: Bool) { self.keepAll = keepAll }
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

    /// Appends frame `r`'s line, points, overview and draws to `pass`: its
    /// points when they differ from the last stored ones on a frame `d`
    /// stores points on, and the overview line drawn `overviewWidth` wide
    /// from `shown` when `newOverview` (the shown values changed).
    /// - Complexity: O(points + overview width · log n) when the overview is redrawn.
    package func add(_ r: Frame, shown: ShownValues, newOverview: Bool, to pass: inout Pass, _ d: Decimation, overviewWidth: Int) {
        let head = encoder.encode(r)
        pass.heads += Self.embed(String(head.dropLast()))
        pass.heads += "\n"
        let points = encoder.pointsJSON(r.points ?? [])
        if pass.pointsIndex < 0 || (r.frame % d.every == 0 && points != pass.lastPoints) {
            // Past the budget only the size counts (this pass is redone narrower).
            if pass.keepAll || pass.pointsBytes + pass.overviewBytes + pass.fixedBytes <= budget {
                pass.points += Self.embed(points) + "\n"
            } else {
                pass.truncated = true
            }
            pass.pointsBytes += points.utf8.count + 1
            pass.lastPoints = points
            pass.pointsIndex += 1
        }
        let bounds = r.bounds ?? preview.bounds
        if newOverview {
            let line = JSONText.string(FrameDrawing.overviewPolyline(plan.scale, bounds, shown, plan.script.overview, width: Double(overviewWidth))) + "\n"
            pass.overviewBytes += line.utf8.count
            if pass.keepAll || pass.pointsBytes + pass.overviewBytes + pass.fixedBytes <= budget {
                pass.overviews += line
            } else {
                pass.truncated = true
            }
            pass.overviewIndex += 1
        }
        let yr = r.y ?? FrameDrawing.range(r.points ?? [])
        let yTicks = preview.yTicks(yr)
        yTicks.forEach { pass.yLabels.insert($0.1) }
        // The page draws y linearly: the marks too.
        let marks = PointerMarks(r, scale: plan.scale, yRange: yr, log: false, size: plan.script.main, label: plan.script.annotation.format)
        pass.legible += Self.embed(legibleJSON(r, shown, yRange: yr, yLabels: yTicks.map(\.1))) + "\n"
        pass.draws += Self.embed("[\(pass.pointsIndex),\(pass.overviewIndex),\(Self.ticksJSON(preview.xTicks(r.window))),\(Self.ticksJSON(yTicks))\(marks.drawsJSON)]") + "\n"
        pass.frames += 1
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

    /// The whole page from the last pass.
    /// - Complexity: O(page bytes).
    package func page(_ pass: Pass, _ d: Decimation, exact: Bool) -> String {
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
        html += HTMLPlayerPage.data("legible", pass.legible)
        var script = HTMLPlayerPage.script
        if !plan.scale.isLinear {
            html += HTMLPlayerPage.data("scale", HTMLPlayerPage.scaleJSON(plan.scale) + "\n")
            script = HTMLPlayerPage.scaledScript
        }
        if !markTracks.isEmpty { script = HTMLPlayerPage.markedScript(script) }
        script = HTMLPlayerPage.legibleScript(script)
        return html + script + "</body>\n</html>\n"
    }
}
