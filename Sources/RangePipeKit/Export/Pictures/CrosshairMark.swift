/// The snapping crosshair on a main chart, in px from its top left: the
/// line's x, the marker's y, and the value's label beside the marker, kept
/// inside the chart (right of the marker and above it, or left of it near
/// the right edge and below it near the top).
struct CrosshairMark {
    /// The line's x (the point's).
    let x: Double
    /// The marker's y; nil when the point is off the chart (the line alone is drawn).
    let y: Double?
    /// The value as the annotation's format writes it.
    let label: String
    /// The label's anchor point and which end of the text sits there.
    let labelX: Double, labelY: Double, anchor: String

    /// Gap between the marker and its label (px).
    static let gap = 7.0
    /// The label's height above its baseline, and below it to the next line (px, 11 px text).
    static let ascent = 10.0, descent = 4.0

    /// The crosshair at (x, y) on a chart of `size`, with its label placed.
    init(x: Double, y: Double?, label: String, size: ChartSize) {
        self.x = x
        self.y = y
        self.label = label
        // AxisTicks' estimate of the text's width, less its 8 px of padding.
        let width = AxisTicks.labelWidth(label) - 8
        let right = x + Self.gap + width <= size.width
        labelX = right ? x + Self.gap : x - Self.gap
        anchor = right ? "start" : "end"
        let py = y ?? 0
        labelY = py - Self.gap - Self.descent >= Self.ascent ? py - Self.gap : py + Self.gap + Self.ascent
    }
}
