extension SeriesStore {
    /// Writes a small new series into a store being built through the
    /// multi-row batch (see `InsertBatch`), with an id assigned here.
    /// - Complexity: O(points); one statement per 64 rows of each table.
    func writeBatched(_ series: Series) throws -> SeriesInfo {
        let id = try takeBatchID()
        let info = SeriesInfo(series)
        try batch.add(.series, [.integer(id), .text(series.name), .text(series.axis.rawValue), .integer(Int64(series.count)),
                                .real(series.x.first), .real(series.x.last), .integer(Int64(StoreSchema.chunkSize))], db)
        for (k, f) in info.fields.enumerated() {
            try batch.add(.field, [.integer(id), .integer(Int64(k)), .text(f.name), .real(f.min), .real(f.max),
                                   .integer(Int64(f.missing))], db)
        }
        for (k, label) in series.categories.enumerated() {
            try batch.add(.category, [.integer(id), .integer(Int64(k)), .text(label)], db)
        }
        // One chunk per column: a batched series is shorter than a chunk.
        for (column, values) in [(-1, series.x)] + series.fields.enumerated().map({ ($0.offset, $0.element.values) }) where !values.isEmpty {
            let range = values.withUnsafeBufferPointer { Series.range(of: $0) }
            let bytes = values.withUnsafeBytes { [UInt8]($0) }
            try batch.add(.chunk, [.integer(id), .integer(Int64(column)), .integer(0), .integer(0), .integer(Int64(values.count)),
                                   .real(range?.min), .real(range?.max), .blob(bytes)], db)
        }
        return info
    }

    /// The next free id: after the rows already batched, or past the
    /// table's largest once rows written one by one have moved it.
    private func takeBatchID() throws -> Int64 {
        let id = try nextBatchID ?? db.scalarInt("SELECT coalesce(max(id), 0) FROM series") + 1
        nextBatchID = id + 1
        return id
    }
}
