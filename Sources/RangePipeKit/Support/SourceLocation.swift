/// Where in an input something happened: `file:line:col`, 1-based.
///
/// For CSV the column is the field's index; for NDJSON and JSON it is the
/// byte offset in the line, as SPEC section 1 says.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int

    /// A position: `line` and `column` are 1-based.
    public init(file: String, line: Int, column: Int) {
        self.file = file
        self.line = line
        self.column = column
    }

    /// `file:line:column`, as messages print it.
    public var description: String { "\(file):\(line):\(column)" }
}
