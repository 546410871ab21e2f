/// Which axes one pan or pinch on the main chart moves when y is zoomed by
/// hand (`y.lock`), and from which sample. Samples before `fromSample`
/// count as the down position for the moving axes, so an axis chosen late
/// moves from where the pointer went down: it catches up with the pointer
/// over the interval that leads to the deciding sample (the path stays
/// continuous, so no movement hangs on a frame landing exactly on a sample).
struct LockDecision: Sendable, Equatable {
    /// Whether the gesture moves the x-window.
    var x: Bool
    /// Whether the gesture moves the y-window.
    var y: Bool
    /// The first sample the moving axes follow.
    var fromSample: Int

    /// The pointer movement (px, on either axis) a `dominant` gesture
    /// needs before it picks an axis: a touch slop like the platforms'.
    static let slop = 10.0

    /// The decision for `lock` over per-sample movement from the down
    /// position on each axis (`dx[0]` and `dy[0]` are 0). `dominant`: the
    /// first sample k where max(dx, dy) ≥ `slop` picks x when dx ≥ dy there
    /// (a tie goes to x, the range selector's own axis), else y; the gesture
    /// moves nothing before it, and nothing at all when no sample gets there.
    /// - Complexity: O(samples).
    static func decide(_ lock: AxisLock, dx: [Double], dy: [Double]) -> LockDecision {
        switch lock {
        case .x: return LockDecision(x: false, y: true, fromSample: 0)
        case .y: return LockDecision(x: true, y: false, fromSample: 0)
        case .none: return LockDecision(x: true, y: true, fromSample: 0)
        case .dominant:
            for k in dx.indices where max(dx[k], dy[k]) >= slop {
                let x = dx[k] >= dy[k]
                return LockDecision(x: x, y: !x, fromSample: k)
            }
            return LockDecision(x: false, y: false, fromSample: dx.count)
        }
    }

    /// The decision for a pan: one pointer's movement from its down position.
    /// - Complexity: O(samples).
    static func decide(_ lock: AxisLock, pan path: PointerPath) -> LockDecision {
        decide(lock, dx: path.xs.map { abs($0 - path.xs[0]) }, dy: path.ys.map { abs($0 - path.ys[0]) })
    }

    /// The decision for a pinch: both fingers' movement from their down
    /// positions, added up per axis.
    /// - Complexity: O(samples).
    static func decide(_ lock: AxisLock, pinch p: PinchPath) -> LockDecision {
        let dx = p.times.indices.map { abs(p.firstFingerX[$0] - p.firstFingerX[0]) + abs(p.secondFingerX[$0] - p.secondFingerX[0]) }
        let dy = p.times.indices.map { abs(p.firstFingerY[$0] - p.firstFingerY[0]) + abs(p.secondFingerY[$0] - p.secondFingerY[0]) }
        return decide(lock, dx: dx, dy: dy)
    }

    /// One coordinate as an axis that `moves` sees it: held at the down
    /// position when it does not move, or at samples before `fromSample`.
    func coordinate(_ c: [Double], moves: Bool) -> [Double] {
        guard moves else { return Array(repeating: c[0], count: c.count) }
        let k = min(fromSample, c.count)
        return Array(repeating: c[0], count: k) + c[k...]
    }

    /// The pan path the x-window follows: y held (the x gesture reads only x).
    func xPath(_ p: PointerPath) -> PointerPath {
        PointerPath(times: p.times, xs: coordinate(p.xs, moves: x), ys: coordinate(p.ys, moves: false))
    }

    /// The pan path the y-window follows.
    func yPath(_ p: PointerPath) -> PointerPath {
        PointerPath(times: p.times, xs: coordinate(p.xs, moves: false), ys: coordinate(p.ys, moves: y))
    }

    /// The pinch path the x-window follows (the fingers' x; y held).
    func xPinch(_ p: PinchPath) -> PinchPath {
        PinchPath(times: p.times,
                  firstFingerX: coordinate(p.firstFingerX, moves: x),
                  secondFingerX: coordinate(p.secondFingerX, moves: x),
                  firstFingerY: coordinate(p.firstFingerY, moves: false),
                  secondFingerY: coordinate(p.secondFingerY, moves: false))
    }

    /// The pinch path the y-window follows (the fingers' y; x held).
    func yPinch(_ p: PinchPath) -> PinchPath {
        PinchPath(times: p.times,
                  firstFingerX: coordinate(p.firstFingerX, moves: false),
                  secondFingerX: coordinate(p.secondFingerX, moves: false),
                  firstFingerY: coordinate(p.firstFingerY, moves: y),
                  secondFingerY: coordinate(p.secondFingerY, moves: y))
    }
}
