/// The statements the store runs once per series, each prepared on first
/// use and kept for the connection's life, so that per-series work is a
/// bind and a step — not a parse of SQL — with 10^6 series in one ingest.
struct StatementCache {
    enum Kind: Int, CaseIterable {
        case deleteFields, deleteCategories, deleteChunks, deleteSeries
        case insertSeries, completeSeries, insertField, insertCategory, insertChunk
        case seriesHead, seriesHeadV3, seriesHeadUnpacked, packSlice, seriesChange, fieldNames, fieldInfos, categoryLabels, columnChunks

        var sql: String {
            switch self {
            case .deleteFields: "DELETE FROM field WHERE series_id = ?"
            case .deleteCategories: "DELETE FROM category WHERE series_id = ?"
            case .deleteChunks: "DELETE FROM chunk WHERE series_id = ?"
            case .deleteSeries: "DELETE FROM series WHERE id = ?"
            case .insertSeries: """
                INSERT INTO series(name, axis, points, x_min, x_max, chunk_size, content_hash, changed_generation, pack_id, pack_offset, source_id,
                                   field_name, field_min, field_max, field_missing) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            // A long series' digest, made while its chunks were written.
            case .completeSeries: """
                UPDATE series SET content_hash = ?, changed_generation = ?, field_min = ?, field_max = ?, field_missing = ? WHERE id = ?
                """
            case .insertField: "INSERT INTO field(series_id, ordinal, name, min, max, missing) VALUES (?, ?, ?, ?, ?, ?)"
            case .insertCategory: "INSERT INTO category(series_id, ordinal, label) VALUES (?, ?, ?)"
            case .insertChunk: "INSERT INTO chunk(series_id, column_index, seq, first_index, count, min, max, data) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            case .seriesHead: "SELECT id, axis, points, pack_id, pack_offset, field_name FROM series WHERE name = ?"
            // Version 3: every field is in the field table.
            case .seriesHeadV3: "SELECT id, axis, points, pack_id, pack_offset, NULL FROM series WHERE name = ?"
            // Before schema version 3 (no pack columns): every series is chunked.
            case .seriesHeadUnpacked: "SELECT id, axis, points, NULL, NULL, NULL FROM series WHERE name = ?"
            // As bytes even if an edit left text in `data` (`substr` counts characters in text).
            case .packSlice: "SELECT substr(CAST(data AS BLOB), ?, ?) FROM pack WHERE id = ?"
            case .seriesChange: "SELECT id, content_hash, changed_generation, source_id FROM series WHERE name = ?"
            case .fieldNames: "SELECT name FROM field WHERE series_id = ? ORDER BY ordinal"
            case .fieldInfos: "SELECT name, min, max, missing FROM field WHERE series_id = ? ORDER BY ordinal"
            case .categoryLabels: "SELECT label FROM category WHERE series_id = ? ORDER BY ordinal"
            case .columnChunks: "SELECT first_index, count, data FROM chunk WHERE series_id = ? AND column_index = ? ORDER BY seq"
            }
        }
    }

    private var prepared: [SQLiteStatement?] = Array(repeating: nil, count: Kind.allCases.count)

    /// The statement for `kind`, reset and unbound, ready to bind.
    /// - Complexity: O(1) after the first call for each kind.
    mutating func prepared(_ kind: Kind, _ db: SQLiteConnection) throws -> SQLiteStatement {
        if let statement = prepared[kind.rawValue] {
            statement.reset()
            return statement
        }
        let statement = try db.prepare(kind.sql)
        prepared[kind.rawValue] = statement
        return statement
    }

    /// Finalizes every statement (before the connection closes).
    mutating func removeAll() {
        prepared = Array(repeating: nil, count: Kind.allCases.count)
    }
}
