extension ContentHasher {
    /// `hi` then `lo` as 32 lowercase hex digits, written straight into the
    /// string's storage: this runs once per series written, and
    /// `String(_:radix:)` plus padding was ~4,000 instructions of a
    /// one-point series' write.
    /// - Complexity: O(1).
    static func hex(_ hi: UInt64, _ lo: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { out in
            writeHex(hi, lo, to: out)
            return 32
        }
    }

    /// `hi` then `lo` as 32 lowercase hex digits into `out` (32 bytes at
    /// least): what `hex` makes a string of, for a writer that copies the
    /// digits anyway (`InsertBatch.RowWriter.hexText`).
    /// - Complexity: O(1).
    @inline(__always)
    static func writeHex(_ hi: UInt64, _ lo: UInt64, to out: UnsafeMutableBufferPointer<UInt8>) {
        precondition(out.count >= 32)
        for k in 0 ..< 32 {
            let word = k < 16 ? hi : lo
            let digit = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (k & 15))) & 0xF
            out[k] = digit < 10 ? 0x30 + digit : 0x57 + digit // 0-9, a-f
        }
    }
}
