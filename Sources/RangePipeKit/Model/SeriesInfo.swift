/// What `series` lists: a series' shape without its values.
public struct SeriesInfo: Sendable, Equatable {
    public var name: String
    public var axis: Axis
    public var points: Int
    public var xMin: Double?
    public var xMax: Double?
    public var fields: [FieldInfo]
    public var categories: [String]

    /// One field's name, value range and missing count.
    public struct FieldInfo: Sendable, Equatable {
        public var name: String
        public var min: Double?
        public var max: Double?
        public var missing: Int
    }

    /// The listing of `series`.
    /// - Complexity: O(points × fields).
    public init(_ series: Series) {
        name = series.name
        axis = series.axis
        points = series.count
        xMin = series.x.first
        xMax = series.x.last
        fields = series.fields.map { f in
            let r = f.range
            return FieldInfo(name: f.name, min: r?.min, max: r?.max, missing: f.missingCount)
        }
        categories = series.categories
    }

    init(name: String, axis: Axis, points: Int, xMin: Double?, xMax: Double?, fields: [FieldInfo], categories: [String]) {
        self.name = name
        self.axis = axis
        self.points = points
        self.xMin = xMin
        self.xMax = xMax
        self.fields = fields
        self.categories = categories
    }
}
