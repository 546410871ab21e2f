/// What a library profile's page cannot show, refused with the key that
/// asks for it (SPEC 4.11; docs/profiles.md): one place for every rule a
/// profile puts on the script beyond SPEC 4.10's.
extension ScriptDecoder {
    /// The script-level rules: a page without an overview takes no
    /// `overview`; a chart whose drag does one thing (uPlot's cursor and
    /// dygraphs' default interaction model zoom, a lightweight-charts pane
    /// scrolls, ECharts' inside dataZoom pans) takes that `main.drag`, no
    /// bounds, and span limits only where the library takes them (ECharts'
    /// minValueSpan and maxValueSpan).
    static func checkProfileScript(_ s: Script, overviewGiven: Bool) throws {
        let name = s.profile.rawValue
        if !s.profile.hasOverview, overviewGiven {
            throw Failure(path: "overview", message: "profile \"\(name)\" has no overview: leave overview out")
        }
        if s.profile == .dygraphs {
            // The range selector is the plot area's width and 40 px high; a
            // shift-drag pans by span / (width − 1) per px.
            if overviewGiven, s.overview.width != s.main.width || s.overview.height != InteractionProfile.dygraphsSelectorHeight {
                throw Failure(path: "overview", message: "dygraphs' range selector is as wide as the plot area and \(InteractionProfile.dygraphsSelectorHeight.plainText) px high: overview must be \(s.main.width.plainText) x \(InteractionProfile.dygraphsSelectorHeight.plainText) under profile \"dygraphs\"")
            }
            if s.main.width < 2 {
                throw Failure(path: "main.width", message: "profile \"dygraphs\" needs a plot area at least 2 px wide (a pan moves span / (width − 1) per px)")
            }
        }
        guard let chart = oneDragChart(s.profile) else { return }
        if s.drag != chart.mode {
            throw Failure(path: "main.drag", message: "\(chart.drag): main.drag must be \"\(chart.mode.rawValue)\" under profile \"\(name)\"")
        }
        if s.window.boundsGiven {
            throw Failure(path: "window.bounds", message: "\(chart.noBounds): leave window.bounds out under profile \"\(name)\"")
        }
        guard let noSpans = chart.noSpans else { return }
        for (key, given) in [("minSpan", s.window.minSpan != nil), ("maxSpan", s.window.maxSpan != nil)] where given {
            throw Failure(path: "window.\(key)", message: "\(noSpans): leave window.\(key) out under profile \"\(name)\"")
        }
    }

    /// How messages name a chart whose drag does one thing and whose x takes
    /// no bounds (nor, where `noSpans` is given, span limits) from the
    /// script; nil for the other profiles.
    static func oneDragChart(_ profile: InteractionProfile) -> (mode: MainDrag, drag: String, noBounds: String, noSpans: String?)? {
        switch profile {
        case .uplot:
            (.zoom, "uPlot's cursor drag selects and zooms (it has no pan)", "uPlot's x scale has no bounds",
             "uPlot's x scale has no span limits")
        case .dygraphs:
            (.zoom, "dygraphs' default interaction model zooms on a drag (shift-drag pans)", "the dygraphs page has no bounds",
             "the dygraphs page has no span limits")
        case .lightweightCharts:
            (.pan, "a lightweight-charts pane drag scrolls (it has no box zoom)",
             "lightweight-charts clamps its bar spacing and right offset itself and takes no bounds",
             "lightweight-charts clamps its bar spacing and right offset itself and takes no span limits")
        case .echarts:
            (.pan, "ECharts' inside dataZoom pans on a drag", "ECharts holds the window to the data's extent itself", nil)
        case .rangepipe, .plotly, .bokeh: nil
        }
    }

    /// The per-sample rules: on a page without an overview every sample is
    /// on `main` (uPlot listens on its plot overlay only; lightweight-charts
    /// also on its time scale's strip, `x-axis`), and these profiles replay
    /// a mouse (touch is not part of them, but for lightweight-charts' fingers).
    static func checkRawSample(_ e: RawPointerEvent, profile: InteractionProfile, path: String) throws {
        guard !profile.hasOverview else { return }
        let areas: [ChartArea] = profile == .lightweightCharts ? [.main, .xAxis] : [.main]
        if e.kind == .down || e.kind == .wheel, !areas.contains(e.area) {
            let has = profile == .lightweightCharts ? "the pane (main) and its time scale (x-axis)" : "the main plot area"
            throw Failure(path: path + ".area", message: "profile \"\(profile.rawValue)\" has only \(has): \"\(e.area.rawValue)\" is not on its page")
        }
        // lightweight-charts also replays fingers (LightweightChartsProfile+Touch, +Pinch).
        let finger = profile == .lightweightCharts && e.pointer == .touch
        if e.kind == .down, e.pointer != .mouse, !finger {
            let what = profile == .lightweightCharts ? "replays a mouse or one finger: \"\(e.pointer.rawValue)\" input is not part of it"
                : "replays a mouse: \"\(e.pointer.rawValue)\" input is not part of it"
            throw Failure(path: path + ".pointer", message: "profile \"\(profile.rawValue)\" \(what)")
        }
    }
}
