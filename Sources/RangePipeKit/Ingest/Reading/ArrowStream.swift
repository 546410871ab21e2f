/// The messages of an Arrow IPC stream, or of an IPC file (Feather v2)
/// read in stream order, one at a time from an input (the format's
/// "Encapsulated message format": a 0xFFFFFFFF continuation marker, an
/// int32 metadata length, the flatbuffer `Message`, then its body; before
/// Arrow 0.15 the length came without the marker). Lengths are believed
/// only as far as bytes arrive: a message is read in pieces, so a length
/// that lies ends in "truncated", never in an allocation of what it says.
struct ArrowStream {
    enum Header {
        case schema(ArrowFlatTable)
        case dictionary(ArrowFlatTable)
        case batch(ArrowFlatTable)
    }

    struct Message {
        var header: Header
        var body: [UInt8]
        /// The bytes of the input where the message, its metadata and its body start.
        var start: Int
        var metadataStart: Int
        var bodyStart: Int
    }

    /// An IPC file's leading magic (`ARROW1` and two bytes of padding).
    static let fileMagic: [UInt8] = Array("ARROW1".utf8)

    let source: InputSource
    /// Bytes of the input consumed so far.
    private(set) var offset = 0
    private var ended = false
    /// An IPC file, read whole: its footer's schema and blocks.
    private var file: ArrowFileBlocks?
    /// Bytes read ahead of what the messages have consumed (the first 8, when not a file's magic).
    private var pending: [UInt8] = []

    init(_ source: InputSource) {
        self.source = source
    }

    /// Whether `head` starts like an Arrow stream or file.
    static func recognizes(_ head: [UInt8]) -> Bool {
        head.starts(with: fileMagic) || head.starts(with: [0xFF, 0xFF, 0xFF, 0xFF])
    }

    /// The next message; nil at the end-of-stream marker or at the end of
    /// the input between two messages.
    /// - Throws: `ArrowFault` located at the input's byte.
    mutating func next() throws -> Message? {
        if ended { return nil }
        if file != nil { return try file!.next() }
        if offset == 0 {
            let head = try bytes(8, atEnd: true)
            if head.isEmpty { throw ArrowFault(offset: 0, reason: "the input is empty") }
            if head.starts(with: Array("FEA1".utf8)) {
                throw ArrowFault(offset: 0, reason: "a Feather V1 file, not Arrow IPC: write it again as Feather V2 (pyarrow/pandas: version=2, the default)")
            }
            if head.starts(with: Self.fileMagic) {
                guard head.count == 8 else { throw ArrowFault(offset: 0, reason: "the file ends inside its magic") }
                // The file format's messages are found through its footer
                // (polars writes no schema message before the batches).
                file = try ArrowFileBlocks(head + bytes(Int.max, atEnd: true), name: source.displayName)
                return try file!.next()
            }
            pending = head
        }
        let start = offset - pending.count
        var word = try bytes(4, atEnd: true)
        if word.isEmpty {
            ended = true
            return nil
        }
        guard word.count == 4 else { throw ArrowFault(offset: start, reason: "the stream ends inside a message's length") }
        if word == [0xFF, 0xFF, 0xFF, 0xFF] { word = try bytes(4, atEnd: false) }
        let length = Int(Int32(bitPattern: UInt32(word[0]) | UInt32(word[1]) << 8 | UInt32(word[2]) << 16 | UInt32(word[3]) << 24))
        if length == 0 {
            ended = true
            // Two streams joined (`cat a.arrows b.arrows`) would lose the second one's rows.
            guard try bytes(1, atEnd: true).isEmpty else {
                throw ArrowFault(offset: offset - 1, reason: "bytes after the end-of-stream marker (two streams joined? give each as its own file)")
            }
            return nil
        }
        guard length > 0 else { throw ArrowFault(offset: start, reason: "a message's length is negative (\(length))") }
        let metadataStart = offset - pending.count
        let metadata = try bytes(length, atEnd: false)
        let root = try ArrowFault.located(at: metadataStart, within: length) { try ArrowFlatTable(root: metadata) }
        let version = try ArrowFault.located(at: metadataStart, within: length) { try root.i16(0) }
        // V4 (Arrow 0.8) and V5 (1.0) share the layouts read here; V5 drops unions' validity.
        guard version == 3 || version == 4 else {
            throw ArrowFault(offset: start, reason: "metadata version V\(version + 1) (rangepipe reads V4 and V5)")
        }
        let type = try ArrowFault.located(at: metadataStart, within: length) { try root.u8(1) }
        guard let table = try ArrowFault.located(at: metadataStart, within: length, { try root.table(2) }) else {
            throw ArrowFault(offset: start, reason: "a message without a header")
        }
        let bodyLength = try ArrowFault.located(at: metadataStart, within: length) { try root.i64(3) }
        guard bodyLength >= 0 else { throw ArrowFault(offset: start, reason: "a body of \(bodyLength) bytes") }
        let bodyStart = offset - pending.count
        let body = try bytes(bodyLength, atEnd: false)
        switch type {
        case 1: return Message(header: .schema(table), body: body, start: start, metadataStart: metadataStart, bodyStart: bodyStart)
        case 2: return Message(header: .dictionary(table), body: body, start: start, metadataStart: metadataStart, bodyStart: bodyStart)
        case 3: return Message(header: .batch(table), body: body, start: start, metadataStart: metadataStart, bodyStart: bodyStart)
        default: throw ArrowFault(offset: start, reason: "a message of type \(type) (a tensor or unknown), not a table's")
        }
    }

    /// The next `count` bytes, read as they arrive (fewer only at the end
    /// of the input when `atEnd` allows it).
    private mutating func bytes(_ count: Int, atEnd: Bool) throws -> [UInt8] {
        var out: [UInt8] = []
        if !pending.isEmpty {
            let n = min(count, pending.count)
            out = Array(pending[0 ..< n])
            pending.removeFirst(n)
            if n == count { return out }
        }
        while out.count < count {
            // Grown by doubling, each step checked against the budget with
            // the old buffer it is copied from, before it is allocated.
            if out.count > 1 << 20, out.count > out.capacity - (1 << 20) {
                let next = min(count, 2 * out.count)
                try MemoryBudget.require(next + out.count, for: "an Arrow message of \(count) bytes", of: source.displayName)
                out.reserveCapacity(next)
            }
            let n = try source.read(appendingTo: &out, upTo: count - out.count)
            if n == 0 {
                if atEnd, out.isEmpty { return out }
                if atEnd { break }
                throw ArrowFault(offset: offset, reason: "the stream ends inside a message (truncated)")
            }
            offset += n
        }
        return out
    }
}
