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

    /// The first index in `start + 1 ..< end` whose x is not `inColumn`
    /// (or `end`), for x sorted and `inColumn(xs[start])`: gallops from
    /// `guess` in whichever direction the answer lies, then bisects.
    /// - Complexity: O(log d), d the distance from `guess` to the answer.
    @inline(__always)
    static func nextColumnStart<Column: RandomAccessCollection>(_ xs: Column, _ start: Int, _ end: Int, guess: Int,
                                                              inColumn: (Double) -> Bool) -> Int
    where Column.Element == Double, Column.Index == Int {
        // The answer lies in (below, above]: xs[below] in the column (or below == start), above == end or xs[above] not.
        var below = start, above = end
        let g = min(max(guess, start + 1), end)
        if g < end, inColumn(xs[g]) {
            below = g
            var step = 1
            while below + step < end {
                if !inColumn(xs[below + step]) { above = below + step; break }
                below += step
                step <<= 1
            }
        } else {
            above = g
            var step = 1
            while above - step > start {
                if inColumn(xs[above - step]) { below = above - step; break }
                above -= step
                step <<= 1
            }
        }
        return xs.partitionPoint(from: below + 1, to: above, isBelow: inColumn)
    }

    /// The decimated line of `values` in window `w` on a chart `width` px wide.
    public static func points(_ w: Window, _ values: ShownValues, width: Double) -> [(x: Double, y: Double)] {
        let index = values.index
        let columns = max(Int(width.rounded(.up)), 1)
        let i0 = index.lowerBound(w.lower), i1 = index.upperBound(w.upper)
        var out: [(x: Double, y: Double)] = []
        out.reserveCapacity(4 * columns + 2)
        if i0 > 0, i0 < index.count, index.x[i0] > w.lower, let y = values.lineValue(at: w.lower) { out.append((w.lower, y)) }
        let scale = Double(columns) / w.span
        /// The four picks in x order, each once.
        func emit(_ first: Int, _ lo: Int, _ hi: Int, _ last: Int) {
            // first ≤ lo, hi ≤ last: only lo and hi need ordering.
            let (p, q) = lo <= hi ? (lo, hi) : (hi, lo)
            out.append((index.x[first], values.value(first)))
            if p != first { out.append((index.x[p], values.value(p))) }
            if q != p { out.append((index.x[q], values.value(q))) }
            if last != q { out.append((index.x[last], values.value(last))) }
        }
        if values.inFlight == nil, values.clampMin == nil {
            index.withStorage { xs, vs in
                var start = i0
                // Columns hold similar counts: each search starts where the last column's width points.
                var width = max((i1 - i0) / columns, 1)
                while start < i1 {
                    let col = column(xs[start], w.lower, scale, columns)
                    let end = nextColumnStart(xs, start, i1, guess: start + width) { column($0, w.lower, scale, columns) <= col }
                    width = end - start
                    if let (mn, mx) = index.pyramid.argMinMax(vs, start, end),
                       let first = index.firstPresent(atOrAfter: start, before: end),
                       let last = index.lastPresent(atOrBefore: end - 1) {
                        emit(first, mn, mx, last)
                    }
                    start = end
                }
            }
        } else {
            var i = i0
            while i < i1 {
                let col = column(index.x[i], w.lower, scale, columns)
                var j = i
                var first = -1, last = -1, lo = -1, hi = -1
                while j < i1, column(index.x[j], w.lower, scale, columns) == col {
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
        if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.upper, let y = values.lineValue(at: w.upper) { out.append((w.upper, y)) }
        return out
    }
}
