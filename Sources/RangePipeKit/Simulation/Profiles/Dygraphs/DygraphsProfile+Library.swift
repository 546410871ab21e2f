/// dygraphs as a `LibraryProfile`: its page needs the plot area's height
/// (the canvas a zoom drag may leave by `DRAG_EDGE_MARGIN`); it keeps no
/// timers (`animatedZooms: false`).
extension DygraphsProfile: LibraryProfile {
    init(chart: ProfileChart, page: ProfilePage) {
        self.init(chart: chart, height: page.mainHeight ?? 400)
    }
}
