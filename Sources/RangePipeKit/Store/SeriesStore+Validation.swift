/// Nothing read from a store is trusted: a damaged or hand-edited file
/// gives a located error naming the series (exit 65), never a trap or an
/// allocation sized by a stored count.
extension SeriesStore {
    /// The stored point count, if it could be true: not negative, and no
    /// more than the store's files could hold (8 bytes of x per point).
    /// - Throws: `.invalid` naming the series.
    /// - Complexity: two `stat`s on the first call, O(1) after.
    func checkedPointCount(_ stored: Int64, series name: String) throws -> Int {
        let bytes = fileBytes ?? [filePath, filePath + "-wal"].reduce(0) { $0 + (Platform.status($1)?.size ?? 0) }
        fileBytes = bytes
        guard stored >= 0, stored <= Int64(bytes / 8) else {
            throw damaged(name, "it claims \(stored) points, which the store cannot hold")
        }
        return Int(stored)
    }

    /// Checks what the simulator relies on: x finite and in order,
    /// values finite or missing, category ordinals naming a label.
    /// - Throws: `.invalid` naming the series and the first bad point.
    /// - Complexity: O(points × columns).
    func validate(_ series: Series) throws {
        var previous = -Double.infinity
        for (k, x) in series.x.enumerated() {
            guard x.isFinite, x >= previous else {
                throw damaged(series.name, "x at point \(k + 1) is \(x.isFinite ? "out of order" : "not a finite number")")
            }
            previous = x
        }
        if series.axis == .category {
            let labels = Double(series.categories.count)
            if let bad = series.x.firstIndex(where: { $0 < 0 || $0 >= labels || $0.rounded(.towardZero) != $0 }) {
                throw damaged(series.name, "point \(bad + 1) names no category label")
            }
        }
        for field in series.fields {
            if let bad = field.values.firstIndex(where: { $0.isInfinite }) {
                throw damaged(series.name, "field '\(field.name)' at point \(bad + 1) is infinite")
            }
        }
    }

    /// The error for a damaged series.
    func damaged(_ name: String, _ what: String) -> RangePipeError {
        .invalid("\(path): damaged store: series '\(name)': \(what)")
    }
}
