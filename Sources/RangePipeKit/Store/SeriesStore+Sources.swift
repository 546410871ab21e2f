/// The files each series was last written from (`series.source_id` and the
/// `source` table, see `StoreSchema`): what lets an ingest say that it
/// replaced series another file wrote.
extension SeriesStore {
    /// Adds the source column and table to a store made without them, in
    /// the write transaction (no schema version change: an older rangepipe
    /// leaves the column NULL).
    /// - Complexity: O(1): SQLite adds a column by rewriting the schema only.
    func ensureSources() throws {
        guard try db.scalarInt("SELECT count(*) FROM pragma_table_info('series') WHERE name = 'source_id'") == 0 else { return }
        try db.execute(StoreSchema.addSources)
    }

    /// The id of the `source` row for these files (canonical paths, in
    /// order), made if there is none.
    /// - Complexity: two indexed statements; a run has a few distinct sets.
    public func sourceID(files: [String]) throws -> Int64 {
        let text = files.joined(separator: "\n")
        let insert = try db.prepare("INSERT OR IGNORE INTO source(files) VALUES (?)")
        insert.bind(1, text)
        _ = try insert.step()
        let select = try db.prepare("SELECT id FROM source WHERE files = ?")
        select.bind(1, text)
        guard try select.step() else { throw RangePipeError.invalid("\(path): damaged store (a source row vanished)") }
        return select.int(0)
    }

    /// The files of `source` row `id`; empty for an unknown id.
    public func sourceFiles(id: Int64) throws -> [String] {
        let select = try db.prepare("SELECT files FROM source WHERE id = ?")
        select.bind(1, id)
        return try select.step() ? select.text(0).split(separator: "\n", omittingEmptySubsequences: false).map(String.init) : []
    }

    /// The files the stored series `name` was last written from; nil when
    /// it is not stored or its source is not recorded.
    public func sourceFiles(ofSeries name: String) throws -> [String]? {
        guard let source = try storedChange(of: name)?.source else { return nil }
        return try sourceFiles(id: source)
    }
}
