/// Lines that repeat the last one's tracks: on most frames of a fleet's
/// short scripts nothing moves, so a series' next line differs from the
/// last only in its frame number and time. Its tail (everything after the
/// phase name) is then the last line's bytes again, copied instead of
/// formatting the same numbers and times anew.
extension FrameEncoder {
    /// The last line's tail and the frame it was written for. One per
    /// thread, `reset` for each series (its name, axis and categories
    /// are not part of the comparison).
    struct LineMemo: Sendable {
        /// The frame whose tail `tail` is; nil when there is none to repeat.
        var previous: Frame?
        /// Its tail's bytes (the array's memory is kept from line to line).
        var tail: [UInt8] = []
        /// The memory a series' name is written into (`forSeries(_:axis:categories:room:)`).
        var name: [UInt8] = []

        /// An empty memo.
        init() {}

        /// Forgets the last line (a new series starts).
        mutating func reset() { previous = nil }
    }

    /// `encode(_:into:)`, repeating the last line's tail bytes when the
    /// frame's tracks are the last one's (`sameTail`). Frames with values
    /// or points (long lines, rarely still) are written in full and not kept.
    /// - Complexity: O(line), with a still frame's tail a copy.
    func encode(_ r: Frame, into out: inout TextBuffer, memo: inout LineMemo) {
        let repeated = memo.previous.map { Self.sameTail($0, r) } ?? false
        let keep = r.values == nil && r.points == nil
        let start = out.count
        var tailAt = 0
        let pairs = (r.values?.count ?? 0) + (r.points?.count ?? 0)
        out.write(reserving: fixedRoom + (repeated ? memo.tail.count : pairs * pairRoom)) { w in
            switch format {
            case .ndjson: ndjsonHead(r, &w)
            case .csv: csvHead(r, &w)
            }
            tailAt = w.count
            if repeated {
                w.append(bytes: memo.tail)
                return
            }
            switch format {
            case .ndjson: ndjsonTail(r, &w)
            case .csv: csvTail(r, &w)
            }
        }
        guard !repeated else { return }
        guard keep else { memo.previous = nil; return }
        memo.tail.removeAll(keepingCapacity: true)
        memo.tail.append(contentsOf: out.storage[start + tailAt ..< out.count])
        memo.previous = r
    }

    /// Whether two frames' tails are the same bytes: every field the tail
    /// writes is equal, numbers bit for bit (0.0 and -0.0 are written
    /// differently), and neither has values or points.
    /// - Complexity: O(1).
    static func sameTail(_ a: Frame, _ b: Frame) -> Bool {
        func same(_ x: Double, _ y: Double) -> Bool { x.bitPattern == y.bitPattern }
        func same(_ x: (Double, Double)?, _ y: (Double, Double)?) -> Bool {
            switch (x, y) {
            case (nil, nil): return true
            case let (x?, y?): return same(x.0, y.0) && same(x.1, y.1)
            default: return false
            }
        }
        func same(_ x: Window?, _ y: Window?) -> Bool { same(x.map { ($0.lower, $0.upper) }, y.map { ($0.lower, $0.upper) }) }
        guard a.values == nil, b.values == nil, a.points == nil, b.points == nil,
              same(a.window, b.window), same(a.selector, b.selector), same(a.y, b.y),
              a.preset == b.preset, a.yOmitted == b.yOmitted, same(a.box, b.box), same(a.crosshair, b.crosshair)
        else { return false }
        switch (a.annotation, b.annotation) {
        case (nil, nil): return true
        case let (p?, q?): return same(p.x, q.x) && same(p.y, q.y) && p.visible == q.visible
        default: return false
        }
    }
}
