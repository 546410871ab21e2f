/// The series `play --sync` links.
extension SeriesSource {
    /// The named series, loaded in the order given; `source` locates the
    /// list in errors (`--sync`, or the script's `sync`).
    /// - Throws: `RangePipeError.invalid` (exit 65) for a name the store or
    ///   input does not hold.
    /// - Complexity: O(names + series listed) plus the loads.
    package func linked(_ wanted: [String], source: String) throws -> [Series] {
        let available = try names()
        let known = Set(available)
        for (k, name) in wanted.enumerated() where !known.contains(name) {
            let whereFrom = store == nil ? "input" : "store"
            throw RangePipeError.invalid("\(source)[\(k)]: series '\(name)' is not in the \(whereFrom) (series: \(available.sorted().joined(separator: ", ")))")
        }
        return try wanted.map(load)
    }
}
