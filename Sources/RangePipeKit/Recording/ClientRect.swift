/// An element's rectangle in the page's client (viewport) CSS px, as
/// `getBoundingClientRect()` reports it.
public struct ClientRect: Sendable, Equatable {
    /// The left edge (px from the viewport's left).
    public var left: Double
    /// The top edge (px from the viewport's top).
    public var top: Double
    /// Width in px (> 0).
    public var width: Double
    /// Height in px (> 0).
    public var height: Double

    /// A rectangle from its edges and size.
    public init(left: Double, top: Double, width: Double, height: Double) {
        self.left = left
        self.top = top
        self.width = width
        self.height = height
    }

    /// Whether a client point is inside: the left and top edges are in,
    /// the right and bottom edges are out (the next element's pixels), so
    /// two elements that touch never both contain a point.
    /// - Complexity: O(1).
    public func contains(x: Double, y: Double) -> Bool {
        x >= left && x < left + width && y >= top && y < top + height
    }
}
