/// The values a frame shows: the field's own (static, answered by the
/// min/max pyramid) or a spring's in-flight values (scanned), with
/// `clampMin` applied as the chart draws them.
public struct ShownValues {
    public let index: SeriesIndex
    public let inFlight: [Double]?
    public let clampMin: Double?

    public init(index: SeriesIndex, inFlight: [Double]?, clampMin: Double?) {
        self.index = index
        self.inFlight = inFlight
        self.clampMin = clampMin
    }

    @inline(__always)
    public func value(_ i: Int) -> Double {
        let v = inFlight?[i] ?? index.values[i]
        if let floor = clampMin, !v.isNaN { return max(v, floor) }
        return v
    }

    /// Min and max over indices lo..<hi, NaN skipped.
    public func minMax(_ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        let lo = max(lo, 0), hi = min(hi, index.count)
        if let values = inFlight {
            var mn = Double.infinity, mx = -Double.infinity
            for i in lo ..< max(lo, hi) { let v = values[i]; if v < mn { mn = v }; if v > mx { mx = v } }
            guard mn <= mx else { return nil }
            return clamp((mn, mx))
        }
        return index.minMax(lo, hi).map(clamp)
    }

    private func clamp(_ r: (min: Double, max: Double)) -> (min: Double, max: Double) {
        guard let floor = clampMin else { return r }
        return (max(r.min, floor), max(r.max, floor))
    }

    /// The line's value at u (interpolated; nil across gaps and outside the data).
    public func lineValue(at u: Double) -> Double? {
        let x = index.x
        let i = index.lowerBound(u)
        if i < x.count, x[i] == u { let v = value(i); return v.isNaN ? nil : v }
        guard i > 0, i < x.count else { return nil }
        let y0 = value(i - 1), y1 = value(i)
        guard !y0.isNaN, !y1.isNaN else { return nil }
        return y0 + (y1 - y0) * ((u - x[i - 1]) / (x[i] - x[i - 1]))
    }

    /// The last index ≤ i with a value.
    public func lastPresent(atOrBefore i: Int) -> Int? {
        guard inFlight != nil else { return index.lastPresent(atOrBefore: i) }
        var k = min(i, index.count - 1)
        while k >= 0 { if !value(k).isNaN { return k }; k -= 1 }
        return nil
    }
}

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
        case .none:
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
    public static func annotation(_ w: Window, _ values: ShownValues, _ settings: AnnotationSettings) -> Annotation? {
        let index = values.index
        switch settings.source {
        case .lastVisible:
            guard let i = values.lastPresent(atOrBefore: index.upperBound(w.upper) - 1) else { return nil }
            let y = values.value(i)
            return Annotation(x: index.x[i], pointIndex: i, y: y, label: settings.format.format(y), visible: index.x[i] >= w.lower)
        case .last:
            guard let i = values.lastPresent(atOrBefore: index.count - 1) else { return nil }
            let y = values.value(i), x = index.x[i]
            return Annotation(x: x, pointIndex: i, y: y, label: settings.format.format(y), visible: x >= w.lower && x <= w.upper)
        case .edge:
            guard let y = values.lineValue(at: w.upper) else { return nil }
            return Annotation(x: w.upper, pointIndex: nil, y: y, label: settings.format.format(y), visible: true)
        }
    }
}
