import CSQLite

/// The blob parameters and columns of a statement: SQLite reads and hands
/// out raw bytes, so these are the places that hold Swift arrays still
/// while it does.
extension SQLiteStatement {
    /// Binds the bytes of `values` as parameter `index` and runs `body`
    /// (which steps the statement) while they are held still: SQLite reads
    /// them in place, without a copy.
    func withDoublesBound<T>(_ index: Int32, _ values: ArraySlice<Double>, _ body: () throws -> T) rethrows -> T {
        try values.withUnsafeBytes { bytes in
            sqlite3_bind_blob(statement, index, bytes.baseAddress, Int32(bytes.count), nil)
            return try body()
        }
    }

    /// Runs `body` with a function that binds a range of `bytes` as a blob
    /// parameter; the bytes are held still until `body` returns (it steps).
    func withBlobsBound<T>(in bytes: [UInt8], _ body: ((Int32, Range<Int>) -> Void) throws -> T) rethrows -> T {
        try bytes.withUnsafeBytes { all in
            try body { index, range in
                let part = UnsafeRawBufferPointer(rebasing: all[range])
                sqlite3_bind_blob(self.statement, index, part.baseAddress, Int32(part.count), nil)
            }
        }
    }

    /// Copies blob `column` of the current row, read as `count` doubles,
    /// into `values[first...]`; false (nothing copied) unless the blob is
    /// exactly that long and fits.
    func copyDoubles(_ column: Int32, into values: inout [Double], at first: Int, count: Int) -> Bool {
        let n = Int(sqlite3_column_bytes(statement, column))
        guard first >= 0, count >= 0, count <= values.count - first, n == count &* 8 else { return false }
        guard n > 0 else { return true }
        guard let p = sqlite3_column_blob(statement, column) else { return false }
        values.withUnsafeMutableBytes { out in
            UnsafeMutableRawBufferPointer(rebasing: out[(first * 8) ..< ((first + count) * 8)])
                .copyMemory(from: UnsafeRawBufferPointer(start: p, count: n))
        }
        return true
    }
}
