#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

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

    /// Runs `body` with the bytes as contiguous memory (what
    /// `Array.append(contentsOf:)` copies from in one move).
    @inline(__always)
    func withContiguousStorageIfAvailable<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R? {
        try body(UnsafeBufferPointer(start: memory.base, count: count))
    }

    /// The bytes as UTF-8 text, with replacement characters for bad bytes.
    var string: String { String(decoding: UnsafeBufferPointer(start: memory.base, count: count), as: UTF8.self) }

    /// The bytes as UTF-8 text, or nil when they are not valid UTF-8.
    /// ASCII (every series name of a fleet, as a rule) skips the general
    /// validation: `String(validating:as:)` is unspecialised here, ~1,000
    /// instructions a name, against a byte loop and a plain copy.
    /// - Complexity: O(count).
    var validatedString: String? {
        let buffer = UnsafeBufferPointer(start: memory.base, count: count)
        var high: UInt8 = 0
        for byte in buffer { high |= byte }
        return high < 0x80 ? String(decoding: buffer, as: UTF8.self) : String(validating: buffer, as: UTF8.self)
    }

    /// Feeds the bytes to `hasher`.
    func hash(into hasher: inout Hasher) {
        hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(start: memory.base, count: count)))
    }

    /// True when both views hold the same bytes (`memcmp`).
    /// - Complexity: O(count).
    func equals(_ other: ByteView) -> Bool {
        guard count == other.count else { return false }
        guard count > 0 else { return true }
        return memcmp(memory.base.unsafelyUnwrapped, other.memory.base.unsafelyUnwrapped, count) == 0
    }

    /// True when bytes `start ..< start + range.count` are `array[range]`
    /// (`memcmp`, with no view of the array to make).
    /// - Complexity: O(range.count).
    @inline(__always)
    func holds(_ array: [UInt8], _ range: Range<Int>, at start: Int) -> Bool {
        precondition(start >= 0 && start <= count && range.lowerBound >= 0 && range.upperBound <= array.count,
                     "byte index out of range")
        guard range.count <= count - start else { return false }
        guard range.count > 0 else { return true }
        return array.withUnsafeBufferPointer {
            memcmp(memory.base.unsafelyUnwrapped + start, $0.baseAddress.unsafelyUnwrapped + range.lowerBound, range.count) == 0
        }
    }

    /// The index of the first line feed at or after `start`, or `count`
    /// (`memchr`).
    /// - Complexity: O(distance to it).
    func newline(from start: Int) -> Int {
        precondition(start >= 0 && start <= count, "byte index out of range")
        guard start < count, let base = memory.base,
              let found = memchr(base + start, 0x0a, count - start) else { return count }
        return UnsafeRawPointer(found) - UnsafeRawPointer(base)
    }

    /// The first index in `start ..< end` whose byte satisfies `stop`, or
    /// `end`. The range is checked once and the loop reads without a check
    /// per byte: the scanners' inner loops (blanks, string bodies, digit
    /// runs) cost a compare and branch more per byte through the subscript.
    /// - Complexity: O(distance to the index found).
    @inline(__always)
    func firstIndex(from start: Int, to end: Int, where stop: (UInt8) -> Bool) -> Int {
        precondition(start >= 0 && start <= end && end <= count, "byte range out of range")
        guard let base = memory.base else { return end }
        var i = start
        while i < end, !stop(base[i]) { i += 1 }
        return i
    }

    /// Accumulates the ASCII digits from `index` up to `end` into `mantissa`
    /// (wrapping), two at a time, and leaves `index` at the first non-digit.
    /// The range is checked once; the loop then reads without a check per
    /// byte (the multiply-add chain, not the loads, bounds it, and pairs
    /// halve its length).
    /// - Complexity: O(digits read).
    @inline(__always)
    func accumulateDigits(from index: inout Int, to end: Int, into mantissa: inout UInt64) {
        precondition(index >= 0 && index <= end && end <= count, "byte range out of range")
        guard let base = memory.base else { return }
        var i = index
        var m = mantissa
        while i + 1 < end {
            let high = base[i] &- 0x30, low = base[i + 1] &- 0x30
            if high >= 10 || low >= 10 { break }
            m = m &* 100 &+ UInt64(high &* 10 &+ low)
            i += 2
        }
        if i < end {
            let d = base[i] &- 0x30
            if d < 10 {
                m = m &* 10 &+ UInt64(d)
                i += 1
            }
        }
        index = i
        mantissa = m
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
    /// Appends the bytes of `view` in one copy (not byte by byte, as
    /// `append(contentsOf:)` of a plain sequence would).
    /// - Complexity: O(view.count).
    @inline(__always)
    mutating func append(bytesOf view: ByteView) {
        _ = view.withContiguousStorageIfAvailable { append(contentsOf: $0) }
    }

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

extension ArraySlice where Element == UInt8 {
    /// Runs `body` with a view of the slice's bytes (indices from 0).
    @inline(__always)
    func withByteView<T>(_ body: (ByteView) throws -> T) rethrows -> T {
        try withUnsafeBufferPointer { try body(ByteView($0)) }
    }
}
