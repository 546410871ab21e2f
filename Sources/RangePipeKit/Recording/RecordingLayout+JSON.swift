extension RecordingLayout {
    /// Reads `{"overview": RECT, "main": RECT, "x-axis": RECT}` (overview or
    /// main may be left out, not both; x-axis is optional), each RECT as
    /// `getBoundingClientRect()` or its `toJSON()` gives it: `left`/`top`
    /// (or `x`/`y`), `width`, `height`; other keys (`right`, `bottom`,
    /// `type`) are ignored.
    /// - Complexity: O(keys).
    static func read(_ value: JSONValue, file: String, path: String) throws(RecordingFailure) -> RecordingLayout {
        let o = try RecordingObject(value, file: file, path: path)
        var rects: [ClientRect?] = []
        for area in ChartArea.allCases {
            guard let v = o.value(area.rawValue), v != .null else { rects.append(nil); continue }
            rects.append(try rect(v, file: file, path: o.child(area.rawValue)))
        }
        guard rects[0] != nil || rects[1] != nil else {
            throw o.fail(nil, "a layout needs the rectangle of \"overview\" or \"main\" (or both)")
        }
        return RecordingLayout(overview: rects[0], main: rects[1], xAxis: rects[2])
    }

    static func rect(_ value: JSONValue, file: String, path: String) throws(RecordingFailure) -> ClientRect {
        let o = try RecordingObject(value, file: file, path: path)
        var left = try o.optionalNumber("left"), top = try o.optionalNumber("top")
        if left == nil { left = try o.number("x", " (the element's left edge: \"left\" or \"x\")") }
        if top == nil { top = try o.number("y", " (the element's top edge: \"top\" or \"y\")") }
        let width = try o.number("width"), height = try o.number("height")
        for (key, size) in [("width", width), ("height", height)] where !(size > 0) {
            throw o.fail(key, "an element's size must be more than 0 px, got \(size)")
        }
        return ClientRect(left: left ?? 0, top: top ?? 0, width: width, height: height)
    }
}
