/// What to say when a name is not among the known ones: the closest names
/// ("did you mean") and a short list, never the whole of a long one. The
/// cost is bounded whatever the number of names: only the names that sort
/// near the wanted one (as written, lower case, upper case, capitalised)
/// are compared, found by binary search in the sorted list.
public enum NameSuggestions {
    /// Names listed at most.
    static let listed = 8
    /// Names compared on each side of each place the wanted name would sort.
    static let reach = 32

    /// `did you mean 'AAPL'? (5 series: AAPL, AMZN, …)`: up to 3 names at
    /// an edit distance of at most a third of the longer name (2 at least)
    /// and less than its length, or that contain the name or are contained in it, ignoring case,
    /// closest first, among the names `candidates` picks; then the count
    /// and the first `listed` names.
    /// - Parameter names: sorted by their UTF-8 bytes (`utf8Precedes`: the
    ///   store's name order; `SeriesSource.names()` gives them so).
    /// - Complexity: O(log n) comparisons and O(`reach`) edit distances,
    ///   whatever the number of names n.
    public static func text(for wanted: String, among names: [String], noun: String = "series") -> String {
        let key = Array(wanted.lowercased())
        var close: [(distance: Int, name: String)] = []
        for k in candidates(for: wanted, among: names) {
            let name = names[k], lower = name.lowercased()
            let other = Array(lower)
            let limit = max(2, max(key.count, other.count) / 3)
            let d = distance(key, other, limit: limit)
            let contains = !key.isEmpty && (lower.contains(wanted.lowercased()) || wanted.lowercased().contains(lower))
            // A name that shares nothing (every letter changed: `zz` and `n`) is no suggestion.
            if d <= limit && d < max(key.count, other.count) || contains { close.append((contains ? min(d, limit) : d, name)) }
        }
        close.sort { ($0.distance, $0.name) < ($1.distance, $1.name) }
        var out = ""
        if !close.isEmpty {
            out = "did you mean " + close.prefix(3).map { "'\($0.name)'" }.joined(separator: " or ") + "? "
        }
        return out + "(\(listing(names, noun: noun)))"
    }

    /// `5 series: AAPL, AMZN, …`: the count and the first `listed` names.
    /// - Complexity: O(`listed`).
    public static func listing(_ names: [String], noun: String = "series") -> String {
        let shown = names.prefix(listed).joined(separator: ", ")
        let more = names.count > listed ? ", … (`rangepipe series` lists them all)" : ""
        return "\(names.count) \(noun): \(shown)\(more)"
    }

    /// The indices of the names compared: `reach` on each side of where
    /// `wanted`, in each of its cases, would sort; at most 8 × `reach`.
    /// - Complexity: O(log n) comparisons.
    static func candidates(for wanted: String, among names: [String]) -> [Int] {
        let capitalised = wanted.prefix(1).uppercased() + wanted.dropFirst().lowercased()
        var picked = Set<Int>()
        for probe in Set([wanted, wanted.lowercased(), wanted.uppercased(), capitalised]) {
            var low = 0, high = names.count
            while low < high {
                let mid = (low + high) / 2
                if names[mid].utf8Precedes(probe) { low = mid + 1 } else { high = mid }
            }
            picked.formUnion(max(0, low - reach) ..< min(names.count, low + reach))
        }
        return picked.sorted()
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
