/// Finds the column, or the fewest columns together, that tell apart rows
/// sharing an x, by reading a whole file a second time. Ingest runs it only after a file collapsed (more
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
    /// Sets of two and three candidates (all of them when there are at
    /// most 8, else none), and then every candidate together: a key
    /// written over several columns (`--series-column state,gender`).
    private let sets: [[Int]]
    private var setPairs: [Set<Int>]
    private var setValues: [Set<Int>]

    init(x: String, series: String?, candidates: [String], names: [String]) {
        self.x = x
        self.series = series
        self.candidates = candidates
        self.names = names
        pairs = Array(repeating: [], count: candidates.count)
        values = Array(repeating: [], count: candidates.count)
        let n = candidates.count
        var sets: [[Int]] = []
        if n <= 8 {
            for a in 0 ..< n { for b in a + 1 ..< n { sets.append([a, b]) } }
            for a in 0 ..< n { for b in a + 1 ..< n { for c in b + 1 ..< n { sets.append([a, b, c]) } } }
        }
        if n > 3 { sets.append(Array(0 ..< n)) }
        self.sets = sets
        setPairs = Array(repeating: [], count: sets.count)
        setValues = Array(repeating: [], count: sets.count)
        assignRoles()
    }

    private func assignRoles() {
        // x over several columns (`year,month,day`) when no column has that name.
        let xParts = names.contains(x) ? [x] : x.split(separator: ",").map(String.init)
        roles = names.map { name in
            if xParts.contains(name) { return -1 }
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
            case -1: xHash = xHash &* 31 &+ h  // every part of x, in column order
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
        for (k, set) in sets.enumerated() {
            var hasher = Hasher()
            for c in set { hasher.combine(candidateHashes[c] ?? 0) }
            let h = hasher.finalize()
            setValues[k].insert(h)
            setPairs[k].insert(combine(seriesHash, xHash, h))
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
    /// then the fewest distinct values; else the fewest candidates that do
    /// so together, named as `--series-column` takes them (`state,gender`);
    /// nil if none qualifies.
    var bestColumn: String? {
        if let k = best(candidates.indices.map { ($0, values[$0].count, pairs[$0].count) }) { return candidates[k] }
        for size in [2, 3, candidates.count] {
            let sized = sets.indices.filter { sets[$0].count == size }
            if let k = best(sized.map { ($0, setValues[$0].count, setPairs[$0].count) }) {
                return sets[k].map { candidates[$0] }.joined(separator: ",")
            }
        }
        return nil
    }

    /// Of `(index, distinct keys, distinct (key, x) pairs)`, the one with
    /// the fewest rows still repeating (at most 1%), then the fewest keys.
    private func best(_ options: [(Int, Int, Int)]) -> Int? {
        var found: (repeats: Int, distinct: Int, index: Int)?
        for (index, distinct, pairs) in options where distinct >= 2 && distinct * 2 <= rows {
            let repeats = rows - pairs
            guard RepeatHint.nearlyUnique(repeats, of: rows) else { continue }
            if found.map({ (repeats, distinct) < ($0.repeats, $0.distinct) }) ?? true { found = (repeats, distinct, index) }
        }
        return found?.index
    }
}
