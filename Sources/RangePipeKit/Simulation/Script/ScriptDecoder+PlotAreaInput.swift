extension ScriptDecoder {
    /// What a profile whose model covers only its plot area does not model
    /// (docs/profiles.md), as its messages name it; nil for the other profiles.
    static func plotAreaOnly(_ profile: InteractionProfile) -> (selector: String, off: String, area: String)? {
        switch profile {
        case .dygraphs: ("its range selector", "the axes and the range selector", "plot area")
        case .echarts: ("its slider dataZoom", "the axes and the slider", "grid")
        case .rangepipe, .plotly, .bokeh, .uplot, .lightweightCharts: nil
        }
    }

    /// dygraphs' range selector and ECharts' slider (and the axes' strips)
    /// are not modelled yet: presses and wheel events land in the plot area,
    /// edges included; under echarts they come from a mouse.
    static func plotAreaInput(_ samples: [RawPointerEvent], profile: InteractionProfile, path: String, main: ChartSize) throws {
        guard let off = plotAreaOnly(profile) else { return }
        let name = profile.rawValue
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            guard e.area == .main else {
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"\(name)\" plays input on the main chart only (\(off.selector) is not modelled yet), got \"\(e.area.rawValue)\"")
            }
            guard (0...main.width).contains(e.x), (0...main.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"\(name)\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the \(off.area) (0..\(main.width.plainText) x 0..\(main.height.plainText)); \(off.off) are not modelled yet")
            }
            if profile == .echarts, e.kind == .down, e.pointer != .mouse {
                throw Failure(path: "\(path).samples[\(j)].pointer", message: "profile \"echarts\" replays a mouse: \"\(e.pointer.rawValue)\" input is not part of it (ECharts' inside dataZoom pinch is not modelled)")
            }
        }
    }
}
