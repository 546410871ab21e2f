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
            values.withUnsafeBufferPointer { Series.range(of: $0) }
        }

        public var missingCount: Int {
            values.withUnsafeBufferPointer { values in
                var missing = 0
                for v in values { missing &+= v.isNaN ? 1 : 0 }
                return missing
            }
        }

        /// Equal names and values, with missing (NaN) equal to missing.
        public static func == (l: Field, r: Field) -> Bool {
            // NaN-aware: missing equals missing.
            l.name == r.name && l.values.count == r.values.count
                && zip(l.values, r.values).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
        }
    }

    /// A series from its columns; `x` and every field have the same count.
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

extension Series {
    /// Minimum and maximum over non-missing values, or nil if all are
    /// missing. Written as selects (a NaN compares false and is skipped)
    /// so the loop vectorises.
    /// - Complexity: O(n).
    static func range(of values: UnsafeBufferPointer<Double>) -> (min: Double, max: Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        for v in values {
            lo = v < lo ? v : lo
            hi = v > hi ? v : hi
        }
        return lo <= hi ? (lo, hi) : nil
    }
}
