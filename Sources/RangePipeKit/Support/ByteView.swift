/// A read-only, bounds-checked view of bytes someone else owns: what the
/// text parsers (numbers, times, dates) read. Every index is checked
/// against `count`, in release builds too; a bad index stops the program
/// instead of reading past the bytes.
///
/// The memory behind it, and the only code that touches it, are in
/// `ByteView+Unsafe.swift`: the owner keeps the bytes alive while the view
/// is in use (views are made inside the owner's scoped access).
struct ByteView: Sequence {
    let memory: Memory
    /// How many bytes.
    let count: Int

    /// `count` bytes of `memory`.
    init(memory: Memory, count: Int) {
        self.memory = memory
        self.count = count
    }

    /// The byte at `index`.
    /// - Complexity: O(1).
    @inline(__always)
    subscript(_ index: Int) -> UInt8 {
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "byte index out of range")
        return memory.load(index)
    }

    /// The bytes `range`, as a view of their own (indices from 0).
    /// - Complexity: O(1).
    @inline(__always)
    subscript(_ range: Range<Int>) -> ByteView {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "byte range out of range")
        return ByteView(memory: memory.advanced(by: range.lowerBound), count: range.count)
    }

    /// True when every byte in `range` satisfies `test`.
    /// - Complexity: O(range.count).
    func allSatisfy(in range: Range<Int>, _ test: (UInt8) -> Bool) -> Bool {
        for i in range where !test(self[i]) { return false }
        return true
    }

    /// The bytes as an array.
    /// - Complexity: O(count).
    var array: [UInt8] {
        var bytes: [UInt8] = []
        bytes.append(bytesOf: self)
        return bytes
    }

    /// The bytes in order (`for byte in view`).
    struct Iterator: IteratorProtocol {
        let view: ByteView
        var index = 0

        @inline(__always)
        mutating func next() -> UInt8? {
            guard index < view.count else { return nil }
            defer { index += 1 }
            return view[index]
        }
    }

    func makeIterator() -> Iterator { Iterator(view: self) }

    var underestimatedCount: Int { count }

    /// True when bytes `start ..< start + other.count` are `other`'s bytes.
    /// - Complexity: O(other.count).
    func holds(_ other: ByteView, at start: Int) -> Bool {
        precondition(start >= 0 && start <= count, "byte index out of range")
        guard other.count <= count - start else { return false }
        return self[start ..< start + other.count].equals(other)
    }
}
