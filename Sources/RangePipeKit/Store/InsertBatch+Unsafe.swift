extension InsertBatch.RowWriter {
    /// Appends a blob of `values`' bytes (copied into the batch's buffer).
    mutating func blob(_ values: [Double]) {
        values.withUnsafeBytes { bytes in
            self.values.append(.blob(start: blobBytes.count, count: bytes.count))
            blobBytes.append(contentsOf: bytes)
        }
    }
}
