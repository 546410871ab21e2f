/// Plotly.js as a `LibraryProfile`: its page needs only whether the input
/// is a touchscreen's; its timers are the wheel redraw and the
/// rangeslider's animation frames.
extension PlotlyProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, touch: page.touch)
    }

    /// A rangeslider move not yet drawn by its animation frame still shows
    /// the old range, as the page does when read at t.
    mutating func runTimers(until t: Double) -> ProfileState? {
        _ = advance(to: t)
        return shown(afterFrames: false)
    }
}
