extension SpanSpec {
    /// Spans comparable without a series: (kind, value).
    var comparable: (kind: Int, value: Double)? {
        switch self {
        case let .units(v): return (0, v)
        case let .seconds(v, _): return (0, v)
        case let .points(k): return (1, Double(k))
        case let .fraction(f): return (2, f)
        }
    }
}

