/// What a library profile's page cannot show, refused with the key that
/// asks for it (SPEC 4.11; docs/profiles.md): one place for every rule a
/// profile puts on the script beyond SPEC 4.10's.
extension ScriptDecoder {
    /// The script-level rules: a page without an overview takes no
    /// `overview`; a chart whose drag only zooms (uPlot's cursor, dygraphs'
    /// default interaction model) takes `main.drag` zoom and has no bounds
    /// or span limits.
    static func checkNoOverviewProfile(_ s: Script, overviewGiven: Bool) throws {
        let name = s.profile.rawValue
        if !s.profile.hasOverview, overviewGiven {
            throw Failure(path: "overview", message: "profile \"\(name)\" has no overview: leave overview out")
        }
        guard let chart = zoomOnlyChart(s.profile) else { return }
        if s.drag != .zoom {
            throw Failure(path: "main.drag", message: "\(chart.drag): main.drag must be \"zoom\" under profile \"\(name)\"")
        }
        if s.window.boundsGiven {
            throw Failure(path: "window.bounds", message: "\(chart.scale) has no bounds: leave window.bounds out under profile \"\(name)\"")
        }
        for (key, given) in [("minSpan", s.window.minSpan != nil), ("maxSpan", s.window.maxSpan != nil)] where given {
            throw Failure(path: "window.\(key)", message: "\(chart.scale) has no span limits: leave window.\(key) out under profile \"\(name)\"")
        }
    }

    /// ECharts' page (SPEC 4.11): a drag on the grid pans (the inside
    /// dataZoom) and the window is held to the data's extent by ECharts
    /// itself, so `main.drag` is pan and there are no `bounds`; minSpan and
    /// maxSpan are the dataZooms' minValueSpan and maxValueSpan.
    static func checkDataZoomProfile(_ s: Script) throws {
        guard s.profile == .echarts else { return }
        if s.drag != .pan {
            throw Failure(path: "main.drag", message: "ECharts' inside dataZoom pans on a drag: main.drag must be \"pan\" under profile \"echarts\"")
        }
        if s.window.boundsGiven {
            throw Failure(path: "window.bounds", message: "ECharts holds the window to the data's extent itself: leave window.bounds out under profile \"echarts\"")
        }
    }

    /// How messages name a chart whose drag only zooms and whose x has no
    /// bounds or span limits; nil for the other profiles.
    static func zoomOnlyChart(_ profile: InteractionProfile) -> (drag: String, scale: String)? {
        switch profile {
        case .uplot: ("uPlot's cursor drag selects and zooms (it has no pan)", "uPlot's x scale")
        case .dygraphs: ("dygraphs' default interaction model zooms on a drag (shift-drag pans)", "the dygraphs page")
        case .rangepipe, .plotly, .bokeh, .echarts: nil
        }
    }

    /// The per-sample rules: on a page without an overview every sample is
    /// on `main` (uPlot listens on its plot overlay only), and uPlot's
    /// profile replays a mouse (touch is not part of it).
    static func checkRawSample(_ e: RawPointerEvent, profile: InteractionProfile, path: String) throws {
        guard !profile.hasOverview else { return }
        if e.kind == .down || e.kind == .wheel, e.area != .main {
            throw Failure(path: path + ".area", message: "profile \"\(profile.rawValue)\" has only the main plot area: \"\(e.area.rawValue)\" is not on its page")
        }
        if e.kind == .down, e.pointer != .mouse {
            throw Failure(path: path + ".pointer", message: "profile \"\(profile.rawValue)\" replays a mouse: \"\(e.pointer.rawValue)\" input is not part of it")
        }
    }
}
