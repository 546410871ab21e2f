extension ScriptDecoder {
    /// What SPEC 4.11's dygraphs page cannot say: a plain drag zooms
    /// (shift pans), and the chart has no bounds or span limits (dygraphs'
    /// `dateWindow` is free; a pan stops at the data, docs/profiles.md).
    static func dygraphsRules(_ s: Script) throws {
        if s.mainDrag == .pan {
            throw Failure(path: "main.drag", message: "dygraphs' default interaction model zooms on a drag (shift-drag pans): main.drag must be \"zoom\" or left out")
        }
        if s.window.boundsGiven {
            throw Failure(path: "window.bounds", message: "the dygraphs page has no bounds (a pan stops at the data by itself); leave window.bounds out")
        }
        if s.window.minSpan != nil {
            throw Failure(path: "window.minSpan", message: "the dygraphs page has no span limits; leave window.minSpan out")
        }
        if s.window.maxSpan != nil {
            throw Failure(path: "window.maxSpan", message: "the dygraphs page has no span limits; leave window.maxSpan out")
        }
    }

    /// The axes' strips are not modelled yet (docs/profiles/dygraphs.md):
    /// presses and wheel events land in the plot area or on the range
    /// selector, which is the plot area's width and 40 px high.
    static func dygraphsInput(_ samples: [RawPointerEvent], path: String, main: ChartSize, overview: ChartSize) throws {
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            let size: ChartSize
            switch e.area {
            case .main:
                size = main
            case .overview:
                guard overview.width == main.width, overview.height == 40 else {
                    throw Failure(path: "overview", message: "dygraphs' range selector is as wide as the plot area and 40 px high: overview must be {\"width\": \(main.width.plainText), \"height\": 40}")
                }
                size = overview
            case .xAxis:
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"dygraphs\" plays input on the plot area and the range selector (its axes are not modelled yet), got \"x-axis\"")
            }
            guard (0...size.width).contains(e.x), (0...size.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"dygraphs\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the \(e.area.rawValue) area (0..\(size.width.plainText) x 0..\(size.height.plainText)); the axes are not modelled yet")
            }
        }
    }
}
