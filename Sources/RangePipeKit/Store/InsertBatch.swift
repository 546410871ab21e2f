/// Rows of a store being built, inserted `rowsPerStatement` at a time.
///
/// A fleet of 10^5 small series is 4×10^5 rows; one INSERT per row pays
/// SQLite's per-statement work (cursor opens, VDBE start and halt) for
/// every row. Here each table's rows wait in a buffer and go in through one
/// multi-row INSERT; the last few at `flush` go in one at a time. Values are
/// copies (blob bytes in one buffer), so the caller's arrays need not outlive
/// the call. Text and blob values are ranges of one byte buffer per table,
/// bound in place: a row's values hold no reference, and SQLite copies no
/// text before the step.
struct InsertBatch {
    enum Table: Int, CaseIterable {
        case series, field, category, chunk

        var insertPrefix: String {
            switch self {
            case .series: """
                INSERT INTO series(id, name, axis, points, x_min, x_max, chunk_size, content_hash, changed_generation, pack_id, pack_offset, source_id,
                                   field_name, field_min, field_max, field_missing) VALUES
                """
            case .field: "INSERT INTO field(series_id, ordinal, name, min, max, missing) VALUES"
            case .category: "INSERT INTO category(series_id, ordinal, label) VALUES"
            case .chunk: "INSERT INTO chunk(series_id, column_index, seq, first_index, count, min, max, data) VALUES"
            }
        }

        var columns: Int {
            switch self {
            case .series: 16
            case .field: 6
            case .category: 3
            case .chunk: 8
            }
        }
    }

    /// A value bound to one statement parameter; nil and NaN reals bind
    /// NULL; text (UTF-8) and a blob are ranges of the table's `bytes`.
    enum Value {
        case integer(Int64)
        /// A row id the caller chose, which SQLite is left to assign (it is
        /// bound NULL): for an `INTEGER PRIMARY KEY` given in increasing
        /// order from one past the table's largest, SQLite's choice (the
        /// largest plus one) is the same, and it skips checking that the id
        /// is free (a search of the table, ~1,000 instructions a row).
        /// `insert` checks the last id SQLite gave (a mismatch is an error, and the write is rolled back).
        case rowID(Int64)
        case real(Double?)
        case text(start: Int, count: Int)
        case blob(start: Int, count: Int)
    }

    /// Appends one row's values to a table's waiting rows in place.
    struct RowWriter {
        var values: [Value]
        var blobBytes: [UInt8]
        mutating func integer(_ v: Int64) { values.append(.integer(v)) }
        mutating func integer(_ v: Int) { values.append(.integer(Int64(v))) }
        /// The row's id, one past the previous row's (see `Value.rowID`).
        mutating func rowID(_ v: Int64) { values.append(.rowID(v)) }
        mutating func real(_ v: Double?) { values.append(.real(v)) }
        mutating func text(_ v: String) {
            let start = blobBytes.count
            // From the contiguous bytes when the string lends them: the
            // view's iterator costs ~180 instructions a short name.
            if v.utf8.withContiguousStorageIfAvailable({ blobBytes.append(contentsOf: $0) }) == nil {
                blobBytes.append(contentsOf: v.utf8)
            }
            values.append(.text(start: start, count: blobBytes.count - start))
        }
    }

    /// Rows a full batch of `table` inserts: 64, or fewer where 64 rows
    /// would bind more than 999 parameters (SQLite's limit before 3.32).
    static func rowsPerStatement(_ table: Table) -> Int {
        min(64, 999 / table.columns)
    }

    private var pending: [[Value]] = Array(repeating: [], count: Table.allCases.count)
    /// Per table, the bytes of its waiting rows' texts and blobs (one
    /// buffer, no array or string per value).
    private var bytes: [[UInt8]] = Array(repeating: [], count: Table.allCases.count)
    private var one: [SQLiteStatement?] = Array(repeating: nil, count: Table.allCases.count)
    private var many: [SQLiteStatement?] = Array(repeating: nil, count: Table.allCases.count)
    /// Inserts full batches on its own thread (`startWriter`); nil: here.
    private var writer: InsertWriter?

    /// True when rows wait to be inserted.
    var isEmpty: Bool { pending.allSatisfy(\.isEmpty) }

    /// From now on full batches are inserted on a thread of their own
    /// (`InsertWriter`), if one can be made. Before the caller uses the
    /// connection itself it calls `waitIdle`.
    mutating func startWriter(_ db: SQLiteConnection) {
        if writer == nil { writer = InsertWriter.start(db) }
    }

    /// Waits until every batch handed to the writer thread is in.
    func waitIdle() {
        _ = writer?.settle()
    }

    /// Waits until every batch handed to the writer thread is in, and
    /// returns the first error one met (nil without a writer).
    func settle() -> (any Error)? {
        writer?.settle()
    }

    /// Adds one row (`table.columns` values, written by `fill`); a full
    /// buffer is inserted (or handed to the writer thread).
    /// - Complexity: amortized O(1) statements per `rowsPerStatement` rows.
    mutating func add(_ table: Table, _ db: SQLiteConnection, _ fill: (inout RowWriter) -> Void) throws {
        var row = RowWriter(values: [], blobBytes: [])
        swap(&row.values, &pending[table.rawValue])
        swap(&row.blobBytes, &bytes[table.rawValue])
        let before = row.values.count
        fill(&row)
        precondition(row.values.count - before == table.columns)
        swap(&row.values, &pending[table.rawValue])
        swap(&row.blobBytes, &bytes[table.rawValue])
        let rows = Self.rowsPerStatement(table)
        guard pending[table.rawValue].count == table.columns * rows else { return }
        if let writer {
            let job = InsertWriter.Job(table: table, rows: rows, values: pending[table.rawValue], bytes: bytes[table.rawValue])
            (pending[table.rawValue], bytes[table.rawValue]) = ([], [])
            (pending[table.rawValue], bytes[table.rawValue]) = try writer.submit(job)
        } else {
            try insert(table, rows: rows, db)
        }
    }

    /// Inserts every waiting row (after the writer thread's batches).
    /// - Throws: the first error any insert met.
    mutating func flush(_ db: SQLiteConnection) throws {
        if let failure = writer?.settle() { throw failure }
        for table in Table.allCases {
            while !pending[table.rawValue].isEmpty { try insert(table, rows: 1, db) }
        }
    }

    /// Forgets waiting rows (the transaction is being rolled back), stops
    /// the writer thread and finalizes the statements.
    mutating func removeAll() {
        writer?.stop()
        self = InsertBatch()
    }

    /// Inserts the first `rows` waiting rows of `table` with one statement.
    private mutating func insert(_ table: Table, rows: Int, _ db: SQLiteConnection) throws {
        let cached = rows == 1 ? one[table.rawValue] : many[table.rawValue]
        let statement = try cached ?? Self.prepare(table, rows: rows, db)
        if rows == 1 { one[table.rawValue] = statement } else { many[table.rawValue] = statement }
        try Self.insert(table, pending[table.rawValue].prefix(rows * table.columns), bytes: bytes[table.rawValue], with: statement, db)
        if pending[table.rawValue].count == rows * table.columns {
            pending[table.rawValue].removeAll(keepingCapacity: true)
            bytes[table.rawValue].removeAll(keepingCapacity: true)
        } else {
            pending[table.rawValue].removeFirst(rows * table.columns)
        }
    }

    /// Binds `values` (whole rows of `table`; texts and blobs are ranges of
    /// `bytes`) to `statement`, made by `prepare` for that many rows, and
    /// steps it.
    /// - Throws: SQLite's error, or `.io` when SQLite gave a series another
    ///   id than the batch chose (`Value.rowID`).
    static func insert(_ table: Table, _ values: ArraySlice<Value>, bytes: [UInt8], with statement: SQLiteStatement, _ db: SQLiteConnection) throws {
        // Texts and blobs are bound in place, so binding and stepping
        // happen while the table's bytes are held still.
        var lastRowID: Int64?
        try statement.withBytesBound(in: bytes) { binder in
            for (k, value) in values.enumerated() {
                let index = Int32(k + 1)
                switch value {
                case let .integer(v): statement.bind(index, v)
                case let .rowID(v): statement.bind(index, nil as Int64?); lastRowID = v
                case let .real(v): statement.bind(index, v)
                case let .text(start, count): binder.bind(index, start ..< start + count, .text)
                case let .blob(start, count): binder.bind(index, start ..< start + count, .blob)
                }
            }
            try statement.step()
        }
        if let lastRowID {
            // Not a trap: a thrown error rolls the write back, and the store is as it was.
            guard db.lastInsertRowID == lastRowID else {
                throw RangePipeError.io(path: db.path, reason: "the store gave series id \(db.lastInsertRowID) where \(lastRowID) was expected; nothing was written")
            }
        }
        // Every parameter is bound again before the next step.
        statement.resetKeepingBindings()
    }

    /// The INSERT of `rows` rows of `table`.
    static func prepare(_ table: Table, rows: Int, _ db: SQLiteConnection) throws -> SQLiteStatement {
        let tuple = "(" + Array(repeating: "?", count: table.columns).joined(separator: ", ") + ")"
        return try db.prepare(table.insertPrefix + " " + Array(repeating: tuple, count: rows).joined(separator: ", "))
    }
}
