/// Range min/max over a value array, NaN skipped: level 0 holds each
/// 32-value block's min and max, each higher level pairs up the one below.
///
/// Memory is about one byte per value (two Float64 per 32 values, doubled
/// by the levels above). A query scans at most two partial blocks and
/// touches two nodes per level.
/// - Complexity: build O(n); query O(log n + 64).
public struct MinMaxPyramid: Sendable {
    public static let blockShift = 5
    public static let blockSize = 1 << blockShift

    /// `mins[level][node]`, `maxs[level][node]`; ±infinity for all-missing nodes.
    public private(set) var mins: [[Double]] = []
    public private(set) var maxs: [[Double]] = []
    public let count: Int

    public init(_ values: [Double]) {
        count = values.count
        let blocks = (values.count + Self.blockSize - 1) >> Self.blockShift
        var lo = [Double](repeating: .infinity, count: blocks)
        var hi = [Double](repeating: -.infinity, count: blocks)
        values.withUnsafeBufferPointer { v in
            for b in 0 ..< blocks {
                var mn = Double.infinity, mx = -Double.infinity
                let end = min(v.count, (b + 1) << Self.blockShift)
                for i in (b << Self.blockShift) ..< end {
                    let x = v[i]
                    // NaN compares false both ways, so it never wins.
                    if x < mn { mn = x }
                    if x > mx { mx = x }
                }
                lo[b] = mn
                hi[b] = mx
            }
        }
        mins.append(lo)
        maxs.append(hi)
        while mins[mins.count - 1].count > 1 {
            let below = mins.count - 1
            let n = (mins[below].count + 1) / 2
            var l = [Double](repeating: .infinity, count: n), h = [Double](repeating: -.infinity, count: n)
            for j in 0 ..< n {
                let a = 2 * j, b = 2 * j + 1
                l[j] = b < mins[below].count ? min(mins[below][a], mins[below][b]) : mins[below][a]
                h[j] = b < maxs[below].count ? max(maxs[below][a], maxs[below][b]) : maxs[below][a]
            }
            mins.append(l)
            maxs.append(h)
        }
    }

    /// Min and max of `values[lo..<hi]` over non-missing values; nil when
    /// there are none. `values` must be the array the pyramid was built on.
    public func minMax(_ values: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        var mn = Double.infinity, mx = -Double.infinity
        if hi <= lo { return nil }
        let firstFull = (lo + Self.blockSize - 1) >> Self.blockShift
        let endFull = hi >> Self.blockShift
        if firstFull >= endFull {
            for i in lo ..< hi { let x = values[i]; if x < mn { mn = x }; if x > mx { mx = x } }
        } else {
            for i in lo ..< (firstFull << Self.blockShift) { let x = values[i]; if x < mn { mn = x }; if x > mx { mx = x } }
            for i in (endFull << Self.blockShift) ..< hi { let x = values[i]; if x < mn { mn = x }; if x > mx { mx = x } }
            var l = firstFull, r = endFull, level = 0
            while l < r {
                if l & 1 == 1 {
                    mn = min(mn, mins[level][l]); mx = max(mx, maxs[level][l]); l += 1
                }
                if r & 1 == 1 {
                    r -= 1; mn = min(mn, mins[level][r]); mx = max(mx, maxs[level][r])
                }
                l >>= 1
                r >>= 1
                level += 1
            }
        }
        return mn <= mx ? (mn, mx) : nil
    }

    /// The first indices of the minimum and the maximum of `values[lo..<hi]`
    /// (NaN skipped), or nil when all are missing: the nodes covering the
    /// range are compared, then the winning node is descended to its block.
    /// - Complexity: O(log n + 64).
    public func argMinMax(_ values: UnsafeBufferPointer<Double>, _ lo: Int, _ hi: Int) -> (min: Int, max: Int)? {
        guard hi > lo else { return nil }
        var minIndex = -1, maxIndex = -1
        var mn = Double.infinity, mx = -Double.infinity
        func scan(_ from: Int, _ to: Int) {
            for i in from ..< to {
                let v = values[i]
                if v < mn { mn = v; minIndex = i }
                if v > mx { mx = v; maxIndex = i }
            }
        }
        let firstFull = (lo + Self.blockSize - 1) >> Self.blockShift
        let endFull = hi >> Self.blockShift
        if firstFull >= endFull {
            scan(lo, hi)
        } else {
            // Left partial, then nodes left to right, then right partial, so ties keep the first index.
            scan(lo, firstFull << Self.blockShift)
            var left: [(level: Int, node: Int)] = [], right: [(level: Int, node: Int)] = []
            var l = firstFull, r = endFull, level = 0
            while l < r {
                if l & 1 == 1 { left.append((level, l)); l += 1 }
                if r & 1 == 1 { r -= 1; right.append((level, r)) }
                l >>= 1; r >>= 1; level += 1
            }
            var bestMin: (level: Int, node: Int)? = nil, bestMax: (level: Int, node: Int)? = nil
            for n in left + right.reversed() {
                if mins[n.level][n.node] < mn { mn = mins[n.level][n.node]; bestMin = n; minIndex = -1 }
                if maxs[n.level][n.node] > mx { mx = maxs[n.level][n.node]; bestMax = n; maxIndex = -1 }
            }
            let tailStart = max(endFull << Self.blockShift, lo)
            let beforeTail = (mn, mx)
            scan(tailStart, hi)
            if mn < beforeTail.0 { bestMin = nil }
            if mx > beforeTail.1 { bestMax = nil }
            if let n = bestMin { minIndex = descend(values, n, target: mn, isMin: true) }
            if let n = bestMax { maxIndex = descend(values, n, target: mx, isMin: false) }
        }
        guard minIndex >= 0, maxIndex >= 0 else { return nil }
        return (minIndex, maxIndex)
    }

    /// The first index under node `n` whose value is `target`.
    private func descend(_ values: UnsafeBufferPointer<Double>, _ n: (level: Int, node: Int), target: Double, isMin: Bool) -> Int {
        var level = n.level, node = n.node
        let table = isMin ? mins : maxs
        while level > 0 {
            let child = 2 * node
            level -= 1
            node = table[level][child] == target ? child : child + 1
        }
        let start = node << Self.blockShift
        for i in start ..< min(start + Self.blockSize, values.count) where values[i] == target { return i }
        return start
    }

    /// Whether block `b` (32 values) has no non-missing value.
    func blockIsEmpty(_ b: Int) -> Bool { mins[0][b] == .infinity }
}
