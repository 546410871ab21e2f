/// The per-frame questions of SPEC 4.9 about the shown values in a window:
/// the fitted y-range, the annotation, and the crosshair's point.
public enum FrameQuery {
    /// The auto-fitted y-range of a window (SPEC 4.9 `y.fit`).
    /// - Complexity: O(log n) for static values.
    public static func yRange(_ w: Window, _ values: ShownValues, _ settings: YSettings) -> (min: Double, max: Double)? {
        let index = values.index
        let i0 = index.lowerBound(w.lower), i1 = index.upperBound(w.upper)
        var lo = Double.infinity, hi = -Double.infinity
        func take(_ r: (min: Double, max: Double)?) {
            if let r { lo = min(lo, r.min); hi = max(hi, r.max) }
        }
        switch settings.fit {
        case .none, .manual:
            // manual: the y-window is the simulator's (`ViewSimulator.yWindow`).
            return nil
        case .points:
            take(values.minMax(i0, i1))
        case .neighbours:
            take(values.minMax(i0 - 1, i1 + 1))
        case .edges:
            take(values.minMax(i0, i1))
            // Where the window cuts a segment, the line's value at the cut.
            if i0 < index.count, i0 > 0, index.x[i0] > w.lower, let v = values.lineValue(at: w.lower) { take((v, v)) }
            if i1 > 0, i1 < index.count, index.x[i1 - 1] < w.upper, let v = values.lineValue(at: w.upper) { take((v, v)) }
        }
        guard lo <= hi else { return nil }
        let pad = settings.padding * (hi - lo)
        lo -= pad
        hi += pad
        if settings.includeZero { lo = min(lo, 0); hi = max(hi, 0) }
        return (lo, hi)
    }

    /// The value annotation (SPEC 4.9 `annotation.source`).
    /// - Complexity: O(log n) for static values.
    public static func annotation(_ w: Window, _ values: ShownValues, _ settings: AnnotationSettings) -> Annotation? {
        let index = values.index
        switch settings.source {
        case .lastVisible:
            guard let i = values.lastPresent(atOrBefore: index.upperBound(w.upper) - 1) else { return nil }
            let y = values.value(i)
            return Annotation(x: index.x[i], pointIndex: i, y: y, visible: index.x[i] >= w.lower)
        case .last:
            guard let i = values.lastPresent(atOrBefore: index.count - 1) else { return nil }
            let y = values.value(i), x = index.x[i]
            return Annotation(x: x, pointIndex: i, y: y, visible: x >= w.lower && x <= w.upper)
        case .edge:
            guard let y = values.lineValue(at: w.upper) else { return nil }
            return Annotation(x: w.upper, pointIndex: nil, y: y, visible: true)
        }
    }

    /// The crosshair's point (SciChart's RolloverModifier, snapping): of the
    /// points in `w` with a value, the one whose x is nearest `x` (a tie
    /// goes to the earlier); nil when `w` shows none.
    /// - Complexity: O(log n) plus the missing values skipped.
    public static func nearest(_ x: Double, in w: Window, _ values: ShownValues) -> (x: Double, y: Double)? {
        let index = values.index
        let lo = index.lowerBound(w.lower), hi = index.upperBound(w.upper)
        guard lo < hi else { return nil }
        let k = min(max(index.lowerBound(x), lo), hi - 1)
        // The nearest present point at or after k, and before it.
        var after = k
        while after < hi, values.value(after).isNaN { after += 1 }
        let before = k > lo ? values.lastPresent(atOrBefore: k - 1).flatMap { $0 >= lo ? $0 : nil } : nil
        let pick: Int
        switch (before, after < hi ? after : nil) {
        case (nil, nil): return nil
        case let (b?, nil): pick = b
        case let (nil, a?): pick = a
        case let (b?, a?): pick = x - index.x[b] <= index.x[a] - x ? b : a
        }
        return (index.x[pick], values.value(pick))
    }
}
