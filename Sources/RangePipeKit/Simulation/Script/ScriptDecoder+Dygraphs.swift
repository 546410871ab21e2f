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
}
