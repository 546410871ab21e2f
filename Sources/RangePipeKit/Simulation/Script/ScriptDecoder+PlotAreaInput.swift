extension ScriptDecoder {
    /// What a profile whose model covers only its plot area does not model
    /// (docs/profiles.md), as its messages name it; nil for the other profiles.
    static func plotAreaOnly(_ profile: InteractionProfile) -> (selector: String, off: String, area: String)? {
        switch profile {
        case .dygraphs: ("its range selector", "the axes and the range selector", "plot area")
        case .echarts: ("its axes", "the axes and the page's margins", "grid")
        case .rangepipe, .plotly, .bokeh, .uplot, .lightweightCharts: nil
        }
    }

    /// dygraphs' range selector (and the axes' strips) are not modelled
    /// yet: presses and wheel events land in the plot area, edges included;
    /// under echarts also on the slider's box (`overview`) and the chart's
    /// element around it, and they come from a mouse.
    static func plotAreaInput(_ samples: [RawPointerEvent], profile: InteractionProfile, path: String, main: ChartSize,
                              overview: ChartSize? = nil) throws {
        guard let off = plotAreaOnly(profile) else { return }
        let name = profile.rawValue
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            if profile == .echarts, e.kind == .down, e.pointer != .mouse {
                throw Failure(path: "\(path).samples[\(j)].pointer", message: "profile \"echarts\" replays a mouse: \"\(e.pointer.rawValue)\" input is not part of it (ECharts' inside dataZoom pinch is not modelled)")
            }
            if profile == .echarts, e.area == .overview, let o = overview {
                try echartsSliderInput(e, path: "\(path).samples[\(j)]", slider: o)
                continue
            }
            guard e.area == .main else {
                if profile == .echarts {
                    throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"echarts\" plays input on the grid (main) and its slider (overview) only (its axes are not modelled), got \"\(e.area.rawValue)\"")
                }
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"\(name)\" plays input on the main chart only (\(off.selector) is not modelled yet), got \"\(e.area.rawValue)\"")
            }
            guard (0...main.width).contains(e.x), (0...main.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"\(name)\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the \(off.area) (0..\(main.width.plainText) x 0..\(main.height.plainText)); \(off.off) are not modelled yet")
            }
        }
    }

    /// Under echarts a press or wheel on `overview` is on the chart's
    /// element: the slider's box and the page's margins beside and below it
    /// (70 px left, 40 right, 30 below, the 50 px above: EChartsProfile's
    /// `elementLeft`, `elementRight`, `elementBottom`, `sliderGap`).
    static func echartsSliderInput(_ e: RawPointerEvent, path: String, slider: ChartSize) throws {
        let left = -EChartsProfile.elementLeft, right = slider.width + EChartsProfile.elementRight
        let top = -EChartsProfile.sliderGap, bottom = slider.height + EChartsProfile.elementBottom
        guard e.x >= left, e.x < right, e.y >= top, e.y < bottom else {
            throw Failure(path: path, message: "profile \"echarts\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px on the overview is off the chart (\(left.plainText)..\(right.plainText) x \(top.plainText)..\(bottom.plainText) around the slider's box)")
        }
    }
}
