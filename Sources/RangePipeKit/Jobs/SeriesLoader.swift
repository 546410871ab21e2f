/// Loads a play list's series in output order, one call after another
/// (`PlayJob.playAll`'s `load`).
///
/// While the list follows the store's name order (`play --all`: every
/// series, in that order), one `SeriesScan` reads them: per series a few
/// steps of statements prepared once. From the first series where the list
/// leaves that order (named series, a `--changed-since` subset, a name
/// whose bytes sort apart from its `String` order) each loads by name.
/// The list is not compared with the store's names up front: that would
/// read every name a second time.
package final class SeriesLoader {
    private let source: SeriesSource
    private let names: [String]
    private var scan: SeriesScan?
    private var next = 0

    /// A loader for `names` (the play list) from `source`.
    /// - Complexity: O(1) beyond preparing the scan.
    init(source: SeriesSource, names: [String]) throws {
        self.source = source
        self.names = names
        scan = names.count > 1 ? try source.store?.scan() : nil
    }

    /// Series `k` of the list; `k` counts up from 0 by one.
    /// - Throws: as `SeriesSource.load` (the scan: as `SeriesStore.loadSeries`).
    /// - Complexity: O(its points + its rows) while scanning; O(its points + log series) by name.
    package func load(_ k: Int) throws -> Series {
        precondition(k == next, "a play list is loaded in order")
        next += 1
        if let scan {
            if let (name, series) = try scan.next(), name == names[k] { return try series.get() }
            // The list left the store's order here: by name from now on.
            self.scan = nil
        }
        return try source.load(names[k])
    }
}
