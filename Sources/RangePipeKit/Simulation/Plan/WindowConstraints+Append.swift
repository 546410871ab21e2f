/// The window rules after an `append` (issue 18): data bounds reach the new
/// last x, fraction spans scale with the new extent, and the default
/// minimum span (the smallest gap) takes in the new gaps.
extension WindowConstraints {
    /// These rules with `newX` (increasing, after `lastBefore`) added to the
    /// data; `grownX` is the sorted x with them in.
    /// - Throws: `RangePipeError.invalid` at `path` when a fraction minSpan
    ///   grows past a fixed maxSpan.
    /// - Complexity: O(k).
    func grown(by newX: [Double], over grownX: [Double], lastBefore: Double, _ settings: WindowSettings, _ path: String,
               _ fail: (String, String) -> RangePipeError) throws -> WindowConstraints {
        guard let newLast = newX.last else { return self }
        let upper: Double
        switch settings.bounds {
        case .data: upper = newLast
        case .range: upper = self.upper
        }
        let extent = upper - lower
        func grown(_ spec: SpanSpec?, _ old: SpanLimit?) -> SpanLimit? {
            switch spec {
            case let .fraction(f)?: return .width(f * extent)
            case .points?, .units?, .seconds?, nil: return old
            }
        }
        var minSpan = grown(settings.minSpan, self.minSpan)!
        if settings.minSpan == nil, case let .width(gap) = minSpan {
            var smallest = gap, previous = lastBefore
            for x in newX {
                if x - previous < smallest { smallest = x - previous }
                previous = x
            }
            minSpan = .width(smallest)
        }
        let maxSpan = grown(settings.maxSpan, self.maxSpan)
        if case let .width(lo) = minSpan, case let .width(hi)? = maxSpan, lo > hi {
            throw fail(path, "with the rows in, minSpan (\(lo.plainText)) is larger than maxSpan (\(hi.plainText))")
        }
        return WindowConstraints(lower: lower, upper: upper, minSpan: minSpan, maxSpan: maxSpan, x: grownX)
    }
}
