/// An `append` event resolved for one series at plan time: the rows it adds
/// (x increasing, every one after the series' last x at that point), and
/// the window rules and preset buttons once they are in.
public struct AppendBatch: Sendable {
    /// The series' last x before the rows.
    public var lastBefore: Double
    /// The rows' x, increasing; empty when a source series had no rows left.
    public var x: [Double]
    /// The rows' values, one array per field of the series (NaN where missing).
    public var values: [[Double]]
    /// The window rules with the rows in (bounds and fraction spans follow the data).
    public var constraints: WindowConstraints
    /// The preset buttons with the rows in.
    public var presetButtons: [PresetButton]

    /// The series' last x after the rows.
    public var lastAfter: Double { x.last ?? lastBefore }
}
