/// A recording cut into the raw pointer events of a script: what
/// `script from-events` writes.
public struct RecordedSession: Sendable, Equatable {
    /// The layout the inputs were located with (the areas' sizes become the
    /// script's `overview` and `main`).
    public var layout: RecordingLayout
    /// The events in time order.
    public var events: [RecordedEvent]
    /// The recording's clock origin (ms): `at` counts from it.
    public var origin: Double
    /// Contacts that went down outside both areas and were left out.
    public var droppedContacts: Int

    /// A session of `events` located with `layout`.
    public init(layout: RecordingLayout, events: [RecordedEvent], origin: Double, droppedContacts: Int = 0) {
        self.layout = layout
        self.events = events
        self.origin = origin
        self.droppedContacts = droppedContacts
    }

    /// Reads a recording in `format` and cuts it into events. `layout`
    /// (from `--layout`) wins over one the recording carries.
    /// - Throws: `RangePipeError.invalid` with the location (exit 65) for a
    ///   bad recording, or when there is no layout at all.
    /// - Complexity: O(n log n) in the recording's inputs.
    public static func read(_ bytes: [UInt8], source: String, format: RecordingFormat, layout: RecordingLayout?) throws -> RecordedSession {
        do {
            let input: RecordedInput
            switch format {
            case .pointerNDJSON: input = try PointerNDJSONReader.read(bytes, source: source)
            case .webdriver: input = try WebDriverActionsReader.read(bytes, source: source)
            case .echartsRecorder: input = try EChartsRecorderReader.read(bytes, source: source)
            }
            guard let chosen = layout ?? input.layout else {
                throw RecordingFailure(source, "no layout: give --layout FILE with the chart's element rectangles"
                    + (format == .pointerNDJSON ? " (or a {\"type\": \"layout\"} first line)" : ""))
            }
            return try RecordedSession(input: input, layout: chosen)
        } catch let failure as RecordingFailure {
            throw RangePipeError.invalid(failure.description)
        }
    }

    /// Reads a `--layout` file: `{"overview": RECT, "main": RECT}`.
    /// - Throws: `RangePipeError.badData` for bad JSON, `.invalid` with the
    ///   JSON path for a bad rectangle.
    /// - Complexity: O(bytes).
    public static func readLayout(_ bytes: [UInt8], source: String) throws -> RecordingLayout {
        let root = try JSONValue.parse(bytes, file: source, or: RangePipeError.badData)
        do {
            return try RecordingLayout.read(root, file: source, path: "")
        } catch {
            throw RangePipeError.invalid(error.description)
        }
    }
}
