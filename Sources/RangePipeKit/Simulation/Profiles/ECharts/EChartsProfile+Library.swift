/// ECharts as a `LibraryProfile`: its page needs the grid's height (a press
/// or wheel below it is off the grid); its timers are its two views'
/// action throttles.
extension EChartsProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400, sliderHeight: page.overviewHeight ?? 40)
    }

    mutating func runTimers(until t: Double) -> ProfileState? {
        phase = .idle
        fireTimers(until: ScriptClock.milliseconds(t))
        return state
    }

    var nextTimerTime: Double? {
        [clock.due, slider.clock.due].compactMap { $0 }.min().map { $0 / 1000 }
    }
}
