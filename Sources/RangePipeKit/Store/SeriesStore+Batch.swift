extension SeriesStore {
    /// Lets a store being built insert its full batches of rows on a
    /// thread of its own (`InsertWriter`) while this one builds the next
    /// series' rows (`ingest --jobs` above 1). The store is the same bytes.
    public func insertBatchesOnThread() {
        if building { batch.startWriter(connection) }
    }

    /// Lets a long series' digest (hash and field ranges) be made on a
    /// thread of its own while its chunks are written (`ingest --jobs`
    /// above 1). The store is the same bytes.
    public func digestLongSeriesOnThread() {
        digestsAside = true
    }

    /// Writes a small new series into a store being built through the
    /// multi-row batch (see `InsertBatch`), with an id assigned here.
    /// - Complexity: O(points); one statement per 64 rows of each table.
    /// - Parameter digest: `SeriesDigest(series)` if made already; nil
    ///   makes its parts here (no digest value copied: a fleet's write).
    func writeBatched(_ series: Series, source: Int64?, digest: SeriesDigest?) throws -> SeriesInfo {
        let id = try takeBatchID()
        let info = digest?.info ?? SeriesInfo(series)
        let packed = try PackWriter.packedBytes(of: series).map { try packs.place(series, bytes: $0, try settledDB()) }
        let hash = digest?.hash ?? series.contentHashWords
        try batch.add(.series, connection) {
            $0.rowID(id); $0.text(series.name); $0.text(series.axis.rawValue); $0.integer(series.count)
            $0.real(series.x.first); $0.real(series.x.last); $0.integer(StoreSchema.chunkSize); $0.hexText(hash.hi, hash.lo)
            $0.integer(generation)
            if let packed { $0.integer(packed.pack); $0.integer(packed.offset) } else { $0.real(nil); $0.real(nil) } // NULL: chunked
            if let source { $0.integer(source) } else { $0.real(nil) }
            // The first field in the series row; the others in `field` (version 4).
            if let f = info.fields.first {
                $0.text(f.name); $0.real(f.min); $0.real(f.max); $0.integer(f.missing)
            } else {
                $0.real(nil); $0.real(nil); $0.real(nil); $0.real(nil)
            }
        }
        for (k, f) in info.fields.enumerated().dropFirst() {
            try batch.add(.field, connection) {
                $0.integer(id); $0.integer(k); $0.text(f.name); $0.real(f.min); $0.real(f.max); $0.integer(f.missing)
            }
        }
        for (k, label) in series.categories.enumerated() {
            try batch.add(.category, connection) { $0.integer(id); $0.integer(k); $0.text(label) }
        }
        guard packed == nil else { return info }
        // One chunk per column: a batched series is shorter than a chunk.
        try addChunk(id, column: -1, series.x)
        for (k, f) in series.fields.enumerated() { try addChunk(id, column: k, f.values) }
        return info
    }

    private func addChunk(_ id: Int64, column: Int, _ values: [Double]) throws {
        guard !values.isEmpty else { return }
        let range = Series.range(of: values[...])
        try batch.add(.chunk, connection) {
            $0.integer(id); $0.integer(column); $0.integer(0); $0.integer(0); $0.integer(values.count)
            $0.real(range?.min); $0.real(range?.max); $0.blob(values)
        }
    }

    /// The connection once the insert thread's batches are in, or the
    /// error one met (so nothing runs after it).
    private func settledDB() throws -> SQLiteConnection {
        if let failure = batch.settle() { throw failure }
        return connection
    }

    /// The next free id: after the rows already batched, or past the
    /// table's largest once rows written one by one have moved it.
    private func takeBatchID() throws -> Int64 {
        let id = try nextBatchID ?? db.scalarInt("SELECT coalesce(max(id), 0) FROM series") + 1
        nextBatchID = id + 1
        return id
    }
}
