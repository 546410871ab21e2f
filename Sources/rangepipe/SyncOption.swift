import ArgumentParser
import RangePipeKit

/// `--sync A,B,…`: linked charts, several series through one x-window
/// (`play`, `preview`).
struct SyncOption: ParsableArguments {
    @Option(name: .customLong("sync"), help: "Play these series (comma-separated) linked: one x-window over the union of their x, each its own y-fit and annotation; frame-major output, one record per series per frame.")
    var sync: String?

    /// The linked series to play and where their list came from
    /// (`--sync`, or the script's `sync` when no `--sync`, `--series` or
    /// `--all` is given); nil for a solo play.
    /// - Throws: as `names(conflicts:)`; usage also for `--on-series-error skip`
    ///   with the script's `sync`.
    func linkedSeries(_ script: Script, series given: Bool, all: Bool, skip: Bool) throws -> (names: [String], source: String)? {
        if let names = try names(conflicts: [("--all", all), ("--series", given), ("--on-series-error skip", skip)]) {
            return (names, "--sync")
        }
        guard !given, !all, let names = script.sync else { return nil }
        guard !skip else { throw RangePipeError.usage("--on-series-error skip: the script's sync plays its series linked, as one; give --series or --all to play them solo") }
        return (names, "\(script.source): sync")
    }

    /// The names given, or nil without `--sync`.
    /// - Throws: usage (exit 64) for an empty name, a name given twice, or
    ///   `--sync` with `--series`/`--all`.
    func names(conflicts: [(String, Bool)] = []) throws -> [String]? {
        guard let sync else { return nil }
        for (flag, given) in conflicts where given {
            throw RangePipeError.usage("--sync names the series to play; it cannot be combined with \(flag)")
        }
        let names = sync.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        var seen: Set<String> = []
        for (k, name) in names.enumerated() {
            guard !name.isEmpty else { throw RangePipeError.usage("--sync: name \(k + 1) is empty (expected A,B,…)") }
            guard seen.insert(name).inserted else { throw RangePipeError.usage("--sync: series '\(name)' is named twice") }
        }
        return names
    }
}
