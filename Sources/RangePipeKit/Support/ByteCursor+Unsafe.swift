/// A forward reader over a byte buffer (see `ByteCursor.swift`). Only
/// this file touches the buffer: the caller keeps it alive while the cursor
/// is in use, and every read is bounded by `end`, which is at most the
/// buffer's count.
struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    let end: Int

    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int = 0, to end: Int? = nil) {
        self.bytes = bytes
        self.position = start
        self.end = end ?? bytes.count
    }

    /// The byte at `index` (callers check `index < end`).
    @inline(__always)
    subscript(_ index: Int) -> UInt8 { bytes[index] }
}

extension ByteCursor {
    /// Bytes 0–7 and 8–9 of `bytes` as two words, to compare a ten-byte
    /// date with the last one in two tests (callers check `bytes.count >= 10`).
    @inline(__always)
    static func dateKey(_ bytes: UnsafeBufferPointer<UInt8>) -> (UInt64, UInt16) {
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
    }
}
