/// What a library's page puts around a chart's plot area, in px: the
/// margins on each side and the gap between the plot and an overview
/// (a slider) below it.
public struct PageMargins: Sendable, Equatable {
    public var left: Double
    public var top: Double
    public var right: Double
    /// Between the plot area's bottom and the overview's top.
    public var overviewGap: Double
    /// Below the overview.
    public var bottom: Double

    public init(left: Double, top: Double, right: Double, overviewGap: Double, bottom: Double) {
        self.left = left
        self.top = top
        self.right = right
        self.overviewGap = overviewGap
        self.bottom = bottom
    }
}
