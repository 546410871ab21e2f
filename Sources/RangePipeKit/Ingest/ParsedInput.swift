/// Every input file parsed, its series handed out one at a time for a
/// store write (`Ingestor.parseForWriting`): nothing is written until all
/// of this exists, and one plain file's series are built only as they are
/// taken (`FileSeries`), so a fleet is never held twice.
public struct ParsedInput {
    private enum Held {
        /// Built already (several files merged, `--split-fields`, `--layout rows`).
        case built([IngestedSeries?])
        /// One file's grouped rows, and what completes its report once the
        /// row counts over every series are known.
        case grouped(FileSeries, finishReport: (IngestedSeries.Stats) -> FileReport)
    }

    private var held: Held
    /// Rejected rows that could not be tied to a series.
    public let unattributedRejects: Int
    private let reports: [FileReport]

    init(built: [IngestedSeries], unattributedRejects: Int, files: [FileReport]) {
        held = .built(built)
        self.unattributedRejects = unattributedRejects
        reports = files
    }

    init(grouped: FileSeries, unattributedRejects: Int, finishReport: @escaping (IngestedSeries.Stats) -> FileReport) {
        held = .grouped(grouped, finishReport: finishReport)
        self.unattributedRejects = unattributedRejects
        reports = []
    }

    /// The number of series, distinct by name unless several files or
    /// `--split-fields` made two alike.
    public var count: Int {
        switch held {
        case let .built(items): items.count
        case let .grouped(file, _): file.count
        }
    }

    /// The name of series `k` (in order of first appearance).
    public func name(_ k: Int) -> String {
        switch held {
        case let .built(items): items[k]!.series.name
        case let .grouped(file, _): file.name(k)
        }
    }

    /// Series `k`, each taken once. A `--duplicates error` failure names the
    /// first series in order of first appearance that has one, whatever
    /// order they are taken in.
    /// - Complexity: O(its rows) (see `FileSeries.take`).
    public mutating func take(_ k: Int) throws -> IngestedSeries {
        switch held {
        case var .built(items):
            held = .built([])
            defer { held = .built(items) }
            let item = items[k]!
            items[k] = nil
            return item
        case .grouped(var file, let finish):
            held = .built([])
            defer { held = .grouped(file, finishReport: finish) }
            do {
                return try file.take(k)
            } catch {
                throw file.firstError(upTo: k, error)
            }
        }
    }

    /// The per-file reports, given the counts summed over every series
    /// taken (a one-file report's collapse hint needs the duplicates).
    public func files(totals: IngestedSeries.Stats) -> [FileReport] {
        switch held {
        case .built: reports
        case let .grouped(_, finish): [finish(totals)]
        }
    }
}
