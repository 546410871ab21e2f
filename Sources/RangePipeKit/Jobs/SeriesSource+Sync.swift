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
            throw notThere(name, "\(source)[\(k)]: ", among: available)
        }
        return try wanted.map(load)
    }
}
