/// Rows of a store being built, inserted `rowsPerStatement` at a time.
///
/// A fleet of 10^5 small series is 4×10^5 rows; one INSERT per row pays
/// SQLite's per-statement work (cursor opens, VDBE start and halt) for
/// every row. Here each table's rows wait in a buffer and go in through one
/// multi-row INSERT; the last few at `flush` go in one at a time. Values are
/// copies (blob bytes in one buffer), so the caller's arrays need not outlive
/// the call.
struct InsertBatch {
    enum Table: Int, CaseIterable {
        case series, field, category, chunk

        var insertPrefix: String {
            switch self {
            case .series: "INSERT INTO series(id, name, axis, points, x_min, x_max, chunk_size, content_hash, changed_generation, pack_id, pack_offset) VALUES "
            case .field: "INSERT INTO field(series_id, ordinal, name, min, max, missing) VALUES "
            case .category: "INSERT INTO category(series_id, ordinal, label) VALUES "
            case .chunk: "INSERT INTO chunk(series_id, column_index, seq, first_index, count, min, max, data) VALUES "
            }
        }

        var columns: Int {
            switch self {
            case .series: 11
            case .field: 6
            case .category: 3
            case .chunk: 8
            }
        }
    }

    /// A value bound to one statement parameter; nil and NaN reals bind
    /// NULL; a blob is a range of `blobBytes`.
    enum Value {
        case integer(Int64)
        case real(Double?)
        case text(String)
        case blob(start: Int, count: Int)
    }

    /// Appends one row's values to a table's waiting rows in place.
    struct RowWriter {
        var values: [Value]
        var blobBytes: [UInt8]
        mutating func integer(_ v: Int64) { values.append(.integer(v)) }
        mutating func integer(_ v: Int) { values.append(.integer(Int64(v))) }
        mutating func real(_ v: Double?) { values.append(.real(v)) }
        mutating func text(_ v: String) { values.append(.text(v)) }
    }

    static let rowsPerStatement = 64

    private var pending: [[Value]] = Array(repeating: [], count: Table.allCases.count)
    /// The bytes of the waiting rows' blobs (one buffer, no array per blob).
    private var blobBytes: [UInt8] = []
    private var many: [SQLiteStatement?] = Array(repeating: nil, count: Table.allCases.count)
    private var one: [SQLiteStatement?] = Array(repeating: nil, count: Table.allCases.count)

    /// True when rows wait to be inserted.
    var isEmpty: Bool { pending.allSatisfy(\.isEmpty) }

    /// Adds one row (`table.columns` values, written by `fill`); a full
    /// buffer is inserted.
    /// - Complexity: amortized O(1) statements per `rowsPerStatement` rows.
    mutating func add(_ table: Table, _ db: SQLiteConnection, _ fill: (inout RowWriter) -> Void) throws {
        var row = RowWriter(values: [], blobBytes: [])
        swap(&row.values, &pending[table.rawValue])
        swap(&row.blobBytes, &blobBytes)
        let before = row.values.count
        fill(&row)
        precondition(row.values.count - before == table.columns)
        swap(&row.values, &pending[table.rawValue])
        swap(&row.blobBytes, &blobBytes)
        if pending[table.rawValue].count == table.columns * Self.rowsPerStatement {
            try insert(table, rows: Self.rowsPerStatement, db)
        }
    }

    /// Inserts every waiting row.
    mutating func flush(_ db: SQLiteConnection) throws {
        for table in Table.allCases {
            while !pending[table.rawValue].isEmpty { try insert(table, rows: 1, db) }
        }
    }

    /// Forgets waiting rows (the transaction is being rolled back) and
    /// finalizes the statements.
    mutating func removeAll() {
        self = InsertBatch()
    }

    /// Inserts the first `rows` waiting rows of `table` with one statement.
    private mutating func insert(_ table: Table, rows: Int, _ db: SQLiteConnection) throws {
        let statement = try statement(table, rows: rows, db)
        let values = pending[table.rawValue].prefix(rows * table.columns)
        // Blobs are bound in place, so binding and stepping happen while
        // `blobBytes` is held still.
        try statement.withBlobsBound(in: blobBytes) { bindBlob in
            for (k, value) in values.enumerated() {
                let index = Int32(k + 1)
                switch value {
                case let .integer(v): statement.bind(index, v)
                case let .real(v): statement.bind(index, v)
                case let .text(v): statement.bind(index, v)
                case let .blob(start, count): bindBlob(index, start ..< start + count)
                }
            }
            try statement.step()
        }
        statement.reset()
        pending[table.rawValue].removeFirst(rows * table.columns)
        if pending[Table.chunk.rawValue].isEmpty { blobBytes.removeAll(keepingCapacity: true) }
    }

    private mutating func statement(_ table: Table, rows: Int, _ db: SQLiteConnection) throws -> SQLiteStatement {
        let cached = rows == 1 ? one[table.rawValue] : many[table.rawValue]
        if let cached { return cached }
        let tuple = "(" + Array(repeating: "?", count: table.columns).joined(separator: ", ") + ")"
        let sql = table.insertPrefix + Array(repeating: tuple, count: rows).joined(separator: ", ")
        let prepared = try db.prepare(sql)
        if rows == 1 { one[table.rawValue] = prepared } else { many[table.rawValue] = prepared }
        return prepared
    }
}
