/// The series `append` actions read (`"from": {"series": …}`).
extension SeriesSource {
    /// `script` with every series its `append` actions name loaded into
    /// `appendSources`, from the store or the `--input` files.
    /// - Throws: `RangePipeError.invalid` (exit 65) at `events[k].from.series`
    ///   when a named series is not there.
    /// - Complexity: O(points of the named series).
    package func withAppendSources(_ script: Script) throws -> Script {
        var script = script
        for event in script.events {
            guard case let .append(.series(name, _)) = event.kind, script.appendSources[name] == nil else { continue }
            let present: Bool
            if let store { present = try store.loadSeries(named: name).map { script.appendSources[name] = $0 } != nil }
            else { present = parsed[name].map { script.appendSources[name] = $0 } != nil }
            guard present else {
                throw notThere(name, "\(script.source): \(event.path).from.series: ")
            }
        }
        return script
    }
}
