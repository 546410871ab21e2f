/// Where the chart's two elements were on the page while the recording was
/// made: each press or wheel turn is assigned to the element containing it.
public struct RecordingLayout: Sendable, Equatable {
    /// The overview (range selector) element, if the recording has one.
    public var overview: ClientRect?
    /// The main chart element, if the recording has one.
    public var main: ClientRect?

    /// A layout from the elements' rectangles (at least one).
    public init(overview: ClientRect?, main: ClientRect?) {
        self.overview = overview
        self.main = main
    }

    /// The element's rectangle for `area`.
    /// - Complexity: O(1).
    public func rect(_ area: RecordedArea) -> ClientRect? {
        switch area {
        case .overview: return overview
        case .main: return main
        }
    }

    /// The area containing a client point, the overview first where the two
    /// overlap; nil outside both.
    /// - Complexity: O(1).
    public func area(x: Double, y: Double) -> RecordedArea? {
        RecordedArea.allCases.first { rect($0)?.contains(x: x, y: y) ?? false }
    }
}
