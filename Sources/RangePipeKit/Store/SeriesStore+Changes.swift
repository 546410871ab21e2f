/// What changed, and when: the content hashes and generations of schema
/// version 2 (`StoreSchema`), which `play --changed-since` reads.
extension SeriesStore {
    /// Where a store's history stands: its id and the last committed write
    /// transaction's number.
    public struct ChangeMark: Equatable, Sendable {
        public var storeID: String
        public var generation: Int64
    }

    /// The store's change mark, or nil for a version 1 store no write has
    /// migrated yet.
    /// - Complexity: O(1).
    public func changeMark() throws -> ChangeMark? {
        guard try db.scalarInt("PRAGMA user_version") >= 2 else { return nil }
        let rows = try db.prepare("SELECT key, value FROM meta WHERE key IN ('store_id', 'generation')")
        var id: String?, generation: Int64?
        while try rows.step() {
            if rows.text(0) == "store_id" { id = rows.text(1) } else { generation = Int64(rows.text(1)) }
        }
        guard let id, let generation else { throw RangePipeError.invalid("\(path): damaged store (meta has no store_id or generation)") }
        return ChangeMark(storeID: id, generation: generation)
    }

    /// The names of the series whose content a write transaction after
    /// `generation` changed, sorted by name.
    /// - Complexity: O(k log n) for k changed series of n (an index on the
    ///   generation); no chunk reads.
    public func seriesChanged(after generation: Int64) throws -> [String] {
        let rows = try db.prepare("SELECT name FROM series WHERE changed_generation > ?")
        rows.bind(1, generation)
        var names: [String] = []
        while try rows.step() { names.append(rows.text(0)) }
        return names.sorted()
    }

    /// Every series' content hash by name (a series with none, which no
    /// write since version 2 has touched, is left out).
    /// - Complexity: O(n) for n series; no chunk reads.
    public func contentHashes() throws -> [String: String] {
        let rows = try db.prepare("SELECT name, content_hash FROM series WHERE content_hash IS NOT NULL")
        var hashes: [String: String] = [:]
        while try rows.step() { hashes[rows.text(0)] = rows.text(1) }
        return hashes
    }

    /// Numbers this write transaction (one past the last committed), and
    /// gives a store its id on its first write.
    func beginGeneration() throws {
        generation = try db.scalarInt("SELECT coalesce((SELECT CAST(value AS INTEGER) FROM meta WHERE key = 'generation'), 0)") + 1
        try db.execute("INSERT OR REPLACE INTO meta(key, value) VALUES ('generation', '\(generation)')")
        if try db.scalarInt("SELECT count(*) FROM meta WHERE key = 'store_id'") == 0 {
            var random = SystemRandomNumberGenerator()
            let id = (0 ..< 2).map { _ in String(random.next() as UInt64, radix: 16) }.joined(separator: "-")
            try db.execute("INSERT INTO meta(key, value) VALUES ('store_id', '\(id)')")
        }
    }

    /// Version 1 → 2: adds the hash and generation columns and fills the
    /// hashes from every series' stored content (generation 0: before any
    /// recorded run), inside the write transaction that opened the store,
    /// so a failed write leaves the store at version 1 as it was.
    /// - Complexity: reads every series once.
    func migrateToVersion2() throws {
        try db.execute("""
            ALTER TABLE series ADD COLUMN content_hash TEXT;
            ALTER TABLE series ADD COLUMN changed_generation INTEGER NOT NULL DEFAULT 0;
            CREATE INDEX series_changed ON series(changed_generation);
            """)
        let update = try db.prepare("UPDATE series SET content_hash = ? WHERE name = ?")
        for name in try seriesNames() {
            guard let series = try loadSeries(named: name) else { continue }
            update.reset()
            update.bind(1, series.contentHash)
            update.bind(2, name)
            try update.step()
        }
        update.reset()
        try db.execute("PRAGMA user_version = 2")
    }
}
