/// A prepared statement; finalized on deinit. Its calls into SQLite are in
/// `SQLiteStatement+Unsafe.swift`.
final class SQLiteStatement {
    let statement: Handle
    unowned let connection: SQLiteConnection

    init(_ statement: Handle, connection: SQLiteConnection) {
        self.statement = statement
        self.connection = connection
    }

    deinit { finalize() }
}
