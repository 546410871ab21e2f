/// The pointer side of `ByteView`: the memory it reads, and how views are
/// made from buffers, arrays and strings (each inside the owner's scoped
/// access, so the bytes stay alive while the view is used).
extension ByteView {
    /// Where the bytes start; `load` is only called with an index the view
    /// checked against its count.
    struct Memory {
        let base: UnsafePointer<UInt8>?

        @inline(__always)
        func load(_ index: Int) -> UInt8 { base.unsafelyUnwrapped[index] }

        @inline(__always)
        func advanced(by n: Int) -> Memory { Memory(base: base.map { $0 + n }) }
    }

    /// A view of `buffer`, valid while `buffer` is.
    @inline(__always)
    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        self.init(memory: Memory(base: buffer.baseAddress), count: buffer.count)
    }

    /// Bytes 0–7 and 8–9 as two words, to compare a ten-byte date with the
    /// last one in two tests.
    @inline(__always)
    func dateKey() -> (UInt64, UInt16) {
        precondition(count >= 10, "a date key needs ten bytes")
        let raw = UnsafeRawPointer(memory.base.unsafelyUnwrapped)
        return (raw.loadUnaligned(as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt16.self))
    }
}

extension Array where Element == UInt8 {
    /// Runs `body` with a view of the array's bytes.
    @inline(__always)
    func withByteView<T>(_ body: (ByteView) throws -> T) rethrows -> T {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}

extension String {
    /// Runs `body` with a view of the string's UTF-8.
    @inline(__always)
    func withByteView<T>(_ body: (ByteView) throws -> T) rethrows -> T {
        var text = self
        return try text.withUTF8 { try body(ByteView($0)) }
    }
}
