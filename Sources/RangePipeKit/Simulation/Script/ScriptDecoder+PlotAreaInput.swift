extension ScriptDecoder {
    /// What a profile whose model covers only its plot area does not model
    /// (docs/profiles.md), as its messages name it; nil for the other profiles.
    static func plotAreaOnly(_ profile: InteractionProfile) -> (selector: String, off: String, area: String)? {
        switch profile {
        case .dygraphs: ("its axes", "the axes", "plot area")
        case .echarts: ("its axes", "the axes and the page's margins", "grid")
        case .rangepipe, .plotly, .bokeh, .uplot, .lightweightCharts: nil
        }
    }

    /// The axes' strips are not modelled under dygraphs and echarts:
    /// presses and wheel events land in the plot area (edges included) or
    /// on the overview (the range selector, the slider); under dygraphs
    /// they come from a mouse or, in the plot area or on the grid, fingers.
    static func plotAreaInput(_ samples: [RawPointerEvent], profile: InteractionProfile, path: String, main: ChartSize,
                              overview: ChartSize) throws {
        guard let off = plotAreaOnly(profile) else { return }
        let name = profile.rawValue
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            // A press is a mouse's, or a finger's on the grid or plot area (EChartsProfile+Touch, DygraphsProfile+Touch).
            let finger = e.pointer == .touch && e.area != .overview
            if e.kind == .down, e.pointer != .mouse, !finger {
                let what = profile == .echarts ? ("grid", "the slider") : ("plot area", "the range selector")
                let message = "profile \"\(name)\" replays a mouse, or fingers on the \(what.0): "
                    + (e.pointer == .touch ? "touch on \(what.1) is not modelled" : "\"\(e.pointer.rawValue)\" input is not part of it")
                throw Failure(path: "\(path).samples[\(j)].pointer", message: message)
            }
            if e.area == .overview {
                try selectorInput(e, profile: profile, path: "\(path).samples[\(j)]", main: main, overview: overview)
                continue
            }
            guard e.area == .main else {
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"\(name)\" plays input on the \(off.area) (main) and its \(profile == .echarts ? "slider" : "range selector") (overview) only (\(off.selector) are not modelled), got \"\(e.area.rawValue)\"")
            }
            if profile == .echarts, finger, e.kind == .down, e.x == 0 || e.x == main.width || e.y == 0 || e.y == main.height {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"echarts\": a finger down on the grid's edge (\(e.x.plainText), \(e.y.plainText)) px is not modelled (zrender maps touches through its own transform; keep 0 < x < \(main.width.plainText) and 0 < y < \(main.height.plainText))")
            }
            guard (0...main.width).contains(e.x), (0...main.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"\(name)\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the \(off.area) (0..\(main.width.plainText) x 0..\(main.height.plainText)); \(off.off) are not modelled yet")
            }
        }
    }

    /// A press or wheel on `overview` lands where the model knows the page
    /// (`InteractionProfile.overviewBounds`).
    static func selectorInput(_ e: RawPointerEvent, profile: InteractionProfile, path: String, main: ChartSize,
                              overview: ChartSize) throws {
        guard let (left, right, top, bottom) = profile.overviewBounds(main: main, overview: overview) else { return }
        guard e.x >= left, e.x < right, e.y >= top, e.y < bottom else {
            let what = profile == .echarts ? "the slider's box" : "the range selector"
            throw Failure(path: path, message: "profile \"\(profile.rawValue)\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px on the overview is off the chart (\(left.plainText)..\(right.plainText) x \(top.plainText)..\(bottom.plainText) around \(what))")
        }
    }
}
