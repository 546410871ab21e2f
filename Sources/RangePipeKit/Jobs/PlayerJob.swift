/// `rangepipe player`: plays a script over one series, or several linked
/// (`ShownSeries`), and writes the replaying HTML page (`HTMLPlayer` turns
/// each frame's row into its text).
///
/// Within the byte budget: a first pass at full width measures the page;
/// while it is too big, the points track is decimated (M4 at fewer pixel
/// columns, down to `HTMLPlayer.floorColumns`, re-measured since bytes
/// shrink less than linearly once a window holds fewer points than columns;
/// then points stored only every few frames), each guess a new pass.
package struct PlayerJob {
    /// The series shown, one panel each.
    package let shown: ShownSeries
    /// The page's text and numbers.
    package let player: HTMLPlayer

    /// A job drawing the page of `shown`; `budget` caps the page's bytes.
    package init(shown: ShownSeries, zone: DisplayZone, time: TimeOutputFormat, budget: Int) {
        self.shown = shown
        player = HTMLPlayer(plans: shown.plans, zone: zone, time: time, budget: budget)
    }

    /// The main chart's width in pixel columns: the points track's columns when exact.
    package var fullColumns: Int { Int(player.script.main.width.rounded(.up)) }

    /// The page and how its points track was decimated (columns = the main
    /// chart's width and every = 1 when exact).
    /// - Complexity: O(passes · frames · panels · (width · log n)); at most 18 passes.
    package func run() throws -> (html: String, decimation: HTMLPlayer.Decimation) {
        let budget = player.budget, full = fullColumns
        var d = HTMLPlayer.Decimation(columns: full, every: 1)
        var overviewWidth = Int(player.script.overview.width.rounded(.up))
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

    /// Plays every frame once, handing each row to the page with its points
    /// decimated to `d.columns` (the page stores an overview whenever the
    /// one drawn differs from the panel's last).
    func run(_ d: HTMLPlayer.Decimation, overviewWidth: Int, keepAll: Bool = false) throws -> HTMLPlayer.Pass {
        let tracks = HTMLPlayer.tracks(for: player.script).union(player.markTracks)
        let exact = d.columns >= fullColumns
        var pass = HTMLPlayer.Pass(keepAll: keepAll)
        try shown.eachRow(tracks) { row in
            var row = row
            if !exact {
                for (j, (r, values)) in row.enumerated() {
                    let scale = player.plans[j].scale
                    row[j].0.points = M4.points(r.window, view: scale.u(r.window), scale, values, width: Double(d.columns))
                }
            }
            player.add(row, to: &pass, d, overviewWidth: overviewWidth)
            return true
        }
        return pass
    }
}
