import CSQLite

/// A thin, throwing wrapper over one SQLite connection: the one place that
/// turns SQLite's result codes into rangepipe's errors. The calls that pass
/// SQLite's C pointers are in `SQLiteConnection+Unsafe.swift`.
final class SQLiteConnection {
    /// The store's path as the user named it: what messages say, even
    /// while a new store is built under a temporary name.
    let path: String
    /// The open connection; nil once closed.
    var handle: Handle?

    enum OpenMode {
        case readOnly, readWrite, create
        /// Read-only without locks or a `-shm` file (SQLite's `immutable`).
        case immutable
    }

    /// Opens `path`; messages name `shownAs` (default: `path`).
    init(path: String, mode: OpenMode, shownAs: String? = nil) throws {
        self.path = shownAs ?? path
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
        try open(name, flags: flags)
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

    /// The first column of the first row of a query returning an integer.
    func scalarInt(_ sql: String) throws -> Int64 {
        let s = try prepare(sql)
        guard try s.step() else { return 0 }
        return s.int(0)
    }

    /// Maps SQLite's result codes onto rangepipe's errors and exit codes.
    func makeError(_ rc: Int32, context: String) -> RangePipeError {
        let message = errorMessage(rc)
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

private extension String {
    func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
