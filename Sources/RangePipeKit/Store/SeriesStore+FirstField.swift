/// A series' first field in its own row (schema version 4, `StoreSchema`).
extension SeriesStore {
    /// Version 3 → 4: the first-field columns, filled from each series'
    /// ordinal 0 row of `field`, which is then deleted; inside the write
    /// transaction that opened the store (a failed or killed write leaves
    /// version 3 as it was).
    /// - Complexity: O(series + field rows): one pass of each table.
    func migrateToVersion4() throws {
        try db.execute(StoreSchema.addFirstField)
        try db.execute("PRAGMA user_version = 4")
    }

    /// A listing's fields: the first from its series row (`first`, NULL
    /// name before version 4 or for a series without fields), then the
    /// `field` rows of series `id` in ordinal order.
    /// - Complexity: O(its fields).
    func fieldInfos(first: SeriesInfo.FieldInfo?, seriesID id: Int64) throws -> [SeriesInfo.FieldInfo] {
        let rows = try statements.prepared(.fieldInfos, db)
        defer { rows.reset() }
        rows.bind(1, id)
        var infos = first.map { [$0] } ?? []
        while try rows.step() {
            infos.append(.init(name: rows.text(0), min: rows.double(1), max: rows.double(2), missing: Int(rows.int(3))))
        }
        return infos
    }
}
