/// BokehJS as a `LibraryProfile`: the page's chart heights and input kind
/// set its layout; it keeps no timers between events.
extension BokehProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, layout: Layout(mainHeight: page.mainHeight, overviewHeight: page.overviewHeight, touch: page.touch))
    }
}
