/// What `play --changed-since STATE` keeps between runs: a fingerprint of
/// the run's settings (the script's bytes, the options that shape the
/// output, the series asked for) and where the store's history stood
/// (`SeriesStore.ChangeMark`). A later run with the same settings on the
/// same store plays only the series whose content a write changed since
/// then; any other run plays every series, and each run records itself.
///
/// The file is one line of JSON, written whole after the output:
/// `{"rangepipe-play-state": 1, "settings": "…", "store": "…", "generation": N}`.
package struct PlayState: Equatable, Sendable {
    /// The settings fingerprint (`fingerprint(script:options:series:appendSources:)`).
    package var settings: String
    /// The store's id and last write transaction when the run read it.
    package var mark: SeriesStore.ChangeMark

    package init(settings: String, mark: SeriesStore.ChangeMark) {
        self.settings = settings
        self.mark = mark
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

    /// True when a run with `settings` on a store at `mark` may play only
    /// what changed since this state: same settings, same store, and a
    /// history that has not gone backwards (a store restored from an older
    /// copy plays whole).
    package func covers(settings current: String, mark now: SeriesStore.ChangeMark) -> Bool {
        current == settings && now.storeID == mark.storeID && now.generation >= mark.generation
    }

    /// The state file's text.
    package var text: String {
        "{\"rangepipe-play-state\": 1, \"settings\": \"\(settings)\", \"store\": \(JSONText.string(mark.storeID)), \"generation\": \(mark.generation)}\n"
    }
}
