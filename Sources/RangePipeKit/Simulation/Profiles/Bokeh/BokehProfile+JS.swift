extension BokehProfile {
    /// JavaScript's comparisons, written out where Swift's `min`/`max` would
    /// treat NaN differently (core/util/math.ts `clamp`, `Math.min`/`Math.max`).
    enum JS {
        /// `clamp(v, a, b)`: v < a ? a : (v > b ? b : v) (NaN stays NaN).
        static func clamp(_ v: Double, _ a: Double, _ b: Double) -> Double {
            v < a ? a : (v > b ? b : v)
        }

        /// `Math.min(a, b)`: NaN if either is NaN.
        static func min(_ a: Double, _ b: Double) -> Double {
            if a.isNaN || b.isNaN { return .nan }
            return a < b ? a : (b < a ? b : (a.sign == .minus ? a : b))
        }

        /// `Math.max(a, b)`: NaN if either is NaN.
        static func max(_ a: Double, _ b: Double) -> Double {
            if a.isNaN || b.isNaN { return .nan }
            return a > b ? a : (b > a ? b : (a.sign == .plus ? a : b))
        }
    }
}
