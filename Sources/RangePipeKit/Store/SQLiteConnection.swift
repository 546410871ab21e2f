import CSQLite

/// A thin, throwing wrapper over one SQLite connection: the one place that
/// handles SQLite's C pointers and result codes.
final class SQLiteConnection {
    let path: String
    private(set) var handle: OpaquePointer?

    enum OpenMode {
        case readOnly, readWrite, create
        /// Read-only without locks or a `-shm` file (SQLite's `immutable`).
        case immutable
    }

    init(path: String, mode: OpenMode) throws {
        self.path = path
        var flags: Int32 = SQLITE_OPEN_NOMUTEX
        var name = path
        switch mode {
        case .readOnly: flags |= SQLITE_OPEN_READONLY
        case .readWrite: flags |= SQLITE_OPEN_READWRITE
        case .create: flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE
        case .immutable:
            flags |= SQLITE_OPEN_READONLY | SQLITE_OPEN_URI
            name = "file:" + Self.uriEscaped(path) + "?immutable=1"
        }
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        handle = db
        if rc != SQLITE_OK {
            let error = makeError(rc, context: "open")
            sqlite3_close_v2(db)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
    }

    deinit { close() }

    /// A path as a URI path: `%`, `?` and `#` (and non-ASCII) percent-encoded.
    static func uriEscaped(_ path: String) -> String {
        var out = ""
        for byte in path.utf8 {
            if byte == 0x25 || byte == 0x3f || byte == 0x23 || byte >= 0x80 || byte < 0x20 {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            } else {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return out
    }

    func close() {
        if let handle {
            sqlite3_close_v2(handle)
            self.handle = nil
        }
    }

    /// Milliseconds to retry on a lock before giving up with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    func execute(_ sql: String) throws {
        // The message comes from `sqlite3_errmsg` in `makeError`.
        let rc = sqlite3_exec(handle, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw makeError(rc, context: sql) }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw makeError(rc, context: sql) }
        return SQLiteStatement(statement, connection: self)
    }

    /// The first column of the first row of a query returning an integer.
    func scalarInt(_ sql: String) throws -> Int64 {
        let s = try prepare(sql)
        guard try s.step() else { return 0 }
        return s.int(0)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle) }

    /// Maps SQLite's result codes onto rangepipe's errors and exit codes.
    func makeError(_ rc: Int32, context: String) -> RangePipeError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(rc))
        switch rc & 0xff {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return .storeLocked(path: path, waited: nil)
        case SQLITE_NOTADB, SQLITE_CORRUPT:
            return .invalid("\(path): not a rangepipe store (\(message))")
        case SQLITE_ERROR, SQLITE_MISMATCH, SQLITE_CONSTRAINT:
            // Our statements are fixed: one that fails on its own terms
            // (a missing table or column) met a damaged or foreign file.
            return .invalid("\(path): damaged store (\(message))")
        case SQLITE_CANTOPEN:
            return .cannotCreate(path: path, reason: message)
        case SQLITE_READONLY, SQLITE_PERM:
            return .cannotCreate(path: path, reason: "the store is read-only (\(message))")
        case SQLITE_FULL:
            return .io(path: path, reason: "disk full (\(message))")
        case SQLITE_IOERR:
            return .io(path: path, reason: message)
        default:
            return .io(path: path, reason: "\(message) (SQLite code \(rc))")
        }
    }
}

/// A prepared statement; finalized on deinit.
final class SQLiteStatement {
    let statement: OpaquePointer
    private unowned let connection: SQLiteConnection

    init(_ statement: OpaquePointer, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { sqlite3_finalize(statement) }

    func reset() {
        sqlite3_reset(statement)
        sqlite3_clear_bindings(statement)
    }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(statement, index, value) }
    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(statement, index, Int64(value)) }
    func bind(_ index: Int32, _ value: Double?) {
        if let value, !value.isNaN { sqlite3_bind_double(statement, index, value) } else { sqlite3_bind_null(statement, index) }
    }
    func bind(_ index: Int32, _ value: String) {
        sqlite3_bind_text(statement, index, value, -1, rangepipe_sqlite_transient())
    }

    /// Steps once: true when a row is available, false when done.
    @discardableResult
    func step() throws -> Bool {
        let rc = sqlite3_step(statement)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.makeError(rc, context: "step")
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement, column) }
    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(statement, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement, column)
    }
    func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(statement, column) else { return "" }
        return String(cString: p)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
