extension SeriesSource {
    /// `play --changed-since STATE`: the series to play, in output order,
    /// and the state to record once they are written (nil for a version 1
    /// store, which has no content hashes until its next write).
    ///
    /// With a version 2 state from the same settings and store, only the
    /// series (of all that `all` or the names ask for) whose name and
    /// content the state did not see (`PlayState.Seen`); otherwise the
    /// whole play list (`playList`). The one rule a re-run keeps: a series
    /// is skipped only when the state holds its key, so it is never skipped
    /// when its content differs from what the state recorded, whatever the
    /// store's history (copied, restored, forked).
    /// - Complexity: O(n) for n series in the store (their names and
    ///   content hashes; no chunk reads) plus O(k log m) for k series asked
    ///   for against a state of m keys.
    package func changedPlayList(state path: String, named seriesNames: [String], all: Bool, script: Script,
                                 scriptBytes: [UInt8], options: [String]) throws -> (names: [String], next: PlayState?) {
        guard let store else {
            throw RangePipeError.usage("--changed-since reads the store's history of writes; it cannot be used with --input")
        }
        let listed = all ? nil : try playList(named: seriesNames, all: false, script: script)
        let settings = PlayState.fingerprint(script: scriptBytes, options: options, series: listed, appendSources: script.appendSources)
        let previous = try PlayState.read(path: path)
        let list = try listed ?? playList(named: seriesNames, all: all, script: script)
        guard let mark = try store.changeMark() else {
            writeMessage("rangepipe: \(store.path) predates store version 2: every series is played and no state recorded (its next ingest adds the history)")
            return (list, nil)
        }
        // Read before the series are: a write in between leaves an older key, so the next run plays it again.
        let hashes = try store.contentHashes()
        let keys = list.map { name in hashes[name].map { PlayState.Seen.key(name: name, contentHash: $0) } }
        let next = PlayState(settings: settings, mark: mark, seen: PlayState.Seen(keys.compactMap { $0 }))
        guard let seen = previous?.covered(settings: settings, storeID: mark.storeID) else { return (list, next) }
        var changed: [String] = []
        for (name, key) in zip(list, keys) where key.map({ !seen.contains($0) }) ?? true { changed.append(name) }
        return (changed, next)
    }
}
