/// What a library's page puts around a chart's plot area, in px: the
/// margins on each side and the gap between the plot and an overview
/// (a slider) below it.
struct PageMargins: Sendable, Equatable {
    var left: Double
    var top: Double
    var right: Double
    /// Between the plot area's bottom and the overview's top.
    var overviewGap: Double
    /// Below the overview.
    var bottom: Double
}
