/// M4 on a log or ordinal x scale: pixel columns uniform in view units u
/// (by index on ordinal, by ln x on log), the line cut at the window's
/// edges where the drawn (straight in u) segment crosses them.
extension M4 {
    /// The decimated line of `values` in window `w` (x) whose view window
    /// is `u`, on a chart `width` px wide, on any x scale; points keep their
    /// x. The one place that chooses between the linear path (u = x, the
    /// pyramid's galloping columns) and the scaled one (columns uniform in u).
    /// - Complexity: O(width · log n) for static values, O(points) in flight.
    public static func points(_ w: Window, view u: Window, _ scale: XScale, _ values: ShownValues,
                              width: Double) -> [(x: Double, y: Double)] {
        scale.isLinear ? points(w, values, width: width) : scaledPoints(w, view: u, scale, values, width: width)
    }

    /// `points(_:view:_:_:width:)` on a log or ordinal scale.
    static func scaledPoints(_ w: Window, view u: Window, _ scale: XScale, _ values: ShownValues,
                             width: Double) -> [(x: Double, y: Double)] {
        let index = values.index, us = scale.us
        let columns = max(Int(width.rounded(.up)), 1)
        let i0 = index.lowerBound(w.lower), i1 = index.upperBound(w.upper)
        let perUnit = Double(columns) / u.span
        func column(_ v: Double) -> Int { max(min(Int((v - u.lower) * perUnit), columns - 1), 0) }
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(4 * columns + 2)
        if i0 > 0, i0 < index.count, index.x[i0] > w.lower, let y = lineValue(at: u.lower, i0, us, values) { out.append((w.lower, y)) }
        let isStatic = values.inFlight == nil && values.clampMin == nil
        var start = i0
        while start < i1 {
            let col = column(us[start])
            let end = us.partitionPoint(from: start + 1, to: i1) { column($0) <= col }
            var first: Int?, last: Int?, lo = -1, hi = -1
            if isStatic {
                if let (mn, mx) = index.pyramid.argMinMax(index.values, start, end) {
                    (first, last, lo, hi) = (index.firstPresent(atOrAfter: start, before: end), index.lastPresent(atOrBefore: end - 1), mn, mx)
                }
            } else {
                for j in start ..< end {
                    let v = values.value(j)
                    guard !v.isNaN else { continue }
                    if first == nil { first = j }
                    last = j
                    if lo < 0 || v < values.value(lo) { lo = j }
                    if hi < 0 || v > values.value(hi) { hi = j }
                }
            }
            if let first, let last {
                // first ≤ lo, hi ≤ last: only lo and hi need ordering.
                let (p, q) = lo <= hi ? (lo, hi) : (hi, lo)
                out.append((index.x[first], values.value(first)))
                if p != first { out.append((index.x[p], values.value(p))) }
                if q != p { out.append((index.x[q], values.value(q))) }
                if last != q { out.append((index.x[last], values.value(last))) }
            }
            start = end
        }
        if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.upper, let y = lineValue(at: u.upper, i1, us, values) { out.append((w.upper, y)) }
        return out
    }

    /// The value where the segment from point i − 1 to point i, straight in
    /// u, crosses view position `v` (nil across a missing value).
    static func lineValue(at v: Double, _ i: Int, _ us: [Double], _ values: ShownValues) -> Double? {
        let y0 = values.value(i - 1), y1 = values.value(i)
        guard !y0.isNaN, !y1.isNaN else { return nil }
        return y0 + (y1 - y0) * ((v - us[i - 1]) / (us[i] - us[i - 1]))
    }
}
