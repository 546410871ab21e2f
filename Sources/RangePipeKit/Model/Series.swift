/// One series as the store keeps it: sorted x values and named value fields
/// of the same length, plus labels for category axes.
///
/// Missing values are NaN. x is never NaN and is sorted ascending (stable
/// with respect to arrival order for equal x under `--duplicates keep`).
public struct Series: Sendable, Equatable {
    public var name: String
    public var axis: Axis
    public var x: [Double]
    public var fields: [Field]
    /// Category labels by ordinal; empty unless `axis == .category`.
    public var categories: [String]

    /// One value column: a name and one value per x (NaN where missing).
    public struct Field: Sendable, Equatable {
        public var name: String
        public var values: [Double]

        /// A field named `name` holding `values`.
        public init(name: String, values: [Double]) {
            self.name = name
            self.values = values
        }

        /// Minimum and maximum over non-missing values, or nil if all are missing.
        public var range: (min: Double, max: Double)? {
            Series.range(of: values[...])
        }

        public var missingCount: Int {
            Series.missingCount(of: values)
        }

        /// Equal names and values, with missing (NaN) equal to missing.
        public static func == (l: Field, r: Field) -> Bool {
            // NaN-aware: missing equals missing.
            l.name == r.name && l.values.count == r.values.count
                && zip(l.values, r.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    }

    /// A series from its columns; `x` and every field have the same count.
    /// The largest magnitude of a number x or a value: ±1e300 leaves
    /// room for any span times any pixel count (and padding) to stay
    /// finite, so no window arithmetic overflows. Ingest refuses larger.
    public static let magnitudeLimit = 1e300

    public init(name: String, axis: Axis, x: [Double], fields: [Field], categories: [String] = []) {
        self.name = name
        self.axis = axis
        self.x = x
        self.fields = fields
        self.categories = categories
    }

    public var count: Int { x.count }

    /// The field of this name, if any.
    /// - Complexity: O(fields).
    public func field(named name: String) -> Field? { fields.first { $0.name == name } }
}
