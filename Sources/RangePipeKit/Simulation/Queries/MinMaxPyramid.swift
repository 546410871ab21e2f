/// Range min/max over a value array, NaN skipped: level 0 holds each
/// 32-value block's min and max, each higher level pairs up the one below.
/// Every node also keeps the first index of its min and of its max, so an
/// arg query never descends, and all levels live in one flat buffer of
/// 24-byte nodes, so a node costs one cache line.
///
/// Memory is about 1.5 bytes per value (one node per 32 values, doubled by
/// the levels above). A query scans at most two partial blocks and touches
/// two nodes per level.
/// - Complexity: build O(n); query O(log n + 64).
public struct MinMaxPyramid: Sendable {
    /// log2 of the values per level-0 node.
    public static let blockShift = 5
    /// Values per level-0 node.
    public static let blockSize = 1 << blockShift

    /// The min and max of a node's values and their first indices;
    /// `absent` indices (and ±infinity) when all of them are missing.
    struct Node: Sendable {
        var min: Double
        var max: Double
        var argMin: UInt32
        var argMax: UInt32
    }

    static let absent = UInt32.max
    /// `levelStart` with no levels, shared.
    private static let noLevels = [0]
    private static let empty = Node(min: .infinity, max: -.infinity, argMin: absent, argMax: absent)

    /// All levels, level 0 first.
    var nodes: [Node] = []
    /// Where each level starts in `nodes`, plus the end.
    var levelStart: [Int] = [0]
    /// The number of values it was built on.
    public let count: Int

    /// - Precondition: fewer than 2^32 - 1 values (node indices are 32-bit,
    ///   which keeps a node in 24 bytes; such a series would need 64 GiB).
    public init(_ values: [Double]) {
        precondition(values.count < Int(Self.absent), "a series of 2^32 points or more is not supported")
        count = values.count
        // Under one block every query scans the values: no nodes to build
        // (a fleet of small series allocates nothing here).
        guard values.count >= Self.blockSize else {
            levelStart = Self.noLevels
            return
        }
        let blocks = (values.count + Self.blockSize - 1) >> Self.blockShift
        nodes.reserveCapacity(2 * blocks + 64)
        Self.withStorage(values) { v in
            for b in 0 ..< blocks {
                let start = b << Self.blockShift, end = Swift.min(v.count, start + Self.blockSize)
                // Min and max as selects (vectorised; NaN never wins), then
                // the first index holding each: none when all are missing.
                var mn = Double.infinity, mx = -Double.infinity
                for i in start ..< end {
                    let x = v[i]
                    mn = x < mn ? x : mn
                    mx = x > mx ? x : mx
                }
                var node = Self.empty
                for i in start ..< end where v[i] == mn { node.min = mn; node.argMin = UInt32(i); break }
                for i in start ..< end where v[i] == mx { node.max = mx; node.argMax = UInt32(i); break }
                nodes.append(node)
            }
        }
        levelStart.append(nodes.count)
        while levelStart[levelStart.count - 1] - levelStart[levelStart.count - 2] > 1 {
            let below = levelStart[levelStart.count - 2], width = levelStart[levelStart.count - 1] - below
            for j in 0 ..< (width + 1) / 2 {
                var node = nodes[below + 2 * j]
                if 2 * j + 1 < width { Self.merge(&node, nodes[below + 2 * j + 1]) }
                nodes.append(node)
            }
            levelStart.append(nodes.count)
        }
    }

    /// Folds `other`, anywhere in the range, into `node`: on a tie the
    /// lower index wins, so nodes can be visited in any order.
    @inline(__always)
    private static func merge(_ node: inout Node, _ other: Node) {
        if other.argMin != absent,
           node.argMin == absent || other.min < node.min || (other.min == node.min && other.argMin < node.argMin) {
            node.min = other.min; node.argMin = other.argMin
        }
        if other.argMax != absent,
           node.argMax == absent || other.max > node.max || (other.max == node.max && other.argMax < node.argMax) {
            node.max = other.max; node.argMax = other.argMax
        }
    }

    /// The fold of `values[lo..<hi]`: partial blocks scanned, whole blocks
    /// taken from the levels.
    @inline(__always)
    private func fold<Values: RandomAccessCollection>(_ values: Values, _ lo: Int, _ hi: Int) -> Node
    where Values.Element == Double, Values.Index == Int {
        var result = Self.empty
        // In index order: strict comparisons keep the first index of a tie.
        @inline(__always) func scan(_ from: Int, _ to: Int) {
            for i in from ..< to {
                let x = values[i]
                if x < result.min || (result.argMin == Self.absent && x == x) { result.min = x; result.argMin = UInt32(i) }
                if x > result.max || (result.argMax == Self.absent && x == x) { result.max = x; result.argMax = UInt32(i) }
            }
        }
        let firstFull = (lo + Self.blockSize - 1) >> Self.blockShift
        let endFull = hi >> Self.blockShift
        if firstFull >= endFull {
            scan(lo, hi)
            return result
        }
        scan(lo, firstFull << Self.blockShift)
        withLevels { nodes, levelStart in
            var l = firstFull, r = endFull, level = 0
            while l < r {
                let base = levelStart[level]
                if l & 1 == 1 { Self.merge(&result, nodes[base + l]); l += 1 }
                if r & 1 == 1 { r -= 1; Self.merge(&result, nodes[base + r]) }
                l >>= 1
                r >>= 1
                level += 1
            }
        }
        // The right partial block comes after every node: ties keep the earlier index.
        scan(endFull << Self.blockShift, hi)
        return result
    }

    /// Min and max of `values[lo..<hi]` over non-missing values; nil when
    /// there are none. `values` must be the array the pyramid was built on.
    ///
    /// Values only, no indices: the partial blocks are plain min/max loops
    /// (vectorised; NaN never wins a comparison) and an empty node's
    /// ±infinity never wins either, so none is nil exactly when min > max.
    /// - Complexity: O(log n + 64).
    public func minMax(_ values: [Double], _ lo: Int, _ hi: Int) -> (min: Double, max: Double)? {
        guard hi > lo else { return nil }
        var mn = Double.infinity, mx = -Double.infinity
        let firstFull = (lo + Self.blockSize - 1) >> Self.blockShift
        let endFull = hi >> Self.blockShift
        Self.withStorage(values) { v in
            @inline(__always) func scan(_ from: Int, _ to: Int) {
                for i in from ..< to {
                    let x = v[i]
                    mn = x < mn ? x : mn
                    mx = x > mx ? x : mx
                }
            }
            if firstFull >= endFull {
                scan(lo, hi)
                return
            }
            scan(lo, firstFull << Self.blockShift)
            scan(endFull << Self.blockShift, hi)
        }
        if firstFull < endFull {
            withLevels { nodes, levelStart in
                var l = firstFull, r = endFull, level = 0
                while l < r {
                    let base = levelStart[level]
                    if l & 1 == 1 { mn = Swift.min(mn, nodes[base + l].min); mx = Swift.max(mx, nodes[base + l].max); l += 1 }
                    if r & 1 == 1 { r -= 1; mn = Swift.min(mn, nodes[base + r].min); mx = Swift.max(mx, nodes[base + r].max) }
                    l >>= 1
                    r >>= 1
                    level += 1
                }
            }
        }
        return mn <= mx ? (mn, mx) : nil
    }

    /// The first indices of the minimum and the maximum of `values[lo..<hi]`
    /// (NaN skipped), or nil when all are missing.
    /// - Complexity: O(log n + 64).
    @inline(__always)
    public func argMinMax<Values: RandomAccessCollection>(_ values: Values, _ lo: Int, _ hi: Int) -> (min: Int, max: Int)?
    where Values.Element == Double, Values.Index == Int {
        guard hi > lo else { return nil }
        let node = fold(values, lo, hi)
        return node.argMin == Self.absent ? nil : (Int(node.argMin), Int(node.argMax))
    }

    /// The number of 32-value blocks with a node (none under one block).
    var blockCount: Int { levelStart.count > 1 ? levelStart[1] : 0 }

    /// Whether block `b` (32 values) has no non-missing value.
    func blockIsEmpty(_ b: Int) -> Bool { nodes[b].argMin == Self.absent }
}
