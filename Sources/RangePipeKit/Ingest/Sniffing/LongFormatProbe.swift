/// Finds the column that tells apart rows sharing an x, by reading a whole
/// file a second time. Ingest runs it only after a file collapsed (more
/// than 1% of its rows dropped as duplicates) and the sample named no
/// such column — a file sorted by its key may show one key in the sample.
final class LongFormatProbe: RecordSink {
    var originalText: ((RecordInfo, ArraySlice<Cell>, ByteView) -> String)?
    private let x: String
    private let series: String?
    private let candidates: [String]
    private var names: [String]
    /// Per slot: -1 x, -2 series, k ≥ 0 candidate k, -3 ignored.
    private var roles: [Int] = []
    private var rows = 0
    private var keys = Set<Int>()
    private var pairs: [Set<Int>]
    private var values: [Set<Int>]

    init(x: String, series: String?, candidates: [String], names: [String]) {
        self.x = x
        self.series = series
        self.candidates = candidates
        self.names = names
        pairs = Array(repeating: [], count: candidates.count)
        values = Array(repeating: [], count: candidates.count)
        assignRoles()
    }

    private func assignRoles() {
        roles = names.map { name in
            if name == x { return -1 }
            if name == series { return -2 }
            return candidates.firstIndex(of: name) ?? -3
        }
    }

    func setHeader(_ names: [String], line: Int) throws {
        self.names = names
        assignRoles()
    }

    func addSlot(named name: String, index: Int) {
        names.append(name)
        assignRoles()
    }

    func reject(line: Int, column: Int, reason: String, original: String?) throws {}

    func consume(_ record: RecordInfo, cells: ArraySlice<Cell>, bytes: ByteView) throws {
        var xHash = 0, seriesHash = 0
        var candidateHashes = [Int?](repeating: nil, count: candidates.count)
        for cell in cells where cell.slot < roles.count {
            let role = roles[cell.slot]
            guard role != -3 else { continue }
            var hasher = Hasher()
            bytes[cell.start ..< cell.start + cell.count].hash(into: &hasher)
            let h = hasher.finalize()
            switch role {
            case -1: xHash = h
            case -2: seriesHash = h
            default: candidateHashes[role] = h
            }
        }
        rows += 1
        keys.insert(combine(seriesHash, xHash, 0))
        for k in candidates.indices {
            let h = candidateHashes[k] ?? 0
            values[k].insert(h)
            pairs[k].insert(combine(seriesHash, xHash, h))
        }
    }

    private func combine(_ a: Int, _ b: Int, _ c: Int) -> Int {
        var hasher = Hasher()
        hasher.combine(a)
        hasher.combine(b)
        hasher.combine(c)
        return hasher.finalize()
    }

    /// The candidate with the fewest rows still repeating (at most 1%),
    /// then the fewest distinct values; nil if none qualifies.
    var bestColumn: String? {
        var best: (repeats: Int, distinct: Int, name: String)?
        for k in candidates.indices where values[k].count >= 2 && values[k].count * 2 <= rows {
            let repeats = rows - pairs[k].count
            guard RepeatHint.nearlyUnique(repeats, of: rows) else { continue }
            if best.map({ (repeats, values[k].count) < ($0.repeats, $0.distinct) }) ?? true {
                best = (repeats, values[k].count, candidates[k])
            }
        }
        return best?.name
    }
}
