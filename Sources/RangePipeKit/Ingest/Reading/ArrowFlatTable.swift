/// A damaged Arrow stream: what is wrong, at which byte of the message's
/// metadata (the reader adds where the message starts).
struct ArrowFault: Error {
    var offset: Int
    var reason: String

    /// Runs `body`, moving a fault at an offset within `limit` bytes of
    /// `base` (a message's metadata or body) to the input's byte; a fault
    /// further out, where a lying offset points, is reported at `base`.
    static func located<T>(at base: Int, within limit: Int = .max, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let fault as ArrowFault {
            throw ArrowFault(offset: base + (0 ... limit ~= fault.offset ? fault.offset : 0), reason: fault.reason)
        }
    }
}

/// One table of an Arrow message's flatbuffer metadata (format:
/// flatbuffers.dev/internals; Arrow's tables: format/Message.fbs and
/// format/Schema.fbs of apache/arrow 18.0). Every read is checked against
/// the metadata's bounds, so a lying offset is a fault, never a trap.
struct ArrowFlatTable {
    let bytes: [UInt8]
    /// Where the table starts.
    let position: Int
    private let vtable: Int
    private let vtableSize: Int

    /// The root table of `bytes` (a uint32 offset at byte 0).
    init(root bytes: [UInt8]) throws {
        try self.init(bytes, at: Int(try Self.u32(bytes, 0)))
    }

    /// The table at `position`: its vtable lies at `position` minus the
    /// int32 stored there.
    init(_ bytes: [UInt8], at position: Int) throws {
        self.bytes = bytes
        self.position = position
        let back = Int(Int32(bitPattern: try Self.u32(bytes, position)))
        vtable = position - back
        vtableSize = Int(try Self.u16(bytes, vtable))
        // Aligned as a flatbuffer's tables (4) and field lists (2) are: a misaligned one is damage, not data.
        guard position % 4 == 0, vtable % 2 == 0, vtableSize >= 4, vtableSize % 2 == 0, vtable + vtableSize <= bytes.count else {
            throw ArrowFault(offset: position, reason: "a table's field list lies outside the message")
        }
    }

    /// Where field `index`'s value lies, nil when the field is absent (its default).
    func field(_ index: Int) throws -> Int? {
        let entry = 4 + 2 * index
        guard entry + 2 <= vtableSize else { return nil }
        let offset = Int(try Self.u16(bytes, vtable + entry))
        return offset == 0 ? nil : position + offset
    }

    func bool(_ index: Int) throws -> Bool {
        guard let at = try field(index) else { return false }
        return try Self.u8(bytes, at) != 0
    }

    func u8(_ index: Int, default value: UInt8 = 0) throws -> UInt8 {
        guard let at = try field(index) else { return value }
        return try Self.u8(bytes, at)
    }

    func i16(_ index: Int, default value: Int = 0) throws -> Int {
        guard let at = try field(index) else { return value }
        return Int(Int16(bitPattern: try Self.u16(bytes, at)))
    }

    func i32(_ index: Int, default value: Int = 0) throws -> Int {
        guard let at = try field(index) else { return value }
        return Int(Int32(bitPattern: try Self.u32(bytes, at)))
    }

    func i64(_ index: Int, default value: Int = 0) throws -> Int {
        guard let at = try field(index) else { return value }
        return Int(Int64(bitPattern: try Self.u64(bytes, at)))
    }

    /// Where the object field `index` refers to (a uint32 offset from the field).
    private func target(_ index: Int) throws -> Int? {
        guard let at = try field(index) else { return nil }
        return at + Int(try Self.u32(bytes, at))
    }

    /// The table field `index` refers to.
    func table(_ index: Int) throws -> ArrowFlatTable? {
        guard let at = try target(index) else { return nil }
        return try ArrowFlatTable(bytes, at: at)
    }

    /// The first element and length of vector field `index`, each element
    /// `stride` bytes, checked to lie inside the metadata.
    func vector(_ index: Int, stride: Int) throws -> (start: Int, count: Int)? {
        guard let at = try target(index) else { return nil }
        guard at % 4 == 0 else { throw ArrowFault(offset: at, reason: "a list at a misaligned offset") }
        let count = Int(try Self.u32(bytes, at))
        guard count <= (bytes.count - at - 4) / stride else {
            throw ArrowFault(offset: at, reason: "a list of \(count) entries runs past the message")
        }
        return (at + 4, count)
    }

    /// The tables of vector field `index` (each entry a uint32 offset from itself).
    func tables(_ index: Int) throws -> [ArrowFlatTable] {
        guard let (start, count) = try vector(index, stride: 4) else { return [] }
        return try (0 ..< count).map { k in
            let at = start + 4 * k
            return try ArrowFlatTable(bytes, at: at + Int(try Self.u32(bytes, at)))
        }
    }

    /// String field `index` as bytes (not checked for UTF-8 here).
    func string(_ index: Int) throws -> ArraySlice<UInt8>? {
        guard let (start, count) = try vector(index, stride: 1) else { return nil }
        return bytes[start ..< start + count]
    }

    /// The int64 pairs of a vector of 16-byte structs (Arrow's FieldNode and Buffer).
    func pairs(_ index: Int) throws -> [(Int, Int)] {
        guard let (start, count) = try vector(index, stride: 16) else { return [] }
        return try (0 ..< count).map { k in
            (Int(Int64(bitPattern: try Self.u64(bytes, start + 16 * k))),
             Int(Int64(bitPattern: try Self.u64(bytes, start + 16 * k + 8))))
        }
    }

    /// The int64s of vector field `index`.
    func longs(_ index: Int) throws -> [Int] {
        guard let (start, count) = try vector(index, stride: 8) else { return [] }
        return try (0 ..< count).map { Int(Int64(bitPattern: try Self.u64(bytes, start + 8 * $0))) }
    }

    // MARK: Little-endian loads, bounds-checked

    static func u8(_ b: [UInt8], _ at: Int) throws -> UInt8 {
        guard at >= 0, at < b.count else { throw ArrowFault(offset: max(0, at), reason: "an offset points outside the message") }
        return b[at]
    }

    static func u16(_ b: [UInt8], _ at: Int) throws -> UInt16 {
        guard at >= 0, at <= b.count - 2 else { throw ArrowFault(offset: max(0, at), reason: "an offset points outside the message") }
        return UInt16(b[at]) | UInt16(b[at + 1]) << 8
    }

    static func u32(_ b: [UInt8], _ at: Int) throws -> UInt32 {
        guard at >= 0, at <= b.count - 4 else { throw ArrowFault(offset: max(0, at), reason: "an offset points outside the message") }
        return UInt32(b[at]) | UInt32(b[at + 1]) << 8 | UInt32(b[at + 2]) << 16 | UInt32(b[at + 3]) << 24
    }

    static func u64(_ b: [UInt8], _ at: Int) throws -> UInt64 {
        UInt64(try u32(b, at)) | UInt64(try u32(b, at + 4)) << 32
    }
}
