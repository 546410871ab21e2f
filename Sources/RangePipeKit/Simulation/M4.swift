/// M4 decimation (Jugel et al., VLDB 2014) of the visible line for a chart
/// `width` pixels wide: per pixel column, the first, last, minimum and
/// maximum point, in x order without duplicates; plus the line's values
/// where the window cuts it at a and b. Missing values are skipped.
///
/// Static values use the min/max pyramid: per column two binary searches
/// and two pyramid descents. In-flight spring values are scanned.
/// - Complexity: O(width · log n) for static values.
public enum M4 {
    /// The pixel column of x (the one rule both paths use).
    @inline(__always)
    static func column(_ x: Double, _ a: Double, _ scale: Double, _ columns: Int) -> Int {
        min(Int((x - a) * scale), columns - 1)
    }

    public static func points(_ w: Window, _ values: ShownValues, width: Double) -> [(x: Double, y: Double)] {
        let index = values.index
        let columns = max(Int(width.rounded(.up)), 1)
        let i0 = index.lowerBound(w.a), i1 = index.upperBound(w.b)
        var out: [(x: Double, y: Double)] = []
        if i0 > 0, i0 < index.count, index.x[i0] > w.a, let y = values.lineValue(at: w.a) { out.append((w.a, y)) }
        let scale = Double(columns) / w.span
        var picked: [Int] = []
        picked.reserveCapacity(4)
        func emit(_ first: Int, _ lo: Int, _ hi: Int, _ last: Int) {
            picked.removeAll(keepingCapacity: true)
            picked.append(first); picked.append(lo); picked.append(hi); picked.append(last)
            picked.sort()
            var previous = -1
            for k in picked where k != previous {
                out.append((index.x[k], values.value(k)))
                previous = k
            }
        }
        if values.inFlight == nil, values.clampMin == nil {
            index.x.withUnsafeBufferPointer { xs in
                index.values.withUnsafeBufferPointer { vs in
                    var start = i0
                    while start < i1 {
                        let col = column(xs[start], w.a, scale, columns)
                        // The first index of a later column: binary search on the column rule.
                        var lo = start + 1, hi = i1
                        while lo < hi {
                            let mid = (lo + hi) >> 1
                            if column(xs[mid], w.a, scale, columns) <= col { lo = mid + 1 } else { hi = mid }
                        }
                        let end = lo
                        if let (mn, mx) = index.pyramid.argMinMax(vs, start, end),
                           let first = index.firstPresent(atOrAfter: start, before: end),
                           let last = index.lastPresent(atOrBefore: end - 1) {
                            emit(first, mn, mx, last)
                        }
                        start = end
                    }
                }
            }
        } else {
            var i = i0
            while i < i1 {
                let col = column(index.x[i], w.a, scale, columns)
                var j = i
                var first = -1, last = -1, lo = -1, hi = -1
                while j < i1, column(index.x[j], w.a, scale, columns) == col {
                    let v = values.value(j)
                    if !v.isNaN {
                        if first < 0 { first = j }
                        last = j
                        if lo < 0 || v < values.value(lo) { lo = j }
                        if hi < 0 || v > values.value(hi) { hi = j }
                    }
                    j += 1
                }
                if first >= 0 { emit(first, lo, hi, last) }
                i = j
            }
        }
        if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.b, let y = values.lineValue(at: w.b) { out.append((w.b, y)) }
        return out
    }
}
