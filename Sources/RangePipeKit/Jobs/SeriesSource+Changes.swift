extension SeriesSource {
    /// `play --changed-since STATE`: the series to play, in output order,
    /// and the state to record once they are written (nil for a version 1
    /// store, which has no history until its next write).
    ///
    /// With a state from the same settings and store, only the series a
    /// write changed since it (all of them that `all` or the names ask
    /// for); otherwise the whole play list (`playList`).
    /// - Complexity: with a usable state, O(k log n) for k changed series
    ///   of n under `all` (the names of the unchanged are never read).
    package func changedPlayList(state path: String, named seriesNames: [String], all: Bool, script: Script,
                                 scriptBytes: [UInt8], options: [String]) throws -> (names: [String], next: PlayState?) {
        guard let store else {
            throw RangePipeError.usage("--changed-since reads the store's history of writes; it cannot be used with --input")
        }
        let listed = all ? nil : try playList(named: seriesNames, all: false, script: script)
        let settings = PlayState.fingerprint(script: scriptBytes, options: options, series: listed, appendSources: script.appendSources)
        let previous = try PlayState.read(path: path)
        guard let mark = try store.changeMark() else {
            writeMessage("rangepipe: \(store.path) predates store version 2: every series is played and no state recorded (its next ingest adds the history)")
            return (try listed ?? playList(named: seriesNames, all: all, script: script), nil)
        }
        let next = PlayState(settings: settings, mark: mark)
        guard let previous, previous.covers(settings: settings, mark: mark) else {
            return (try listed ?? playList(named: seriesNames, all: all, script: script), next)
        }
        let changed = try store.seriesChanged(after: previous.mark.generation)
        guard let listed else { return (changed, next) }
        let wanted = Set(changed)
        return (listed.filter(wanted.contains), next)
    }
}
