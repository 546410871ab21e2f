/// `rangepipe player`: plays a script over one series and writes the
/// replaying HTML page (`HTMLPlayer` turns each frame into its text).
///
/// Within the byte budget: a first pass at full width measures the page;
/// while it is too big, the points track is decimated (M4 at fewer pixel
/// columns, down to `HTMLPlayer.floorColumns`, re-measured since bytes
/// shrink less than linearly once a window holds fewer points than columns;
/// then points stored only every few frames), each guess a new pass.
package struct PlayerJob {
    /// The page's text and numbers.
    package let player: HTMLPlayer

    /// A job drawing `plan`'s page; `budget` caps the page's bytes.
    package init(plan: ScriptPlan, zone: DisplayZone, time: TimeOutputFormat, budget: Int) {
        player = HTMLPlayer(plan: plan, zone: zone, time: time, budget: budget)
    }

    /// A job drawing the page of `script` over the one series `source`
    /// holds that `SeriesSource.one(named:script:)` picks.
    /// - Throws: as `SeriesSource.one` and `ScriptPlan`.
    package init(script: Script, source: SeriesSource, series: String?, zone: DisplayZone, time: TimeOutputFormat, budget: Int) throws {
        self.init(plan: try ScriptPlan(script: script, series: try source.one(named: series, script: script)),
                  zone: zone, time: time, budget: budget)
    }

    /// The main chart's width in pixel columns: the points track's columns when exact.
    package var fullColumns: Int { Int(player.plan.script.main.width.rounded(.up)) }

    /// The page and how its points track was decimated (columns = the main
    /// chart's width and every = 1 when exact).
    /// - Complexity: O(passes · frames · (width · log n)); at most 18 passes.
    package func run() throws -> (html: String, decimation: HTMLPlayer.Decimation) {
        let plan = player.plan, budget = player.budget
        let full = Int(plan.script.main.width.rounded(.up)), overviewFull = Int(plan.script.overview.width.rounded(.up))
        var d = HTMLPlayer.Decimation(columns: full, every: 1), overviewWidth = overviewFull
        var pass = try run(d, overviewWidth: overviewWidth)
        // First fewer columns (bytes shrink less than linearly once a window
        // holds fewer points than columns, so re-measure), then fewer frames
        // with points of their own.
        for _ in 0 ..< 16 {
            let scalable = pass.pointsBytes + pass.overviewBytes
            guard pass.fixedBytes + scalable > budget, scalable > 0, d.every < pass.frames else { break }
            let scale = Double(max(budget - pass.fixedBytes, 0)) * 0.95 / Double(scalable)
            let floor = min(full, HTMLPlayer.floorColumns)
            if d.columns > floor {
                d.columns = max(floor, min(d.columns - 1, Int(Double(d.columns) * scale)))
                overviewWidth = max(floor, min(overviewWidth, Int(Double(overviewWidth) * scale)))
            } else {
                d.every = max(d.every + 1, Int((Double(d.every) / max(scale, 1e-9)).rounded(.up)))
            }
            pass = try run(d, overviewWidth: overviewWidth)
        }
        if pass.truncated { pass = try run(d, overviewWidth: overviewWidth, keepAll: true) }
        return (player.page(pass, d, exact: d.columns == full && d.every == 1), d)
    }

    /// Plays every frame once, handing each to the page with its points
    /// decimated to `d.columns` and whether its overview changed.
    func run(_ d: HTMLPlayer.Decimation, overviewWidth: Int, keepAll: Bool = false) throws -> HTMLPlayer.Pass {
        let plan = player.plan
        let stream = FrameStream(plan: plan, tracks: HTMLPlayer.tracks.union(player.markTracks))
        let exact = Double(d.columns) >= plan.script.main.width
        var pass = HTMLPlayer.Pass(keepAll: keepAll)
        var lastOverviewKey: [Double]? = nil
        try stream.drive { k, t, phase, sim in
            var r = stream.record(frame: k, t: t, phase: phase, sim)
            let shown = sim.shownValues
            if !exact { r.points = M4.points(r.window, view: plan.scale.u(r.window), plan.scale, shown, width: Double(d.columns)) }
            // The overview changes only with the shown values: the field, a clamp, a spring in flight, appended rows.
            let key: [Double] = [Double(sim.field), sim.clampMin ?? .nan, sim.spring == nil ? -1 : Double(k), Double(shown.index.count)]
            let newOverview = lastOverviewKey.map { !Self.same($0, key) } ?? true
            if newOverview { lastOverviewKey = key }
            player.add(r, shown: shown, newOverview: newOverview, to: &pass, d, overviewWidth: overviewWidth)
            return true
        }
        return pass
    }

    static func same(_ a: [Double], _ b: [Double]) -> Bool {
        zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }
}
