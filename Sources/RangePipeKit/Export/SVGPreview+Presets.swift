/// The range-selector buttons (`RangePreset`) in the caption row, right
/// above the overview's right end, drawn when the script uses presets: the
/// button the frame's window matches is filled, buttons not offered on the
/// series are greyed.
extension SVGPreview {
    /// Button height and the gap between buttons, in px.
    static let presetButtonHeight = 16.0
    static let presetButtonGap = 3.0

    /// The buttons' SVG for one frame, or "" when the script uses no preset.
    /// - Complexity: O(presets).
    func presetButtonsSVG(_ r: Frame, _ layout: ChartLayout) -> String {
        guard plan.script.usesPresets else { return "" }
        let chosen = plan.preset(matchingX: r.window)
        let buttons = plan.presetButtons
        let widths = buttons.map { max(22, Double($0.preset.rawValue.count) * 6.6 + 10) }
        let total = widths.reduce(0, +) + Self.presetButtonGap * Double(max(buttons.count - 1, 0))
        var x = layout.left + plan.script.overview.width - total
        var s = "<g class=\"presets\">\n"
        for (b, w) in zip(buttons, widths) {
            let on = b.preset == chosen
            let fill = on ? "#3b82f6" : "#f3f4f6", stroke = on ? "#2563eb" : "#d1d5db"
            let ink = on ? "white" : b.offered ? "#333" : "#bbb"
            let state = on ? "on" : b.offered ? "off" : "disabled"
            s += "<g class=\"preset \(state)\"><rect x=\"\(fmt(x))\" y=\"1\" width=\"\(fmt(w))\" height=\"\(fmt(Self.presetButtonHeight))\" rx=\"3\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
            s += "<text x=\"\(fmt(x + w / 2))\" y=\"13\" text-anchor=\"middle\" fill=\"\(ink)\">\(SVGNumber.escape(b.preset.rawValue))</text></g>\n"
            x += w + Self.presetButtonGap
        }
        return s + "</g>\n"
    }
}
