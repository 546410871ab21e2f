/// The values a frame shows: the field's own (static, answered by the
/// min/max pyramid) or a spring's in-flight values (scanned), with
/// `clampMin` applied as the chart draws them.
public struct ShownValues {
    /// The shown field's index (x, its own values, the pyramid).
    public let index: SeriesIndex
    /// A spring's in-flight values, when one runs.
    public let inFlight: [Double]?
    /// Values below this are drawn at it.
    public let clampMin: Double?
    /// The shown field's number in the series (the pictures name it).
    public let field: Int

    /// The values shown for `index`'s field (number `field`), in flight or clamped.
    public init(index: SeriesIndex, inFlight: [Double]?, clampMin: Double?, field: Int = 0) {
        self.index = index
        self.field = field
        self.inFlight = inFlight
        self.clampMin = clampMin
    }

    /// The value drawn at index i (NaN when missing).
    @inline(__always)
    public func value(_ i: Int) -> Double {
        let v = inFlight?[i] ?? index.values[i]
        if let floor = clampMin, !v.isNaN { return max(v, floor) }
        return v
    }

    /// Min and max over indices lo..<hi, NaN skipped.
    /// - Complexity: O(log n + 64) static, O(hi − lo) in flight.
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
    /// - Complexity: O(log n).
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
    /// - Complexity: O(i) worst case; static values skip empty blocks.
    public func lastPresent(atOrBefore i: Int) -> Int? {
        guard inFlight != nil else { return index.lastPresent(atOrBefore: i) }
        var k = min(i, index.count - 1)
        while k >= 0 { if !value(k).isNaN { return k }; k -= 1 }
        return nil
    }
}
