/// Every input file parsed, its series handed out one at a time for a
/// store write (`Ingestor.parseForWriting`): nothing is written until all
/// of this exists, and one plain file's series are built only as they are
/// taken (`FileSeries`), so a fleet is never held twice.
public struct ParsedInput {
    /// Built already (several files merged, `--split-fields`, `--layout
    /// rows`), or else one file's grouped rows: two stored properties, not
    /// an enum, so that taking a series changes them in place (an enum's
    /// payload is copied out and back, a dozen retains a series).
    private var built: [IngestedSeries?]
    private var grouped: FileSeries?
    /// The one file a grouped input was read from.
    private let groupedFile: String
    /// What completes a grouped file's report once the row counts over
    /// every series are known.
    private let finishReport: ((IngestedSeries.Stats) -> FileReport)?
    /// Rejected rows that could not be tied to a series.
    public let unattributedRejects: Int
    private let reports: [FileReport]

    init(built: [IngestedSeries], unattributedRejects: Int, files: [FileReport]) {
        self.built = built
        grouped = nil
        groupedFile = ""
        finishReport = nil
        self.unattributedRejects = unattributedRejects
        reports = files
    }

    init(grouped: FileSeries, file: String, unattributedRejects: Int, finishReport: @escaping (IngestedSeries.Stats) -> FileReport) {
        built = []
        self.grouped = grouped
        groupedFile = file
        self.finishReport = finishReport
        self.unattributedRejects = unattributedRejects
        reports = []
    }

    /// The input files every series came from, when they all came from
    /// the same ones (one file's grouped rows); nil when each series says
    /// (`IngestedSeries.sources`).
    public var sharedSources: [String]? { grouped == nil ? nil : [groupedFile] }

    /// The number of series, distinct by name unless several files or
    /// `--split-fields` made two alike.
    public var count: Int { grouped?.count ?? built.count }

    /// The name of series `k` (in order of first appearance).
    public func name(_ k: Int) -> String { grouped?.name(k) ?? built[k]!.series.name }

    /// The series in the order of their names' UTF-8 bytes (the store's
    /// name index), and whether the names are all distinct.
    /// - Complexity: O(n log n) comparisons of names, no name copied.
    public func nameOrder() -> (order: [Int], distinct: Bool) {
        let names = grouped?.seriesNames ?? built.map { $0!.series.name }
        let at = grouped?.present ?? Array(built.indices)
        // Most comparisons are settled by the names' first 8 bytes, read
        // once per name: 10^5 names sorted by their bytes alone cost ~600
        // instructions a name. The order is the same (see `utf8Head`).
        let heads = at.map { names[$0].utf8Head }
        let order = at.indices.sorted { a, b in
            heads[a] != heads[b] ? heads[a] < heads[b] : names[at[a]].utf8Precedes(names[at[b]])
        }
        return (order, zip(order, order.dropFirst()).allSatisfy { heads[$0] != heads[$1] || names[at[$0]] != names[at[$1]] })
    }

    /// Series `k`, each taken once. A `--duplicates error` failure names the
    /// first series in order of first appearance that has one, whatever
    /// order they are taken in.
    /// - Complexity: O(its rows) (see `FileSeries.take`).
    public mutating func take(_ k: Int) throws -> IngestedSeries {
        guard grouped != nil else {
            defer { built[k] = nil }
            return built[k]!
        }
        do {
            return try grouped!.take(k)
        } catch {
            throw firstError(upTo: k, error)
        }
    }

    /// True when series can be built on several threads at once, each
    /// with its own copy of this value (`series(_:)`): one file's rows
    /// grouped by a series column.
    public var buildsConcurrently: Bool { grouped?.isGrouped ?? false }

    /// The rows series `k` of a grouped file has (`buildsConcurrently`):
    /// what building it costs, to cut work into even parts.
    public func rowCount(_ k: Int) -> Int { grouped!.rowCount(ofSeries: k) }

    /// The rows kept over every series of a grouped file (0 otherwise).
    public var keptRows: Int { grouped?.keptRows ?? 0 }

    /// The value fields each series of a grouped file has (`buildsConcurrently`).
    public var fieldCount: Int { grouped!.fieldNames.count }

    /// Series `k`, built without taking it (`buildsConcurrently` only).
    /// - Throws: what building it met; `firstError(upTo:_:)` turns that
    ///   into the error `take` would throw.
    /// - Complexity: O(its rows).
    public func series(_ k: Int) throws -> IngestedSeries {
        precondition(buildsConcurrently, "series(_:) of an input that cannot build concurrently")
        return try grouped!.series(k)
    }

    /// The error `take(k)` throws when building series `k` met `error`:
    /// that of the first series in order of first appearance that fails.
    /// - Complexity: O(rows of the series before `k`); only on failure.
    public func firstError(upTo k: Int, _ error: any Error) -> any Error {
        grouped?.firstError(upTo: k, error) ?? error
    }

    /// The per-file reports, given the counts summed over every series
    /// taken (a one-file report's collapse hint needs the duplicates).
    public func files(totals: IngestedSeries.Stats) -> [FileReport] {
        finishReport.map { [$0(totals)] } ?? reports
    }
}
