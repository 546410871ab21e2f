/// Which axes one pan or pinch on the main chart moves when y is zoomed by
/// hand (`y.lock`), and from which sample. Samples before `fromSample`
/// count as the down position for the moving axes, so an axis chosen late
/// starts from where the pointer went down (it catches up at once).
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

    /// The sample times an axis sees: unchanged, or (an axis that starts
    /// following at sample k > 0) with one more sample just before t_k,
    /// so the axis holds still until t_k and then jumps to the pointer.
    func times(_ times: [Double]) -> [Double] {
        guard inserts(times) else { return times }
        return Array(times[..<fromSample]) + [times[fromSample].nextDown] + Array(times[fromSample...])
    }

    /// One coordinate as an axis that `moves` sees it: held at the down
    /// position when it does not move, or before `fromSample`.
    func coordinate(_ c: [Double], moves: Bool, times: [Double]) -> [Double] {
        guard moves else { return Array(repeating: c[0], count: self.times(times).count) }
        let held = Array(repeating: c[0], count: min(fromSample, c.count))
        let extra = inserts(times) ? [c[0]] : []
        return held + extra + Array(c[min(fromSample, c.count)...])
    }

    /// Whether the axes start late enough to need the extra sample.
    private func inserts(_ times: [Double]) -> Bool {
        fromSample > 0 && fromSample < times.count && times[fromSample].nextDown > times[fromSample - 1]
    }

    /// The pan path the x-window follows: y held (the x gesture reads only x).
    func xPath(_ p: PointerPath) -> PointerPath {
        PointerPath(times: times(p.times), xs: coordinate(p.xs, moves: x, times: p.times), ys: coordinate(p.ys, moves: false, times: p.times))
    }

    /// The pan path the y-window follows.
    func yPath(_ p: PointerPath) -> PointerPath {
        PointerPath(times: times(p.times), xs: coordinate(p.xs, moves: false, times: p.times), ys: coordinate(p.ys, moves: y, times: p.times))
    }

    /// The pinch path the x-window follows (the fingers' x; y held).
    func xPinch(_ p: PinchPath) -> PinchPath {
        PinchPath(times: times(p.times),
                  firstFingerX: coordinate(p.firstFingerX, moves: x, times: p.times),
                  secondFingerX: coordinate(p.secondFingerX, moves: x, times: p.times),
                  firstFingerY: coordinate(p.firstFingerY, moves: false, times: p.times),
                  secondFingerY: coordinate(p.secondFingerY, moves: false, times: p.times))
    }

    /// The pinch path the y-window follows (the fingers' y; x held).
    func yPinch(_ p: PinchPath) -> PinchPath {
        PinchPath(times: times(p.times),
                  firstFingerX: coordinate(p.firstFingerX, moves: false, times: p.times),
                  secondFingerX: coordinate(p.secondFingerX, moves: false, times: p.times),
                  firstFingerY: coordinate(p.firstFingerY, moves: y, times: p.times),
                  secondFingerY: coordinate(p.secondFingerY, moves: y, times: p.times))
    }
}
