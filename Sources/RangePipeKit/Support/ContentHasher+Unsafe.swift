extension ContentHasher {
    /// `hi` then `lo` as 32 lowercase hex digits, written straight into the
    /// string's storage: this runs once per series written, and
    /// `String(_:radix:)` plus padding was ~4,000 instructions of a
    /// one-point series' write.
    /// - Complexity: O(1).
    static func hex(_ hi: UInt64, _ lo: UInt64) -> String {
        String(unsafeUninitializedCapacity: 32) { out in
            for k in 0 ..< 32 {
                let word = k < 16 ? hi : lo
                let digit = UInt8(truncatingIfNeeded: word >> UInt64(60 - 4 * (k & 15))) & 0xF
                out[k] = digit < 10 ? 0x30 + digit : 0x57 + digit // 0-9, a-f
            }
            return 32
        }
    }
}
