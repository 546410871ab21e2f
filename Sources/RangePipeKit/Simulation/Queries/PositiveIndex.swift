/// A field's values as a log y-axis sees them: positive values in a second
/// min/max pyramid (zero and negatives as missing), and a running count of
/// the non-positive ones, so a window's log fit and its left-out count
/// stay O(log n) like the linear fit.
public struct PositiveIndex: Sendable {
    /// The field's values with every value ≤ 0 replaced by NaN.
    public let values: [Double]
    /// Range min/max over `values`.
    public let pyramid: MinMaxPyramid
    /// `nonPositiveBefore[i]`: how many of the first i values are ≤ 0
    /// (missing values are not counted).
    public let nonPositiveBefore: [Int]

    /// Builds the positive-only values, their pyramid and the count.
    /// - Complexity: O(n).
    public init(values source: [Double]) {
        var values = source, before = [Int](repeating: 0, count: source.count + 1)
        var n = 0
        for i in source.indices {
            // NaN fails `<= 0`: missing stays missing and is not counted.
            if source[i] <= 0 { values[i] = .nan; n += 1 }
            before[i + 1] = n
        }
        self.values = values
        pyramid = MinMaxPyramid(values)
        nonPositiveBefore = before
    }

    /// Min and max of the positive values at indices lo..<hi.
    /// - Complexity: O(log n + 64).
    public func minMax(_ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        pyramid.minMax(values, max(lo, 0), min(hi, values.count))
    }

    /// The number of values ≤ 0 at indices lo..<hi.
    /// - Complexity: O(1).
    public func nonPositiveCount(_ lo: Int, _ hi: Int) -> Int {
        let lo = max(lo, 0), hi = min(hi, values.count)
        return hi > lo ? nonPositiveBefore[hi] - nonPositiveBefore[lo] : 0
    }
}
