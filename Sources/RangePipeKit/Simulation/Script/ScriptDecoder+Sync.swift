/// The top-level `sync` key: linked charts (`play --sync` in the script).
extension ScriptDecoder {
    /// `"sync": ["A", "B", …]`: at least one series name, none empty or repeated.
    /// - Complexity: O(names).
    static func syncList(_ v: JSONValue, _ path: String) throws -> [String] {
        guard case let .array(items) = v else { throw Failure(path: path, message: "expected an array of series names, got \(v.kindName)") }
        guard !items.isEmpty else { throw Failure(path: path, message: "expected at least one series name") }
        var names: [String] = []
        for (k, item) in items.enumerated() {
            let name = try string(item, "\(path)[\(k)]")
            guard !name.isEmpty else { throw Failure(path: "\(path)[\(k)]", message: "a series name cannot be empty") }
            guard !names.contains(name) else { throw Failure(path: "\(path)[\(k)]", message: "series '\(name)' is named twice") }
            names.append(name)
        }
        return names
    }
}
