/// lightweight-charts as a `LibraryProfile`: the pane's height places the
/// time scale's strip; its one timer is a double-click's reset.
extension LightweightChartsProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400)
    }

    /// The library's own window after `setVisibleLogicalRange` (its clamps).
    var initialWindow: Window? { state.window }

    mutating func runTimers(until t: Double) -> ProfileState? {
        guard resetDue != nil else { return nil }
        let before = scale.logicalRange
        runTimers(through: ScriptClock.milliseconds(t))
        var s = state
        s.phase = scale.logicalRange == before ? .idle : .zoom
        return s
    }

    var nextTimerTime: Double? { resetDue.map { $0 / 1000 } }
}
