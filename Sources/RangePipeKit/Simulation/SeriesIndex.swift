/// One series' field, ready for per-frame queries: sorted x, values, and a
/// min/max pyramid built once (SPEC 4.9).
public struct SeriesIndex: Sendable {
    public let x: [Double]
    public let values: [Double]
    public let pyramid: MinMaxPyramid

    public init(x: [Double], values: [Double]) {
        precondition(x.count == values.count)
        self.x = x
        self.values = values
        self.pyramid = MinMaxPyramid(values)
    }

    public var count: Int { x.count }

    /// The first index with x ≥ a. - Complexity: O(log n).
    public func lowerBound(_ a: Double) -> Int {
        x.withUnsafeBufferPointer { xs in
            var lo = 0, hi = xs.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if xs[mid] < a { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// The first index with x > b. - Complexity: O(log n).
    public func upperBound(_ b: Double) -> Int {
        x.withUnsafeBufferPointer { xs in
            var lo = 0, hi = xs.count
            while lo < hi {
                let mid = (lo + hi) >> 1
                if xs[mid] <= b { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
    }

    /// Min and max of the values at indices `lo..<hi`, NaN skipped.
    public func minMax(_ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        values.withUnsafeBufferPointer { pyramid.minMax($0, max(lo, 0), min(hi, count)) }
    }

    /// The last index ≤ `i` whose value is not missing; skips all-missing
    /// blocks through the pyramid's first level.
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
