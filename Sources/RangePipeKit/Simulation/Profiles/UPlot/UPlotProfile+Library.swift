/// uPlot as a `LibraryProfile`: the page's plot height bounds the overlay;
/// it keeps no timers.
extension UPlotProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400)
    }
}
