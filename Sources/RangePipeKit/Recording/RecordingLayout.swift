/// Where the chart's elements were on the page while the recording was
/// made: each press or wheel turn is assigned to the element containing it.
public struct RecordingLayout: Sendable, Equatable {
    /// The overview (range selector) element, if the recording has one.
    public var overview: ClientRect?
    /// The main chart element, if the recording has one.
    public var main: ClientRect?
    /// The strip of the main chart's x tick labels (area `"x-axis"`), if given.
    public var xAxis: ClientRect?

    /// A layout from the elements' rectangles (the overview's or the main
    /// chart's at least).
    public init(overview: ClientRect?, main: ClientRect?, xAxis: ClientRect? = nil) {
        self.overview = overview
        self.main = main
        self.xAxis = xAxis
    }

    /// The element's rectangle for `area`.
    /// - Complexity: O(1).
    public func rect(_ area: ChartArea) -> ClientRect? {
        switch area {
        case .overview: return overview
        case .main: return main
        case .xAxis: return xAxis
        }
    }

    /// The area containing a client point: the overview first, then the
    /// main chart, then the x-axis strip where they overlap; nil outside all.
    /// - Complexity: O(1).
    public func area(x: Double, y: Double) -> ChartArea? {
        ChartArea.allCases.first { rect($0)?.contains(x: x, y: y) ?? false }
    }
}
