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

    /// The range selector and the axes' strips are not modelled yet
    /// (docs/profiles.md): presses and wheel events land in the plot area.
    static func dygraphsInput(_ samples: [RawPointerEvent], path: String, main: ChartSize) throws {
        for (j, e) in samples.enumerated() where e.kind == .down || e.kind == .wheel {
            guard e.area == .main else {
                throw Failure(path: "\(path).samples[\(j)].area", message: "profile \"dygraphs\" plays input on the main chart only (its range selector is not modelled yet), got \"\(e.area.rawValue)\"")
            }
            guard (0...main.width).contains(e.x), (0...main.height).contains(e.y) else {
                throw Failure(path: "\(path).samples[\(j)]", message: "profile \"dygraphs\": a \(e.kind.rawValue) at (\(e.x.plainText), \(e.y.plainText)) px is outside the plot area (0..\(main.width.plainText) x 0..\(main.height.plainText)); the axes and the range selector are not modelled yet")
            }
        }
    }
}
