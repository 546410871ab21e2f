/// A parsed recording before it is cut into script events: the inputs in
/// time order and the layout the recording itself gave, if any.
public struct RecordedInput: Sendable, Equatable {
    /// The chart's element rectangles written in the recording (the
    /// pointer-ndjson `layout` line); nil for formats that carry none.
    public var layout: RecordingLayout?
    /// The inputs, times never going back.
    public var actions: [RecordedAction]
    /// The time (ms) the recording's clock counts from: event times are
    /// written as seconds since it.
    public var origin: Double

    /// A recording of `actions` counted from `origin` ms.
    public init(layout: RecordingLayout?, actions: [RecordedAction], origin: Double) {
        self.layout = layout
        self.actions = actions
        self.origin = origin
    }
}
