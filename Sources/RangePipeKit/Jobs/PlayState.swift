/// What `play --changed-since STATE` keeps between runs: a fingerprint of
/// the run's settings (the script's bytes, the options that shape the
/// output, the series asked for), the store it read (`SeriesStore.ChangeMark`)
/// and what it saw of every series it covered (`Seen`: a key per name and
/// content). A later run with the same settings on the same store plays
/// only the series whose name and content are not among those keys; any
/// other run plays every series, and each run records itself.
///
/// The decision never trusts the store's write counter: a copied store
/// keeps its id and counts on from the same number, a restored backup
/// counts again from an older one, so only the content can tell what
/// changed. The store's id only keeps a state from covering another store.
///
/// The file (version 2) is a line of JSON, then one key a line, ascending:
/// `{"rangepipe-play-state": 2, "settings": "…", "store": "…", "generation": N, "series": K}`
/// and K lines of 32 hex digits. A version 1 file (the first line alone)
/// is read but covers nothing: the run after an upgrade plays every series
/// once.
package struct PlayState: Equatable, Sendable {
    /// The settings fingerprint (`fingerprint(script:options:series:appendSources:)`).
    package var settings: String
    /// The store's id and last write transaction when the run read it
    /// (the generation is kept for people reading the file; no decision uses it).
    package var mark: SeriesStore.ChangeMark
    /// The series the run covered, by name and content; nil for a version 1 file.
    package var seen: Seen?

    package init(settings: String, mark: SeriesStore.ChangeMark, seen: Seen?) {
        self.settings = settings
        self.mark = mark
        self.seen = seen
    }

    /// The fingerprint of a run's settings: the script file's bytes, the
    /// options that shape the output (`key=value`, from the caller), the
    /// series asked for (nil for `--all`, whose new series are changes
    /// like any other), and the content of every series the script appends
    /// from.
    package static func fingerprint(script: [UInt8], options: [String], series: [String]?,
                                     appendSources: [String: Series]) -> String {
        var h = ContentHasher()
        h.combine(bytes: script)
        h.combine(count: options.count)
        for option in options { h.combine(option) }
        if let series {
            h.combine(count: series.count)
            for name in series { h.combine(name) }
        } else {
            h.combine("all")
        }
        h.combine(count: appendSources.count)
        for name in appendSources.keys.sorted() {
            h.combine(name)
            h.combine(appendSources[name]!.contentHash)
        }
        return h.finalize()
    }

    /// What this state proves a run with `settings` on the store `storeID`
    /// need not play: the keys it saw, when the settings and store are the
    /// same and the file is version 2; nil (play everything) otherwise.
    package func covered(settings current: String, storeID: String) -> Seen? {
        current == settings && storeID == mark.storeID ? seen : nil
    }

    /// The state file's bytes.
    /// - Complexity: O(series covered).
    package var bytes: [UInt8] {
        let header = "{\"rangepipe-play-state\": 2, \"settings\": \"\(settings)\", \"store\": \(JSONText.string(mark.storeID)), \"generation\": \(mark.generation), \"series\": \(seen?.keys.count ?? 0)}\n"
        return Array(header.utf8) + (seen?.lines ?? [])
    }
}
