extension Series {
    /// Minimum and maximum over non-missing values, or nil if all are
    /// missing. Written as selects (a NaN compares false and is skipped)
    /// over a buffer, so the loop vectorises.
    /// - Complexity: O(n).
    static func range(of values: ArraySlice<Double>) -> (min: Double, max: Double)? {
        values.withUnsafeBufferPointer { values in
            var lo = Double.infinity, hi = -Double.infinity
            for v in values {
                lo = v < lo ? v : lo
                hi = v > hi ? v : hi
            }
            return lo <= hi ? (lo, hi) : nil
        }
    }

    /// How many of `values` are missing (NaN).
    /// - Complexity: O(n), vectorised.
    static func missingCount(of values: [Double]) -> Int {
        values.withUnsafeBufferPointer { values in
            var missing = 0
            for v in values { missing &+= v.isNaN ? 1 : 0 }
            return missing
        }
    }

    /// Whether `x` is ascending, and whether any two neighbours are equal
    /// (only meaningful when it is ascending).
    /// - Complexity: O(n) up to the first descent.
    static func order(of x: [Double]) -> (sorted: Bool, hasTies: Bool) {
        x.withUnsafeBufferPointer { xs in
            var hasTies = false
            for i in 1 ..< max(xs.count, 1) {
                if xs[i - 1] > xs[i] { return (false, hasTies) }
                if xs[i - 1] == xs[i] { hasTies = true }
            }
            return (true, hasTies)
        }
    }
}
