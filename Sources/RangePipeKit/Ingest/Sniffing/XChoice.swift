/// Which column is x and why, for the summary and for messages that
/// depend on the choice.
public struct XChoice: Sendable {
    public var column: String
    public var index: Int
    /// "--x", "the only column of times", …
    public var reason: String
    public var profile: ColumnProfile?

    /// The x "column" of a file with no x column: each row's number within
    /// its series, from 1 (as pandas' RangeIndex numbers rows), on a number
    /// axis. `--x '(row number)'` asks for it.
    public static let rowNumber = "(row number)"

    /// The columns of a time written over several (`year,quarter`), in
    /// order; empty for one x column.
    public var parts: [Int] = []

    /// True when x is the row number rather than a column.
    public var isRowNumber: Bool { index < 0 }
}
