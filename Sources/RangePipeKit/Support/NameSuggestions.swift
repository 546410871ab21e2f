/// What to say when a name is not among the known ones: the closest names
/// ("did you mean") and a short list, never the whole of a long one.
public enum NameSuggestions {
    /// Names listed at most.
    static let listed = 8

    /// `did you mean 'AAPL'? (5 series: AAPL, AMZN, …)`: up to 3 names at
    /// an edit distance of at most a third of the longer name (2 at least),
    /// or that contain the name or are contained in it, ignoring case,
    /// closest first; then the count and the first `listed` names in order.
    public static func text(for wanted: String, among names: [String], noun: String = "series") -> String {
        let sorted = names.sorted()
        let key = Array(wanted.lowercased())
        var close: [(distance: Int, name: String)] = []
        for name in sorted {
            let other = Array(name.lowercased())
            let limit = max(2, max(key.count, other.count) / 3)
            let d = distance(key, other, limit: limit)
            let contains = !key.isEmpty && (name.lowercased().contains(wanted.lowercased()) || wanted.lowercased().contains(name.lowercased()))
            if d <= limit || contains { close.append((contains ? min(d, limit) : d, name)) }
        }
        close.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        var out = ""
        if !close.isEmpty {
            out = "did you mean " + close.prefix(3).map { "'\($0.name)'" }.joined(separator: " or ") + "? "
        }
        let shown = sorted.prefix(listed).joined(separator: ", ")
        let more = sorted.count > listed ? ", … (`rangepipe series` lists them all)" : ""
        return out + "(\(sorted.count) \(noun): \(shown)\(more))"
    }

    /// Levenshtein distance, or `limit + 1` once it must exceed `limit`.
    static func distance(_ a: [Character], _ b: [Character], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        var previous = Array(0 ... b.count)
        for (i, ca) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, cb) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (ca == cb ? 0 : 1))
            }
            if current.min()! > limit { return limit + 1 }
            previous = current
        }
        return previous[b.count]
    }
}
