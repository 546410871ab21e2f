/// The lockstep walk over two tracks (see `TrackDiff` for the pairing):
/// two records, refilled in place, and the counts.
struct TrackDiffPass {
    let tolerance: Double
    private(set) var result = TrackDiffResult(frames: 0, differing: 0, first: nil)
    private var a = TrackRecord(), b = TrackRecord()
    private var hasA = false, hasB = false

    init(tolerance: Double) { self.tolerance = tolerance }

    mutating func run(_ readerA: inout TrackReader, _ readerB: inout TrackReader) throws {
        hasA = try readerA.next(into: &a)
        hasB = try readerB.next(into: &b)
        while hasA || hasB {
            if hasA, hasB, a.series == b.series {
                let series = a.series
                var index = 0
                while hasA, hasB, a.series == series, b.series == series {
                    result.frames += 1
                    if let difference = a.firstDifference(from: b, tolerance: tolerance) {
                        if counted() { note(index, a, describe(difference)) }
                    }
                    index += 1
                    hasA = try readerA.next(into: &a)
                    hasB = try readerB.next(into: &b)
                }
                while hasA, a.series == series {
                    result.frames += 1
                    if counted() { note(index, a, "only in \(readerA.name)") }
                    index += 1
                    hasA = try readerA.next(into: &a)
                }
                while hasB, b.series == series {
                    result.frames += 1
                    if counted() { note(index, b, "only in \(readerB.name)") }
                    index += 1
                    hasB = try readerB.next(into: &b)
                }
            } else {
                // Blocks of different series (or one file has ended): every
                // frame of each is in one file only.
                if hasA {
                    let series = a.series, other = hasB ? " (\(readerB.name) has series \(Self.quoted(b.series)) here)" : ""
                    var index = 0
                    while hasA, a.series == series {
                        result.frames += 1
                        if counted() { note(index, a, "only in \(readerA.name)\(other)") }
                        index += 1
                        hasA = try readerA.next(into: &a)
                    }
                }
                if hasB {
                    let series = b.series
                    var index = 0
                    while hasB, b.series == series {
                        result.frames += 1
                        if counted() { note(index, b, "only in \(readerB.name)") }
                        index += 1
                        hasB = try readerB.next(into: &b)
                    }
                }
            }
        }
    }

    /// Counts a differing frame; true for the first, whose line `note`
    /// makes while its records are still in hand.
    private mutating func counted() -> Bool {
        result.differing += 1
        return result.first == nil
    }

    private mutating func note(_ index: Int, _ r: TrackRecord, _ what: String) {
        let frame = r.frameText.map { String(decoding: r.text[$0], as: UTF8.self) } ?? String(index)
        let time = r.timeText.map { " (t \(String(decoding: r.text[$0], as: UTF8.self)))" } ?? ""
        result.first = "frame \(frame)\(time) series \(Self.quoted(r.series)): \(what)"
    }

    private func describe(_ difference: TrackLeafDifference) -> String {
        switch difference {
        case let .value(i, j): return "\(a.pathName(i)): \(a.rendered(i)) ≠ \(b.rendered(j))"
        case let .onlyInA(i): return "\(a.pathName(i)): \(a.rendered(i)) ≠ absent"
        case let .onlyInB(j): return "\(b.pathName(j)): absent ≠ \(b.rendered(j))"
        }
    }

    static func quoted(_ series: [UInt8]) -> String {
        var out = TextBuffer()
        out.append(jsonString: String(decoding: series, as: UTF8.self))
        return String(decoding: out.bytes, as: UTF8.self)
    }
}
