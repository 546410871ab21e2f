/// Where each series an ingest writes came from, as the store records it
/// (`SeriesStore+Sources`), and the series it replaced that came from
/// other files: a series whose earlier files share none with its new ones
/// (the same file again, under any spelling, or one of several files
/// again, is not a replacement to report).
struct SourceLedger {
    private var ids: [[String]: Int64] = [:]
    private var files: [Int64: [String]] = [:]
    private var groups: [Int64: Int] = [:]
    private var paths: [String: String] = [:]
    private(set) var replaced: [IngestReport.Replacement] = []

    /// The canonical form of the input files a series came from, without
    /// repeats.
    /// - Complexity: one `realpath` per distinct input a run names (a
    ///   fleet's 10^6 series share one).
    mutating func canonical(_ inputs: [String]) -> [String] {
        if inputs.count == 1, let known = paths[inputs[0]] { return [known] }
        var seen = Set<String>()
        return inputs.map { input in
            if let known = paths[input] { return known }
            let path = Platform.canonicalPath(input)
            paths[input] = path
            return path
        }.filter { seen.insert($0).inserted }
    }

    /// The store's id for these canonical files.
    /// - Complexity: O(1) after the first series from the same files.
    mutating func id(for canonical: [String], in store: SeriesStore) throws -> Int64 {
        if let id = ids[canonical] { return id }
        let id = try store.sourceID(files: canonical)
        ids[canonical] = id
        files[id] = canonical
        return id
    }

    /// Notes that series `name`, now from source `current`, replaced one
    /// from source `previous`.
    mutating func noteReplaced(_ name: String, previous: Int64, current: Int64, in store: SeriesStore) throws {
        guard previous != current else { return }
        let before = try files(of: previous, in: store)
        guard !before.isEmpty, Set(before).isDisjoint(with: files[current] ?? []) else { return }
        if let k = groups[previous] {
            replaced[k].count += 1
            if replaced[k].names.count < IngestReport.Replacement.namesKept { replaced[k].names.append(name) }
        } else {
            groups[previous] = replaced.count
            replaced.append(.init(files: before, count: 1, names: [name]))
        }
    }

    private mutating func files(of id: Int64, in store: SeriesStore) throws -> [String] {
        if let known = files[id] { return known }
        let found = try store.sourceFiles(id: id)
        files[id] = found
        return found
    }
}
