/// lightweight-charts as a `LibraryProfile`: the pane's height places the
/// time scale's strip; its timers are the animation frames a reset or the
/// kinetic scroll lands in.
extension LightweightChartsProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400)
    }

    /// The library's own window after `setVisibleLogicalRange` (its clamps).
    var initialWindow: Window? { state.window }

    mutating func runTimers(until t: Double) -> ProfileState? {
        guard nextFrame != nil else { return nil }
        let before = scale.logicalRange
        let reset = resetDue
        runTimers(through: ScriptClock.milliseconds(t))
        var s = state
        s.phase = scale.logicalRange == before ? .idle : reset != nil && resetDue == nil ? .zoom : .momentum
        return s
    }

    var nextTimerTime: Double? { nextFrame.map { $0 / 1000 } }
}
