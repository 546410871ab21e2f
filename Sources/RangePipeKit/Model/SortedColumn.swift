/// Binary searches over an ascending column of doubles (x values, sample
/// times): the one search every sorted lookup goes through.
extension RandomAccessCollection where Element == Double, Index == Int {
    /// The first index in `lo ..< hi` whose element is not `isBelow`, or
    /// `hi`; the elements in the range must be partitioned (all `isBelow`
    /// ones first).
    /// - Complexity: O(log(hi − lo)).
    @inline(__always)
    func partitionPoint(from lo: Int, to hi: Int, isBelow: (Double) -> Bool) -> Int {
        var lo = lo, hi = hi
        while lo < hi {
            let mid = (lo + hi) >> 1
            if isBelow(self[mid]) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first index whose element is ≥ `value` (or `endIndex`).
    /// - Complexity: O(log n).
    @inline(__always)
    func lowerBound(of value: Double) -> Int {
        partitionPoint(from: startIndex, to: endIndex) { $0 < value }
    }

    /// The first index whose element is > `value` (or `endIndex`).
    /// - Complexity: O(log n).
    @inline(__always)
    func upperBound(of value: Double) -> Int {
        partitionPoint(from: startIndex, to: endIndex) { $0 <= value }
    }
}
