/// The columns of a series larger than a pack takes, in `chunk` rows.
extension SeriesStore {
    /// One column of a chunked series, checked to tile `points` values.
    func loadColumn(seriesID: Int64, column: Int, points: Int, series name: String) throws -> [Double] {
        let s = try statements.prepared(.columnChunks, db)
        defer { s.reset() }
        s.bind(1, seriesID)
        s.bind(2, column)
        var values = [Double](repeating: .nan, count: points)
        var filled = 0
        while try s.step() {
            let first = Int(s.int(0)), count = Int(s.int(1))
            guard first == filled, s.copyDoubles(2, into: &values, at: first, count: count) else {
                throw damaged(name, "a damaged chunk in column \(column) at value \(filled)")
            }
            filled += count
        }
        guard filled == points else {
            throw damaged(name, "column \(column) has \(filled) of \(points) values")
        }
        return values
    }

    /// One column of a chunked series as chunks of `StoreSchema.chunkSize`.
    func writeColumn(_ values: [Double], seriesID: Int64, column: Int, _ statement: SQLiteStatement) throws {
        let size = StoreSchema.chunkSize
        var seq = 0
        var first = 0
        while first < values.count {
            let count = min(size, values.count - first)
            let part = values[first ..< first + count]
            let range = Series.range(of: part)
            statement.reset()
            statement.bind(1, seriesID); statement.bind(2, column); statement.bind(3, seq)
            statement.bind(4, first); statement.bind(5, count)
            statement.bind(6, range?.min); statement.bind(7, range?.max)
            _ = try statement.withDoublesBound(8, part) { try statement.step() }
            seq += 1
            first += count
        }
    }
}
