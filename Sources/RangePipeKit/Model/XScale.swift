#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The map between a series' x values and view units u, in which the
/// simulator works (gestures, momentum, springs, span rules, selector
/// pixels) while the frame's queries keep working in x.
///
/// - linear: u = x.
/// - log: u = ln x (every x > 0).
/// - ordinal: u(x_i) = i, linear within each gap between neighbouring
///   points and beyond the ends with the end gap.
///
/// Known pairs (every point, and the bounds) map back exactly: x(u(x_i)) = x_i,
/// so a window edge on a point still holds that point after the round trip.
public struct XScale: Sendable {
    /// Which map.
    public let kind: XScaleKind
    /// The series' x (log, ordinal; empty when linear).
    public let xs: [Double]
    /// u of each x: ln x (log) or the index (ordinal).
    public let us: [Double]
    // Extra exact pairs (the bounds when they are not points), (u, x).
    private let pins: [(u: Double, x: Double)]

    /// The identity.
    public static let linear = XScale(kind: .linear, xs: [], us: [], pins: [])

    private init(kind: XScaleKind, xs: [Double], us: [Double], pins: [(u: Double, x: Double)]) {
        self.kind = kind
        self.xs = xs
        self.us = us
        self.pins = pins
    }

    /// The map of `kind` over the sorted `x` (at least two distinct values;
    /// log: all > 0; ordinal: strictly increasing), with `pinned` x values
    /// (the bounds) mapping back exactly too.
    /// - Complexity: O(n) (ln of every x for log).
    public init(_ kind: XScaleKind, x: [Double], pinned: [Double] = []) {
        let us: [Double]
        switch kind {
        case .linear: us = []
        case .log: us = x.map { Self.ln($0) }
        case .ordinal: us = x.indices.map(Double.init)
        }
        let bare = XScale(kind: kind, xs: kind == .linear ? [] : x, us: us, pins: [])
        self.init(kind: kind, xs: bare.xs, us: us, pins: kind == .linear ? [] : pinned.map { (bare.u($0), $0) })
    }

    /// Whether u = x.
    /// - Complexity: O(1).
    @inline(__always)
    public var isLinear: Bool { kind == .linear }

    static func ln(_ x: Double) -> Double { log(x) }

    /// u of an x value.
    /// - Complexity: O(log n) for ordinal, O(1) otherwise.
    public func u(_ x: Double) -> Double {
        switch kind {
        case .linear: return x
        case .log: return Self.ln(x)
        case .ordinal:
            let n = xs.count
            if x <= xs[0] { return (x - xs[0]) / (xs[1] - xs[0]) }
            if x >= xs[n - 1] { return Double(n - 1) + (x - xs[n - 1]) / (xs[n - 1] - xs[n - 2]) }
            let i = xs.upperBound(of: x) - 1
            if xs[i] == x { return Double(i) }
            return Double(i) + (x - xs[i]) / (xs[i + 1] - xs[i])
        }
    }

    /// x of a view position; exact on every point and pinned bound.
    /// - Complexity: O(log n).
    public func x(_ u: Double) -> Double {
        switch kind {
        case .linear: return u
        case .log:
            for p in pins where p.u == u { return p.x }
            let j = us.lowerBound(of: u)
            if j < us.count, us[j] == u { return xs[j] }
            return exp(u)
        case .ordinal:
            for p in pins where p.u == u { return p.x }
            let n = xs.count
            if u <= 0 { return xs[0] + u * (xs[1] - xs[0]) }
            if u >= Double(n - 1) { return xs[n - 1] + (u - Double(n - 1)) * (xs[n - 1] - xs[n - 2]) }
            let i = Int(u.rounded(.down))
            let f = u - Double(i)
            return f == 0 ? xs[i] : xs[i] + f * (xs[i + 1] - xs[i])
        }
    }

    /// A window in u as x.
    /// - Complexity: O(log n).
    public func x(_ w: Window) -> Window { Window(x(w.lower), x(w.upper)) }

    /// A window in x as u.
    /// - Complexity: O(log n) for ordinal, O(1) otherwise.
    public func u(_ w: Window) -> Window { Window(u(w.lower), u(w.upper)) }
}
