/// What an `append` action adds to the series being played (issue 18): rows
/// written in the script, or the next rows of another series. Resolved
/// against the played series by `ScriptPlan` (x parsed, fields matched).
public enum AppendSpec: Sendable, Equatable {
    /// Rows as the script wrote them, in order.
    case rows([AppendRow])
    /// Up to `rows` rows of series `series` (from the store or `--input`)
    /// whose x comes after the played series' last x at the time, in order.
    case series(String, rows: Int)

    /// One written row: x as in windows, and its values.
    public struct AppendRow: Sendable, Equatable {
        /// x: a number, or text (an ISO time, a category label).
        public var x: XSpec
        /// The row's values.
        public var values: Values
        /// `events[2].rows[4]`, for messages.
        public var path: String

        /// A row at `x` with `values`, read at `path`.
        public init(x: XSpec, values: Values, path: String) {
            self.x = x
            self.values = values
            self.path = path
        }
    }

    /// A row's values: `[x, v1, v2, …]` in field order, or an object
    /// `{"x": …, "close": …}` naming fields (fields left out are missing).
    public enum Values: Sendable, Equatable {
        /// In field order; nil is missing (JSON null).
        case positional([Double?])
        /// By field name, in the order written; nil is missing.
        case named([(String, Double?)])

        public static func == (l: Values, r: Values) -> Bool {
            switch (l, r) {
            case let (.positional(a), .positional(b)): return a == b
            case let (.named(a), .named(b)): return a.map(\.0) == b.map(\.0) && a.map(\.1) == b.map(\.1)
            case (.positional, .named), (.named, .positional): return false
            }
        }
    }
}
