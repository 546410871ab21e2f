extension Array where Element == UInt8 {
    /// The `width`-byte (1, 2, 4 or 8) little-endian value at `offset`,
    /// zero-extended; the caller has checked the bytes are there.
    /// - Complexity: O(1).
    @inline(__always)
    func loadLittleEndian(_ offset: Int, _ width: Int) -> UInt64 {
        precondition(offset >= 0 && offset <= count - width, "Arrow value outside its checked buffer")
        return withUnsafeBytes { raw in
            switch width {
            case 1: return UInt64(raw[offset])
            case 2: return UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self)))
            case 4: return UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
            default: return UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            }
        }
    }
}
