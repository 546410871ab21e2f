/// Ticks for any axis the pictures draw: time (calendar boundaries in the
/// display zone), number (1-2-5 steps) or category (every label that fits).
public struct AxisTicks: Sendable {
    public var axis: Axis
    public var categories: [String]
    public var zone: DisplayZone
    /// Pixels a label is given on average; sets the tick count for a width.
    public static let pixelsPerTick = 80.0
    /// An estimate of a label's width at the pictures' 11 px sans-serif.
    public static func labelWidth(_ label: String) -> Double { Double(label.count) * 6.6 + 8 }

    /// Ticks for one axis kind; `categories` label a category axis, `zone` places time ticks.
    public init(axis: Axis, categories: [String] = [], zone: DisplayZone = .utc) {
        self.axis = axis
        self.categories = categories
        self.zone = zone
    }

    /// About one tick per 80 px, between 2 and 10.
    public static func count(width: Double) -> Int {
        Int(min(10, max(2, (width / pixelsPerTick).rounded(.down))))
    }

    /// x ticks of the window `a…b` drawn `width` pixels wide: about one
    /// per 80 px, fewer while neighbouring labels would touch.
    public func x(_ a: Double, _ b: Double, width: Double) -> [Tick] {
        if axis == .category { return Self.categories(a, b, width: width, labels: categories) }
        var count = Self.count(width: width)
        while true {
            let ticks = axis == .time ? TimeTicks.ticks(a, b, count: count, zone: zone) : NumberTicks.ticks(a, b, count: count)
            if count <= 2 || !Self.overlap(ticks, a, b, width: width) { return ticks }
            count -= 1
        }
    }

    /// Whether two neighbouring labels, centred on their ticks, come within 12 px.
    static func overlap(_ ticks: [Tick], _ a: Double, _ b: Double, width: Double) -> Bool {
        guard b > a else { return false }
        let scale = width / (b - a)
        return zip(ticks, ticks.dropFirst()).contains { l, r in
            (r.value - l.value) * scale < (labelWidth(l.label) + labelWidth(r.label)) / 2 - 8 + 12
        }
    }

    /// y ticks of the range `lo…hi` drawn `height` pixels tall (about one per 40 px).
    public func y(_ lo: Double, _ hi: Double, height: Double) -> [Tick] {
        NumberTicks.ticks(lo, hi, count: Int(min(10, max(2, (height / 40).rounded(.down)))))
    }

    /// The categories whose ordinals lie in `a…b`, every `stride`-th one
    /// (stride 1, 2, 5, 10, 20, …, ordinals divisible by it) where `stride`
    /// is the smallest for which the widest label fits its share of the width.
    public static func categories(_ a: Double, _ b: Double, width: Double, labels: [String]) -> [Tick] {
        guard a.isFinite, b.isFinite, b >= a, !labels.isEmpty else { return [] }
        // Clamped to the labels before converting: a window of 1e28 ordinals is no Int.
        let n = Double(labels.count)
        let first = Int(min(max(a, 0), n).rounded(.up)), last = min(labels.count - 1, Int(min(max(b, -1), n).rounded(.down)))
        guard first <= last else { return [] }
        let widest = (first ... last).map { labelWidth(labels[$0]) }.max() ?? 0
        let perCategory = b > a ? width / (b - a) : width
        var stride = 1
        for candidate in [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000, 20000, 50000, 100_000] {
            stride = candidate
            if perCategory * Double(candidate) >= widest { break }
        }
        let start = (first + stride - 1) / stride * stride
        return Swift.stride(from: start, through: last, by: stride).map { Tick(Double($0), labels[$0]) }
    }
}
