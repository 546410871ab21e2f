/// An `append` event resolved for one series at plan time: the rows it adds
/// (x increasing, every one after the series' last x at that point), and
/// the window rules and preset buttons once they are in. It holds no copy of
/// the whole series: the simulator grows its own (`ViewSimulator.appendRows`).
public struct AppendBatch: Sendable {
    /// The series' last x before the rows.
    public var lastBefore: Double
    /// The rows' x, increasing; empty when a source series had no rows left.
    public var x: [Double]
    /// The rows' values, one array per field of the series (NaN where missing).
    public var values: [[Double]]
    /// The bounds [U0, U1] with the rows in (data bounds follow the data).
    public var lower: Double, upper: Double
    /// The span limits with the rows in (fraction spans follow the extent).
    public var minSpan: SpanLimit, maxSpan: SpanLimit?
    /// The preset buttons with the rows in.
    public var presetButtons: [PresetButton]

    /// The series' last x after the rows.
    public var lastAfter: Double { x.last ?? lastBefore }

    /// The window rules with the rows in, over the grown x.
    /// - Complexity: O(1).
    public func constraints(over x: [Double]) -> WindowConstraints {
        WindowConstraints(lower: lower, upper: upper, minSpan: minSpan, maxSpan: maxSpan, x: x)
    }
}
