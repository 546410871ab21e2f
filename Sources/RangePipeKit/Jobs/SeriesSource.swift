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

    /// Every series name there is (store order, or parse order for `--input`).
    package func names() throws -> [String] {
        if let store { return try store.seriesNames() }
        return Array(parsed.keys)
    }

    /// One series by name, whole.
    package func load(_ name: String) throws -> Series {
        if let store {
            guard let s = try store.loadSeries(named: name) else {
                throw RangePipeError.invalid("series '\(name)' is not in the store; \(NameSuggestions.text(for: name, among: (try? store.seriesNames()) ?? []))")
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
        if all { return available.sorted() }
        let wanted = !seriesNames.isEmpty ? seriesNames : script.series.map { [$0] } ?? script.sync ?? []
        if wanted.isEmpty {
            guard available.count == 1 else {
                throw RangePipeError.invalid("\(script.source): series: the script names no series and the store holds \(available.count) (\(available.sorted().joined(separator: ", "))); give --series or --all")
            }
            return available
        }
        let known = Set(available)
        for name in wanted where !known.contains(name) {
            let whereFrom = seriesNames.isEmpty ? "\(script.source): series: " : ""
            throw RangePipeError.invalid("\(whereFrom)series '\(name)' is not in the store; \(NameSuggestions.text(for: name, among: available))")
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
            throw RangePipeError.invalid("series '\(name)' is not in the input (series: \(parsed.keys.sorted().joined(separator: ", ")))")
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
