/// Where `play`, `player` and `preview` get series: the store (read in one
/// snapshot), or `--input` files ingested in memory for the run. The one
/// place the commands load series.
package struct SeriesSource {
    let store: SeriesStore?
    let parsed: [String: Series]

    /// `options` given: parse `input` in memory; nil: open the store at `path`.
    package init(input: [String], store path: String, options: IngestOptions?) throws {
        if let options {
            let result = try Ingestor(options: options).parse(files: input)
            parsed = Dictionary(uniqueKeysWithValues: result.series.map { ($0.series.name, $0.series) })
            store = nil
        } else {
            let store = try SeriesStore.openForReading(path: path)
            try store.holdSnapshot()
            self.store = store
            parsed = [:]
        }
    }

    /// Every series name there is, in the store's order (by UTF-8 bytes,
    /// `utf8Precedes`; `--input`'s names sorted so), which
    /// `NameSuggestions` searches.
    package func names() throws -> [String] {
        if let store { return try store.seriesNames() }
        return parsed.keys.sorted { $0.utf8Precedes($1) }
    }

    /// The message for a series `name` that is not there: `whereFrom`
    /// locates it (`s.json: series: `), then the closest names and a short
    /// list (`NameSuggestions`, bounded in cost).
    func notThere(_ name: String, _ whereFrom: String = "", among available: [String]? = nil) -> RangePipeError {
        let known = available ?? (try? names()) ?? []
        return RangePipeError.invalid("\(whereFrom)series '\(name)' is not in the \(store == nil ? "input" : "store"); "
            + NameSuggestions.text(for: name, among: known))
    }

    /// One series by name, whole.
    package func load(_ name: String) throws -> Series {
        if let store {
            guard let s = try store.loadSeries(named: name) else {
                throw notThere(name)
            }
            return s
        }
        return parsed[name]!
    }
}

extension SeriesSource {
    /// The series `play` plays, in output order: every series by name with
    /// `all`, else the names given (`--series`), else the script's, else the
    /// only one there is.
    package func playList(named seriesNames: [String], all: Bool, script: Script) throws -> [String] {
        let available = try names()
        if all {
            // Names come in byte order, which is `String` order for most
            // names: checked in one pass, a sorted list is not copied and
            // sorted again (10^6 names: about 9 ms of a start no other
            // thread overlaps).
            let ordered = zip(available, available.dropFirst()).allSatisfy { $0 < $1 }
            return ordered ? available : available.sorted()
        }
        let wanted = !seriesNames.isEmpty ? seriesNames : script.series.map { [$0] } ?? script.sync ?? []
        if wanted.isEmpty {
            guard available.count == 1 else {
                throw RangePipeError.invalid("\(script.source): series: the script names no series and the \(store == nil ? "input" : "store") holds \(NameSuggestions.listing(available)); give --series or --all")
            }
            return available
        }
        let known = Set(available)
        for name in wanted where !known.contains(name) {
            let whereFrom = seriesNames.isEmpty ? "\(script.source): series: " : ""
            throw notThere(name, whereFrom, among: available)
        }
        return wanted
    }

    /// The one series a picture shows: `--series`, else the script's, else the only one there is.
    package func one(named wanted: String?, script: Script) throws -> Series {
        if wanted == nil, let linked = script.sync {
            // Only `play`, `preview` and `script check` draw linked charts.
            throw RangePipeError.usage("\(script.source): sync: the script links \(linked.joined(separator: ", ")); this command shows one series: give --series")
        }
        // A named series is looked up alone: listing 10^5 names to draw one is waste.
        let available = wanted ?? script.series == nil ? try names() : []
        guard let name = wanted ?? script.series ?? (available.count == 1 ? available[0] : nil) else {
            throw RangePipeError.invalid("\(script.source): series: the script names no series; give --series")
        }
        guard store != nil || parsed[name] != nil else {
            throw notThere(name)
        }
        return try load(name)
    }
}

extension SeriesSource {
    /// The loader `play` reads `names` (its play list, in output order) with.
    package func loader(for names: [String]) throws -> SeriesLoader {
        try SeriesLoader(source: self, names: names)
    }
}
