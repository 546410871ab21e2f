/// What Chromium does with a touch whose `touchstart` the page did not
/// cancel (none of the modelled pages cancels it), as the recorder's
/// headless Chromium showed it (Tests/Conformance): no `touchmove` reaches
/// the page while the touch stays within the touch slop of where it went
/// down; from the first move past it, every move does. Shared by the
/// profiles that replay touch (Plotly, Bokeh, ECharts, lightweight-charts).
enum ChromiumTouch {
    /// The slop (px): `max_touch_move_in_pixels_for_click` 15 plus the
    /// gesture detector's 0.05 px epsilon (the recordings put it between
    /// 15.03 and 17.5).
    static let slop = 15.05

    /// Whether a touch `dx`, `dy` px from where it went down is past the slop.
    /// - Complexity: O(1).
    static func isPastSlop(dx: Double, dy: Double) -> Bool {
        dx * dx + dy * dy > slop * slop
    }
}
