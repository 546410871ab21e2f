/// M4 decimation (Jugel et al., VLDB 2014) of the visible line for a chart
/// `width` pixels wide: per pixel column, the first, last, minimum and
/// maximum point, in x order without duplicates; plus the line's values
/// where the window cuts it at a and b. Missing values are skipped.
public enum M4 {
    public static func points(_ w: Window, _ values: ShownValues, width: Double) -> [(x: Double, y: Double)] {
        let index = values.index
        let columns = max(Int(width.rounded(.up)), 1)
        let i0 = index.lowerBound(w.a), i1 = index.upperBound(w.b)
        var out: [(x: Double, y: Double)] = []
        if i0 > 0, i0 < index.count, index.x[i0] > w.a, let y = values.lineValue(at: w.a) { out.append((w.a, y)) }
        let scale = Double(columns) / w.span
        var i = i0
        var picked: [Int] = []
        while i < i1 {
            // The column of point i, and the first index past that column.
            let column = min(Int((index.x[i] - w.a) * scale), columns - 1)
            var j = i
            var first = -1, last = -1, lo = -1, hi = -1
            while j < i1, min(Int((index.x[j] - w.a) * scale), columns - 1) == column {
                let v = values.value(j)
                if !v.isNaN {
                    if first < 0 { first = j }
                    last = j
                    if lo < 0 || v < values.value(lo) { lo = j }
                    if hi < 0 || v > values.value(hi) { hi = j }
                }
                j += 1
            }
            if first >= 0 {
                picked = [first, lo, hi, last]
                picked.sort()
                var previous = -1
                for k in picked where k != previous {
                    out.append((index.x[k], values.value(k)))
                    previous = k
                }
            }
            i = j
        }
        if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.b, let y = values.lineValue(at: w.b) { out.append((w.b, y)) }
        return out
    }
}
