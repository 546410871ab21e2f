/// The pointer side of `ByteWriter`: the reserved room and the appenders
/// that copy memory into it.
extension ByteWriter {
    /// Room a `TextBuffer` reserved: `limit` bytes from `base`.
    struct Room {
        let base: UnsafeMutablePointer<UInt8>
        let limit: Int

        @inline(__always)
        func store(_ b: UInt8, at offset: Int) { base[offset] = b }
    }

    /// Bytes from memory.
    /// - Complexity: O(count).
    @inline(__always)
    mutating func append(buffer: UnsafeBufferPointer<UInt8>) {
        guard let from = buffer.baseAddress else { return }
        guard buffer.count <= room.limit &- count else { overflowed = true; return }
        (room.base + count).update(from: from, count: buffer.count)
        count &+= buffer.count
    }

    /// A run of a string's UTF-8 (inside its `withUTF8`).
    @inline(__always)
    mutating func append(run: Slice<UnsafeBufferPointer<UInt8>>) { append(buffer: UnsafeBufferPointer(rebasing: run)) }

    /// Constant ASCII text (keys, punctuation).
    @inline(__always)
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { append(buffer: $0) } }

    /// The bytes of an array.
    @inline(__always)
    mutating func append(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append(buffer: $0) } }

    /// Any text, as its UTF-8 bytes. (Literals go to the `StaticString`
    /// overload: no String is made for them.)
    mutating func append(string text: String) {
        var text = text
        text.withUTF8 { append(buffer: $0) }
    }

    /// Bytes this writer wrote before, at `range` of its output, again
    /// (a value the line repeats).
    /// - Complexity: O(range.count).
    @inline(__always)
    mutating func append(copyOf range: Range<Int>) {
        guard range.upperBound <= count, range.count <= room.limit &- count else { overflowed = true; return }
        (room.base + count).update(from: room.base + range.lowerBound, count: range.count)
        count &+= range.count
    }

    /// Up to `width` bytes written at once by `body` into the room, which
    /// returns how many it wrote (the digits of a number).
    @inline(__always)
    mutating func append(atMost width: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard width <= room.limit &- count else { overflowed = true; return }
        count &+= body(room.base + count)
    }
}

extension TextBuffer {
    /// Runs `body` with a writer over at least `room` bytes of spare room at
    /// the end, then keeps what it wrote: one capacity check for many small
    /// appends. If `body` needed more, the room grows and `body` runs again
    /// (so it must write the same bytes each time).
    /// - Complexity: O(bytes written), amortized.
    @inline(__always)
    mutating func write(reserving room: Int, _ body: (inout ByteWriter) -> Void) {
        var room = room
        while true {
            if storage.count &- count < room { grow(toHold: count + room) }
            let start = count
            let (written, overflowed) = storage.withUnsafeMutableBufferPointer { p -> (Int, Bool) in
                var w = ByteWriter(room: .init(base: p.baseAddress! + start, limit: p.count - start))
                body(&w)
                return (w.count, w.overflowed)
            }
            if !overflowed {
                count = start + written
                return
            }
            room = 2 * (storage.count - start) + 1
        }
    }
}
