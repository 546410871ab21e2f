/// Plain byte stores into room a `TextBuffer` reserved beforehand (see
/// `TextBuffer.write(reserving:_:)`): one capacity and uniqueness check per
/// frame instead of one per byte. Every store is bounds-checked against the
/// room; a write past it stores nothing and sets `overflowed`, and the
/// buffer grows and runs the writer again.
///
/// The pointer is only valid inside the `write` call that made the writer.
struct ByteWriter {
    private let base: UnsafeMutablePointer<UInt8>
    private let limit: Int
    /// Bytes written so far.
    private(set) var count = 0
    /// True once a write did not fit (the bytes after it are missing).
    private(set) var overflowed = false
    /// Reused room for writers that take an array (ISO-8601 times, labels).
    var scratch: [UInt8]

    init(base: UnsafeMutablePointer<UInt8>, limit: Int, scratch: [UInt8]) {
        self.base = base
        self.limit = limit
        self.scratch = scratch
    }

    /// One byte.
    @inline(__always)
    mutating func append(byte b: UInt8) {
        guard count < limit else { overflowed = true; return }
        base[count] = b
        count &+= 1
    }

    /// Bytes from memory.
    /// - Complexity: O(count).
    @inline(__always)
    mutating func append(buffer: UnsafeBufferPointer<UInt8>) {
        guard let from = buffer.baseAddress else { return }
        guard buffer.count <= limit &- count else { overflowed = true; return }
        (base + count).update(from: from, count: buffer.count)
        count &+= buffer.count
    }

    /// Constant ASCII text (keys, punctuation).
    @inline(__always)
    mutating func append(_ text: StaticString) { text.withUTF8Buffer { append(buffer: $0) } }

    /// The bytes of an array.
    @inline(__always)
    mutating func append(bytes: [UInt8]) { bytes.withUnsafeBufferPointer { append(buffer: $0) } }

    /// Up to `width` bytes written at once by `body` into the room, which
    /// returns how many it wrote (the digits of a number).
    @inline(__always)
    mutating func append(atMost width: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Int) {
        guard width <= limit &- count else { overflowed = true; return }
        count &+= body(base + count)
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
            var scratch = self.scratch
            self.scratch = []
            let (written, overflowed) = storage.withUnsafeMutableBufferPointer { p -> (Int, Bool) in
                var w = ByteWriter(base: p.baseAddress! + start, limit: p.count - start, scratch: scratch)
                body(&w)
                scratch = w.scratch
                return (w.count, w.overflowed)
            }
            self.scratch = scratch
            if !overflowed {
                count = start + written
                return
            }
            room = 2 * (storage.count - start) + 1
        }
    }
}
