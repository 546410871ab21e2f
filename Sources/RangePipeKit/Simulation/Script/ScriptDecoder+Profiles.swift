/// What a library profile's page cannot show, refused with the key that
/// asks for it (SPEC 4.11; docs/profiles.md): one place for every rule a
/// profile puts on the script beyond SPEC 4.10's.
extension ScriptDecoder {
    /// The script-level rules: a page without an overview takes no
    /// `overview`; uPlot's cursor drag only zooms, and its chart has no
    /// bounds or span limits.
    static func checkNoOverviewProfile(_ s: Script, overviewGiven: Bool) throws {
        let name = s.profile.rawValue
        if !s.profile.hasOverview, overviewGiven {
            throw Failure(path: "overview", message: "profile \"\(name)\" has no overview: leave overview out")
        }
        guard s.profile == .uplot else { return }
        if s.drag != .zoom {
            throw Failure(path: "main.drag", message: "uPlot's cursor drag selects and zooms (it has no pan): main.drag must be \"zoom\" under profile \"uplot\"")
        }
        if s.window.boundsGiven {
            throw Failure(path: "window.bounds", message: "uPlot's x scale has no bounds: leave window.bounds out under profile \"uplot\"")
        }
        if s.window.minSpan != nil {
            throw Failure(path: "window.minSpan", message: "uPlot's x scale has no span limits: leave window.minSpan out under profile \"uplot\"")
        }
        if s.window.maxSpan != nil {
            throw Failure(path: "window.maxSpan", message: "uPlot's x scale has no span limits: leave window.maxSpan out under profile \"uplot\"")
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
