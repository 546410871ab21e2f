/// One series' field, ready for per-frame queries: sorted x, values, and a
/// min/max pyramid built once (SPEC 4.9).
public struct SeriesIndex: Sendable {
    /// Sorted x values.
    public let x: [Double]
    /// The field's values (NaN where missing), one per x.
    public let values: [Double]
    /// Range min/max over `values`.
    public let pyramid: MinMaxPyramid

    /// Builds the pyramid over `values`.
    /// - Complexity: O(n).
    public init(x: [Double], values: [Double]) {
        precondition(x.count == values.count)
        self.x = x
        self.values = values
        self.pyramid = MinMaxPyramid(values)
    }

    /// The number of points.
    public var count: Int { x.count }

    /// The first index with x ≥ a.
    /// - Complexity: O(log n).
    public func lowerBound(_ a: Double) -> Int { x.lowerBound(of: a) }

    /// The first index with x > b.
    /// - Complexity: O(log n).
    public func upperBound(_ b: Double) -> Int { x.upperBound(of: b) }

    /// Min and max of the values at indices `lo..<hi`, NaN skipped.
    /// - Complexity: O(log n + 64).
    public func minMax(_ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        pyramid.minMax(values, max(lo, 0), min(hi, count))
    }

    /// The last index ≤ `i` whose value is not missing; skips all-missing
    /// blocks through the pyramid's first level.
    /// - Complexity: O(i / 32 + 32) worst case.
    public func lastPresent(atOrBefore i: Int) -> Int? {
        guard i >= 0 else { return nil }
        var k = min(i, count - 1)
        while k >= 0 {
            if !values[k].isNaN { return k }
            if k & (MinMaxPyramid.blockSize - 1) == 0 {
                // At a block start: skip whole empty blocks below.
                var b = (k >> MinMaxPyramid.blockShift) - 1
                while b >= 0, pyramid.blockIsEmpty(b) { b -= 1 }
                if b < 0 { return nil }
                k = ((b + 1) << MinMaxPyramid.blockShift) - 1
                continue
            }
            k -= 1
        }
        return nil
    }

    /// The first index ≥ `i` whose value is not missing (before `end`).
    /// - Complexity: O((end − i) / 32 + 32) worst case.
    public func firstPresent(atOrAfter i: Int, before end: Int) -> Int? {
        var k = max(i, 0)
        while k < end {
            if !values[k].isNaN { return k }
            if k & (MinMaxPyramid.blockSize - 1) == 0 {
                var b = k >> MinMaxPyramid.blockShift
                while b < pyramid.blockCount, (b + 1) << MinMaxPyramid.blockShift <= end, pyramid.blockIsEmpty(b) { b += 1 }
                if b << MinMaxPyramid.blockShift > k { k = b << MinMaxPyramid.blockShift; continue }
            }
            k += 1
        }
        return nil
    }
}
