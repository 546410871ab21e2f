/// ECharts as a `LibraryProfile`: its page needs the grid's height (a press
/// or wheel below it is off the grid); its one timer is the dataZoom
/// action's throttle.
extension EChartsProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400, sliderHeight: page.overviewHeight ?? 40)
    }

    mutating func runTimers(until t: Double) -> ProfileState? {
        phase = .idle
        fireTimer(until: Self.milliseconds(t))
        return state
    }

    var nextTimerTime: Double? {
        clock.pending == nil ? nil : (clock.lastExec + Self.throttle) / 1000
    }
}
