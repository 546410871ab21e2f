import CSQLite

/// The calls that pass a statement's `sqlite3_stmt *`.
extension SQLiteStatement {
    /// A prepared `sqlite3_stmt *`.
    struct Handle {
        let pointer: OpaquePointer
    }

    func finalize() { sqlite3_finalize(statement.pointer) }

    func reset() {
        sqlite3_reset(statement.pointer)
        sqlite3_clear_bindings(statement.pointer)
    }

    /// `reset` keeping the bindings, for a caller that binds every
    /// parameter again before each step (`InsertBatch`): clearing a
    /// 768-parameter statement costs as much as ~20 of its binds.
    func resetKeepingBindings() {
        sqlite3_reset(statement.pointer)
    }

    func bind(_ index: Int32, _ value: Int64) { sqlite3_bind_int64(statement.pointer, index, value) }
    func bind(_ index: Int32, _ value: Int) { sqlite3_bind_int64(statement.pointer, index, Int64(value)) }
    func bind(_ index: Int32, _ value: Int64?) {
        if let value { sqlite3_bind_int64(statement.pointer, index, value) } else { sqlite3_bind_null(statement.pointer, index) }
    }
    func bind(_ index: Int32, _ value: Double?) {
        if let value, !value.isNaN { sqlite3_bind_double(statement.pointer, index, value) } else { sqlite3_bind_null(statement.pointer, index) }
    }
    func bind(_ index: Int32, _ value: String) {
        sqlite3_bind_text(statement.pointer, index, value, -1, rangepipe_sqlite_transient())
    }
    func bind(_ index: Int32, _ value: String?) {
        if let value { bind(index, value) } else { sqlite3_bind_null(statement.pointer, index) }
    }

    /// Steps once: true when a row is available, false when done.
    @discardableResult
    func step() throws -> Bool {
        let rc = sqlite3_step(statement.pointer)
        switch rc {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.makeError(rc, context: "step")
        }
    }

    func int(_ column: Int32) -> Int64 { sqlite3_column_int64(statement.pointer, column) }
    func isNull(_ column: Int32) -> Bool { sqlite3_column_type(statement.pointer, column) == SQLITE_NULL }
    func double(_ column: Int32) -> Double? {
        sqlite3_column_type(statement.pointer, column) == SQLITE_NULL ? nil : sqlite3_column_double(statement.pointer, column)
    }
    func text(_ column: Int32) -> String {
        guard let p = sqlite3_column_text(statement.pointer, column) else { return "" }
        return String(cString: p)
    }
    /// Whether `text(column)` would be `known`: its bytes up to the first
    /// NUL are `known`'s. Lets a scan keep the string it made for the last
    /// row when the next repeats it (field names, axes) instead of making one.
    /// - Complexity: O(`known`'s bytes).
    func text(_ column: Int32, is known: String) -> Bool {
        guard let p = sqlite3_column_text(statement.pointer, column) else { return known.isEmpty }
        let n = Int(sqlite3_column_bytes(statement.pointer, column))
        let k = known.utf8
        // p[n] is SQLite's terminating NUL, so p[k.count] can be read.
        guard k.count <= n, p[k.count] == 0 else { return false }
        var i = 0
        for b in k {
            guard p[i] == b else { return false }
            i += 1
        }
        return true
    }
}

/// The blob parameters and columns of a statement: SQLite reads and hands
/// out raw bytes, so these are the places that hold Swift arrays still
/// while it does.
extension SQLiteStatement {
    /// Binds the bytes of `values` as parameter `index` and runs `body`
    /// (which steps the statement) while they are held still: SQLite reads
    /// them in place, without a copy.
    func withDoublesBound<T>(_ index: Int32, _ values: ArraySlice<Double>, _ body: () throws -> T) rethrows -> T {
        try values.withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement.pointer, index, bytes.baseAddress, Int32(bytes.count), nil)
            return try body()
        }
    }

    fileprivate static let emptyText: StaticString = ""

    /// How a range of bytes is bound: as a blob, or as UTF-8 text.
    enum BytesKind { case blob, text }

    /// Binds ranges of one byte buffer, held still by `withBytesBound`, as
    /// blob or text parameters of one statement. A plain value, not a
    /// closure: a fleet's write binds ~4 ranges a series.
    struct BytesBinder {
        fileprivate let statement: OpaquePointer
        fileprivate let all: UnsafeRawBufferPointer

        /// Binds `all[range]` as parameter `index`.
        func bind(_ index: Int32, _ range: Range<Int>, _ kind: BytesKind) {
            let part = UnsafeRawBufferPointer(rebasing: all[range])
            switch kind {
            case .blob:
                sqlite3_bind_blob(statement, index, part.baseAddress, Int32(part.count), nil)
            case .text:
                // An empty range may have no address: a static "" keeps
                // it text, not NULL, and lives as long as the binding.
                let text = part.baseAddress ?? UnsafeRawPointer(SQLiteStatement.emptyText.utf8Start)
                sqlite3_bind_text(statement, index, text.assumingMemoryBound(to: CChar.self), Int32(part.count), nil)
            }
        }
    }

    /// Runs `body` with a binder of ranges of `bytes` as blob or text
    /// parameters; the bytes are held still until `body` returns (it
    /// steps), so SQLite reads them in place (no destructor: no copy).
    func withBytesBound<T>(in bytes: [UInt8], _ body: (BytesBinder) throws -> T) rethrows -> T {
        try bytes.withUnsafeBytes { all in
            try body(BytesBinder(statement: statement.pointer, all: all))
        }
    }

    /// Copies blob `column` of the current row, read as `count` doubles,
    /// into `values[first...]`; false (nothing copied) unless the blob is
    /// exactly that long and fits.
    func copyDoubles(_ column: Int32, into values: inout [Double], at first: Int, count: Int) -> Bool {
        let n = Int(sqlite3_column_bytes(statement.pointer, column))
        guard first >= 0, count >= 0, count <= values.count - first, n == count &* 8 else { return false }
        guard n > 0 else { return true }
        guard let p = sqlite3_column_blob(statement.pointer, column) else { return false }
        values.withUnsafeMutableBytes { out in
            UnsafeMutableRawBufferPointer(rebasing: out[(first * 8) ..< ((first + count) * 8)])
                .copyMemory(from: UnsafeRawBufferPointer(start: p, count: n))
        }
        return true
    }

    /// Blob `column` of the current row read as little-endian Float64
    /// values; nil unless its length is a multiple of 8.
    /// - Complexity: O(blob bytes), one copy.
    func blobDoubles(_ column: Int32) -> [Double]? {
        let n = Int(sqlite3_column_bytes(statement.pointer, column))
        guard n % 8 == 0 else { return nil }
        guard n > 0 else { return [] }
        guard let p = sqlite3_column_blob(statement.pointer, column) else { return nil }
        return [Double](unsafeUninitializedCapacity: n / 8) { out, count in
            UnsafeMutableRawBufferPointer(out).copyMemory(from: UnsafeRawBufferPointer(start: p, count: n))
            count = n / 8
        }
    }
}
