extension InsertBatch.RowWriter {
    /// Appends a blob of `values`' bytes (copied into the batch's buffer).
    mutating func blob(_ values: [Double]) {
        values.withUnsafeBytes { bytes in
            self.values.append(.blob(start: blobBytes.count, count: bytes.count))
            blobBytes.append(contentsOf: bytes)
        }
    }

    /// Appends a text value of 32 lowercase hex digits, `hi` then `lo`
    /// (`Series.contentHash` spelled in place, with no string between).
    /// - Complexity: O(1).
    mutating func hexText(_ hi: UInt64, _ lo: UInt64) {
        values.append(.text(start: blobBytes.count, count: 32))
        // Spelled on the stack and copied in one move (appending a
        // `repeatElement` to fill in place goes through a generic path).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 32) { digits in
            ContentHasher.writeHex(hi, lo, to: digits)
            blobBytes.append(contentsOf: UnsafeBufferPointer(digits))
        }
    }
}
