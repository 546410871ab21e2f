/// Output text built as UTF-8 bytes: frames are appended field by field
/// without a `String` per line, and written out in large blocks.
///
/// The bytes live in an array kept longer than them (`count` of its bytes
/// are the text; the rest is room, zeroed or old bytes), so that a frame reserves room
/// once and is written with plain stores (`ByteWriter`).
///
/// `JSONText` and `CivilTime.iso8601` are these appenders' bytes as a
/// `String`, for writers that are not on a hot path.
public struct TextBuffer: Sendable {
    /// The bytes, then room.
    var storage: [UInt8]
    /// The number of bytes so far.
    public internal(set) var count = 0

    /// An empty buffer with room for `capacity` bytes.
    public init(capacity: Int = 0) { storage = Array(repeating: 0, count: capacity) }

    /// The bytes so far (a copy).
    /// - Complexity: O(count).
    public var bytes: [UInt8] { Array(storage[..<count]) }

    /// The bytes so far, handed over without a copy; the buffer is left empty.
    /// - Complexity: O(1) beyond dropping the room.
    public mutating func takeBytes() -> [UInt8] {
        storage.removeSubrange(count...)
        count = 0
        defer { storage = [] }
        return storage
    }

    /// Empties the buffer and takes `bytes`' memory back as its room (the
    /// array `takeBytes` handed out, once written): no new block is
    /// allocated and faulted in for the next one.
    /// The old bytes stay as room (writers overwrite room before it
    /// counts); only capacity past them is zeroed, so a block is not
    /// written twice.
    /// - Complexity: O(capacity − count of `bytes`).
    public mutating func reuse(_ bytes: consuming [UInt8]) {
        // Moved, not copied: with `bytes` alive beside it the append below
        // would copy the whole block into new memory.
        storage = consume bytes
        storage.append(contentsOf: repeatElement(0, count: storage.capacity - storage.count))
        count = 0
    }

    /// Empties the buffer, keeping its room.
    public mutating func removeAll() { count = 0 }

    /// Grows the room to at least `size` bytes, at least doubling it.
    mutating func grow(toHold size: Int) {
        let more = max(size - storage.count, storage.count, 256)
        storage.append(contentsOf: repeatElement(0, count: more))
    }

    /// Constant ASCII text (keys, punctuation).
    /// - Complexity: O(length).
    mutating func append(_ text: StaticString) { write(reserving: text.utf8CodeUnitCount) { $0.append(text) } }

    /// Any text, as its UTF-8 bytes.
    mutating func append(string text: String) { write(reserving: text.utf8.count) { $0.append(string: text) } }

    /// Epoch seconds as ISO-8601 UTC (`CivilTime.iso8601`'s bytes).
    mutating func append(iso8601 seconds: Double) { write(reserving: 40) { $0.append(iso8601: seconds) } }

    /// A JSON number as `JSONText.number` writes it: Swift's shortest
    /// round-trip form, `null` for NaN and infinities.
    /// - Complexity: O(digits), no allocation.
    mutating func append(number value: Double) { write(reserving: 32) { $0.append(number: value) } }

    /// A finite number as `description` writes it.
    /// - Complexity: O(digits), no allocation.
    mutating func append(description value: Double) { write(reserving: 32) { $0.append(description: value) } }

    /// A JSON string literal as `JSONText.string` writes it.
    mutating func append(jsonString value: String) {
        write(reserving: value.utf8.count + 2) { $0.append(jsonString: value) }
    }

    /// A CSV field from text: quoted (quotes doubled) only when it holds a
    /// comma, quote, CR or LF.
    mutating func append(csvField field: String) { write(reserving: field.utf8.count + 2) { $0.append(csvField: field.utf8) } }
}
