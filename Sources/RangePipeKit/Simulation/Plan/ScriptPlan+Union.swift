/// Linked charts (`play --sync A,B,…`): the shared x that their window is
/// resolved on.
extension ScriptPlan {
    /// Resolves `script` for `series` as one of several linked charts: its
    /// own fields, values and queries; bounds, spans, windows and presets
    /// from `union` (`unionSeries(of:name:)`), so every linked plan has the
    /// same window rules and the same events.
    /// - Throws: `RangePipeError.invalid` naming the script path that does
    ///   not fit (a field `series` lacks; a window or span the union cannot hold).
    /// - Complexity: O(union points) plus O(n) per shown field.
    public init(script: Script, series: Series, union: Series) throws {
        try self.init(script: script, fields: series, windowsOn: union)
    }

    /// A series with no fields whose x are the distinct x of every series
    /// in `all`, sorted (a time two series share is one point). Axis and
    /// category labels are the first series'; callers check they agree.
    /// - Complexity: O(series · union points).
    public static func unionSeries(of all: [Series], name: String) -> Series {
        var x: [Double] = []
        for s in all { x = mergeDistinct(x, s.x) }
        return Series(name: name, axis: all.first?.axis ?? .number, x: x, fields: [], categories: all.first?.categories ?? [])
    }

    /// The distinct values of two ascending arrays, ascending.
    /// - Complexity: O(a + b).
    static func mergeDistinct(_ a: [Double], _ b: [Double]) -> [Double] {
        var out: [Double] = []
        out.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count || j < b.count {
            let v: Double
            if j == b.count || (i < a.count && a[i] <= b[j]) {
                v = a[i]; i += 1
            } else {
                v = b[j]; j += 1
            }
            // Repeats within one series (`--duplicates keep`) collapse too.
            if out.last != v { out.append(v) }
        }
        return out
    }
}
