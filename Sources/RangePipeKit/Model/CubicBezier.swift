/// A CSS / Core Animation timing curve cubic-bezier(x1, y1, x2, y2) from
/// (0, 0) to (1, 1).
public struct CubicBezier: Sendable, Equatable {
    /// The two control points (x1, y1) and (x2, y2).
    public var x1, y1, x2, y2: Double

    /// The curve through control points (x1, y1) and (x2, y2).
    public init(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) {
        self.x1 = x1; self.y1 = y1; self.x2 = x2; self.y2 = y2
    }

    /// CSS `linear`.
    public static let linear = CubicBezier(0, 0, 1, 1)
    /// CSS `ease-in`.
    public static let easeIn = CubicBezier(0.42, 0, 1, 1)
    /// CSS `ease-out`.
    public static let easeOut = CubicBezier(0, 0, 0.58, 1)
    /// CSS `ease-in-out`.
    public static let easeInOut = CubicBezier(0.42, 0, 0.58, 1)

    /// The CSS keyword's curve (`linear`, `ease-in`, `ease-out`, `ease-in-out`), or nil.
    public static func named(_ name: String) -> CubicBezier? {
        switch name {
        case "linear": return .linear
        case "ease-in": return .easeIn
        case "ease-out": return .easeOut
        case "ease-in-out": return .easeInOut
        default: return nil
        }
    }

    /// One coordinate of the Bézier at parameter s, with control values c1, c2.
    @inline(__always)
    static func coordinate(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        // B(s) = 3(1−s)²s·c1 + 3(1−s)s²·c2 + s³
        let m = 1 - s
        return 3 * m * m * s * c1 + 3 * m * s * s * c2 + s * s * s
    }

    /// dB/ds of one coordinate at parameter s.
    @inline(__always)
    static func derivative(_ s: Double, _ c1: Double, _ c2: Double) -> Double {
        let m = 1 - s
        return 3 * m * m * c1 + 6 * m * s * (c2 - c1) + 3 * s * s * (1 - c2)
    }

    /// The curve's progress y at time fraction p: solves x(s) = p by Newton's
    /// method, falling back to bisection, and returns y(s). Exact at 0 and 1.
    /// - Complexity: O(1) (at most 108 curve evaluations).
    public func progress(_ p: Double) -> Double {
        if p <= 0 { return 0 }
        if p >= 1 { return 1 }
        if x1 == y1 && x2 == y2 { return p } // linear in effect
        var s = p
        for _ in 0 ..< 8 {
            let err = Self.coordinate(s, x1, x2) - p
            if abs(err) < 1e-12 { return Self.coordinate(s, y1, y2) }
            let d = Self.derivative(s, x1, x2)
            if abs(d) < 1e-9 { break }
            s -= err / d
            if s < 0 || s > 1 { break }
        }
        // Bisection: x(s) is monotone in s for x1, x2 in [0, 1].
        var lo = 0.0, hi = 1.0
        s = p
        for _ in 0 ..< 100 {
            s = (lo + hi) / 2
            let x = Self.coordinate(s, x1, x2)
            if abs(x - p) < 1e-14 { break }
            if x < p { lo = s } else { hi = s }
        }
        return Self.coordinate(s, y1, y2)
    }
}
