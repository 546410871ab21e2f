import CSQLite

/// The calls that pass SQLite's C pointers for a connection: the handle
/// itself and every call made with it.
extension SQLiteConnection {
    /// An open `sqlite3 *`.
    struct Handle {
        let pointer: OpaquePointer
    }

    /// `sqlite3_open_v2`; on failure the half-open connection is closed and
    /// the error thrown.
    func open(_ name: String, flags: Int32) throws {
        var db: OpaquePointer?
        let rc = sqlite3_open_v2(name, &db, flags, nil)
        handle = db.map(Handle.init)
        if rc != SQLITE_OK {
            let error = makeError(rc, context: "open")
            sqlite3_close_v2(db)
            handle = nil
            throw error
        }
        sqlite3_extended_result_codes(db, 1)
    }

    func close() {
        if let handle {
            sqlite3_close_v2(handle.pointer)
            self.handle = nil
        }
    }

    /// Milliseconds to retry on a lock before giving up with SQLITE_BUSY.
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle?.pointer, milliseconds)
    }

    func execute(_ sql: String) throws {
        // The message comes from `sqlite3_errmsg` in `makeError`.
        let rc = sqlite3_exec(handle?.pointer, sql, nil, nil, nil)
        if rc != SQLITE_OK { throw makeError(rc, context: sql) }
    }

    func prepare(_ sql: String) throws -> SQLiteStatement {
        var statement: OpaquePointer?
        let rc = sqlite3_prepare_v2(handle?.pointer, sql, -1, &statement, nil)
        guard rc == SQLITE_OK, let statement else { throw makeError(rc, context: sql) }
        return SQLiteStatement(SQLiteStatement.Handle(pointer: statement), connection: self)
    }

    var lastInsertRowID: Int64 { sqlite3_last_insert_rowid(handle?.pointer) }

    /// The connection's last error message, or `rc`'s text without one.
    func errorMessage(_ rc: Int32) -> String {
        handle.map { String(cString: sqlite3_errmsg($0.pointer)) } ?? String(cString: sqlite3_errstr(rc))
    }
}
