extension RowGroups {
    /// The counting sort over raw buffers: no bounds or uniqueness check
    /// per row (every series index is below `seriesCount`, and each
    /// position is written exactly once, so `rows` is fully initialized).
    static func sorted(_ series: [Int32], seriesCount: Int) -> (rows: [Int32], ends: [Int]) {
        var next = [Int](repeating: 0, count: seriesCount)
        let rows = series.withUnsafeBufferPointer { s in
            next.withUnsafeMutableBufferPointer { n in
                for k in s { n[Int(k)] += 1 }
                var total = 0
                for i in n.indices {
                    let count = n[i]
                    n[i] = total
                    total += count
                }
                return [Int32](unsafeUninitializedCapacity: s.count) { out, initialized in
                    for i in s.indices {
                        let k = Int(s[i])
                        out[n[k]] = Int32(truncatingIfNeeded: i)
                        n[k] += 1
                    }
                    initialized = s.count
                }
            }
        }
        // Each series' next position is now its end.
        return (rows, next)
    }

    /// The values of `column` at series `s`'s rows, in arrival order.
    /// Reserved and appended, not `init(unsafeUninitializedCapacity:)`:
    /// that allocates through the standard library's unspecialised path
    /// (a metadata lookup, ~550 instructions), paid per series of a fleet.
    /// - Complexity: O(rows of the series).
    func gather(_ column: [Double], series s: Int) -> [Double] {
        let range = range(of: s)
        var out: [Double] = []
        out.reserveCapacity(range.count)
        rows.withUnsafeBufferPointer { index in
            column.withUnsafeBufferPointer { values in
                for j in range { out.append(values[Int(index[j])]) }
            }
        }
        return out
    }
}
