#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable byte buffer for field text delivered by libcsv's callback:
/// one `memcpy` per field, no uniqueness or generic-copy checks. The owner
/// calls `deallocate()` once.
struct FieldBytes {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1 << 16) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func append(_ bytes: UnsafeRawPointer, count n: Int) {
        if count + n > capacity { grow(to: count + n) }
        memcpy(base + count, bytes, n)
        count += n
    }

    /// Appends the bytes of `bytes`.
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let start = bytes.baseAddress, bytes.count > 0 else { return }
        append(UnsafeRawPointer(start), count: bytes.count)
    }

    private mutating func grow(to needed: Int) {
        var size = capacity * 2
        while size < needed { size *= 2 }
        let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: size)
        bigger.update(from: base, count: count)
        base.deallocate()
        base = bigger
        capacity = size
    }

    /// Drops the first `n` bytes, moving the rest to the front.
    mutating func removeFirst(_ n: Int) {
        memmove(base, base + n, count - n)
        count -= n
    }

    mutating func removeAll() { count = 0 }

    var buffer: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: base, count: count) }

    /// The bytes so far, as a view; valid until the next append.
    var view: ByteView { ByteView(buffer) }

    /// Appends the bytes of `bytes`.
    mutating func append(_ bytes: ByteView) {
        _ = bytes.withContiguousStorageIfAvailable { append($0) }
    }

    func deallocate() { base.deallocate() }
}
