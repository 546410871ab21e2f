/// Loads a play list's series in output order, one call after another
/// (`PlayJob.playAll`'s `load`).
///
/// When the list is every series of a store in the store's name order
/// (`play --all`), one `SeriesScan` reads them all: per series a few
/// steps of statements prepared once. Any other list (named series, a
/// `--changed-since` subset) loads each by name.
package final class SeriesLoader {
    private let source: SeriesSource
    private let names: [String]
    private let scan: SeriesScan?
    private var next = 0

    /// A loader for `names` (the play list) from `source`.
    /// - Complexity: O(series) to compare the list with the store's.
    init(source: SeriesSource, names: [String]) throws {
        self.source = source
        self.names = names
        // The scan's order is SQLite's (bytes): the list must be that very order.
        if let store = source.store, names.count > 1, try store.seriesNames() == names {
            scan = try store.scan()
        } else {
            scan = nil
        }
    }

    /// Series `k` of the list; `k` counts up from 0 by one.
    /// - Throws: as `SeriesSource.load` (the scan: as `SeriesStore.loadSeries`).
    /// - Complexity: O(its points + its rows) with the scan; O(its points + log series) by name.
    package func load(_ k: Int) throws -> Series {
        guard let scan else { return try source.load(names[k]) }
        precondition(k == next, "a scanned play list is loaded in order")
        next += 1
        guard let (name, series) = try scan.next(), name == names[k] else {
            throw RangePipeError.invalid("\(source.store!.path): the store changed under its snapshot (series '\(names[k])')")
        }
        return try series.get()
    }
}
