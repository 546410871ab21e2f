/// A bad recording: where (`file:line` for NDJSON, `file: a[2].b` for a
/// JSON file) and what. The importer turns it into one error line, exit 65.
public struct RecordingFailure: Error, Sendable, CustomStringConvertible {
    /// `rec.ndjson:12` or `actions.json: actions[1].actions[3].type`.
    public var location: String
    /// What is wrong there.
    public var message: String

    /// A failure at `location`.
    public init(_ location: String, _ message: String) {
        self.location = location
        self.message = message
    }

    /// A failure at a `file:line:column` location.
    public init(_ location: SourceLocation, _ message: String) {
        self.init(location.description, message)
    }

    /// `location: message`, as the error line prints it.
    public var description: String { "\(location): \(message)" }
}
