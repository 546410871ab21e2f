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
        let start = blobBytes.count
        blobBytes.append(contentsOf: repeatElement(0, count: 32))
        blobBytes.withUnsafeMutableBufferPointer { all in
            ContentHasher.writeHex(hi, lo, to: UnsafeMutableBufferPointer(rebasing: all[start...]))
        }
        values.append(.text(start: start, count: 32))
    }
}
