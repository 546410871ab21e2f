/// The range-selector buttons (`RangePreset`) in the caption row, right
/// above the overview's right end, drawn when the script uses presets: the
/// button the frame names (`ViewSimulator.framePreset`) is filled, buttons not offered on the
/// series are greyed.
extension SVGPreview {
    /// Button height and the gap between buttons, in px.
    static let presetButtonHeight = 16.0
    static let presetButtonGap = 3.0

    /// One button as drawn: its left edge and width in panel pixels, its
    /// label, and whether it is lit (`on`), offered (`off`) or not offered.
    struct PresetButtonMark {
        enum State: String { case on, off, disabled }
        let x: Double, width: Double
        let label: String
        let state: State
    }

    /// The buttons of one frame, left to right; none when the script uses no preset.
    /// - Complexity: O(presets).
    func presetButtonMarks(_ r: Frame, _ layout: ChartLayout) -> [PresetButtonMark] {
        presetButtonMarks(lit: litPreset(r), layout)
    }

    /// The button a frame lights: its own preset when it carries one (the
    /// set button in a tie), else the first whose window equals the frame's.
    func litPreset(_ r: Frame) -> RangePreset? {
        r.preset ?? plan.preset(matchingX: r.window)
    }

    /// The buttons with `chosen` lit (none lit when nil).
    func presetButtonMarks(lit chosen: RangePreset?, _ layout: ChartLayout) -> [PresetButtonMark] {
        guard plan.script.usesPresets else { return [] }
        let buttons = plan.presetButtons
        let widths = buttons.map { max(22, Double($0.preset.rawValue.count) * 6.6 + 10) }
        let total = widths.reduce(0, +) + Self.presetButtonGap * Double(max(buttons.count - 1, 0))
        var x = layout.left + plan.script.overview.width - total
        var marks: [PresetButtonMark] = []
        for (b, w) in zip(buttons, widths) {
            let state: PresetButtonMark.State = b.preset == chosen ? .on : b.offered ? .off : .disabled
            marks.append(PresetButtonMark(x: x, width: w, label: b.preset.rawValue, state: state))
            x += w + Self.presetButtonGap
        }
        return marks
    }

    /// The buttons' SVG for one frame, or "" when the script uses no preset.
    /// - Complexity: O(presets).
    func presetButtonsSVG(_ r: Frame, _ layout: ChartLayout) -> String {
        presetButtonsSVG(presetButtonMarks(r, layout), ids: nil)
    }

    /// The buttons' SVG; with `ids` (the panel's id suffix) each button is
    /// `preset<ids>-<k>` with its unlit state in `data-state`, for the player to light.
    func presetButtonsSVG(_ marks: [PresetButtonMark], ids: String?) -> String {
        guard !marks.isEmpty else { return "" }
        var s = "<g class=\"presets\">\n"
        for (k, m) in marks.enumerated() {
            let (fill, stroke, ink) = Self.presetColors(m.state)
            let id = ids.map { " id=\"preset\($0)-\(k)\" data-state=\"\(m.state.rawValue)\"" } ?? ""
            s += "<g class=\"preset \(m.state.rawValue)\"\(id)><rect x=\"\(fmt(m.x))\" y=\"1\" width=\"\(fmt(m.width))\" height=\"\(fmt(Self.presetButtonHeight))\" rx=\"3\" fill=\"\(fill)\" stroke=\"\(stroke)\"/>"
            s += "<text x=\"\(fmt(m.x + m.width / 2))\" y=\"13\" text-anchor=\"middle\" fill=\"\(ink)\">\(SVGNumber.escape(m.label))</text></g>\n"
        }
        return s + "</g>\n"
    }

    /// A button's fill, border and text colours.
    static func presetColors(_ state: PresetButtonMark.State) -> (fill: String, stroke: String, ink: String) {
        switch state {
        case .on: ("#3b82f6", "#2563eb", "white")
        case .off: ("#f3f4f6", "#d1d5db", "#333")
        case .disabled: ("#f3f4f6", "#d1d5db", "#bbb")
        }
    }
}
