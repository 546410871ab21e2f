/// The messages of an Arrow IPC file (Feather v2) in the order its footer
/// lists them: the footer's schema, every dictionary block, then every
/// record batch block (format/File.fbs: `Footer`, `Block`). The file is
/// held whole; each block is read as a one-message stream.
struct ArrowFileBlocks {
    private let bytes: [UInt8]
    private let name: String
    private let schema: ArrowFlatTable
    private let footerStart: Int
    private var blocks: [(offset: Int, metadata: Int, body: Int)] = []
    /// How many of `blocks` are dictionaries (listed first).
    private var dictionaryBlocks = 0
    private var position = -1

    /// Reads the footer of `bytes`, a whole file (its magic first).
    /// - Throws: `ArrowFault` when the trailer or footer is damaged.
    init(_ bytes: [UInt8], name: String) throws {
        self.bytes = bytes
        self.name = name
        let size = bytes.count
        guard size >= 18, bytes[(size - 6)...].elementsEqual(ArrowStream.fileMagic) else {
            throw ArrowFault(offset: size, reason: "the file does not end with ARROW1 (truncated, or a stream after a file's magic)")
        }
        let length = Int(Int32(bitPattern: try ArrowFlatTable.u32(bytes, size - 10)))
        guard length > 0, length <= size - 18 else {
            throw ArrowFault(offset: size - 10, reason: "a footer of \(length) bytes in a file of \(size)")
        }
        footerStart = size - 10 - length
        let footerBytes = Array(bytes[footerStart ..< size - 10])
        let start = footerStart
        func located<T>(_ body: () throws -> T) throws -> T { try ArrowFault.located(at: start, within: length, body) }
        let footer = try located { try ArrowFlatTable(root: footerBytes) }
        let version = try located { try footer.i16(0) }
        guard version == 3 || version == 4 else {
            throw ArrowFault(offset: footerStart, reason: "a footer of metadata version V\(version + 1) (rangepipe reads V4 and V5)")
        }
        guard let schema = try located({ try footer.table(1) }) else {
            throw ArrowFault(offset: footerStart, reason: "the footer has no schema")
        }
        self.schema = schema
        for field in [2, 3] {
            guard let (first, count) = try located({ try footer.vector(field, stride: 24) }) else { continue }
            for k in 0 ..< count {
                let at = first + 24 * k
                let block = try located { () throws -> (Int, Int, Int) in
                    (Int(Int64(bitPattern: try ArrowFlatTable.u64(footerBytes, at))),
                     Int(Int32(bitPattern: try ArrowFlatTable.u32(footerBytes, at + 8))),
                     Int(Int64(bitPattern: try ArrowFlatTable.u64(footerBytes, at + 16))))
                }
                guard block.0 >= 8, block.1 > 0, block.2 >= 0, block.0 <= footerStart, block.1 <= footerStart - block.0,
                      block.2 <= footerStart - block.0 - block.1 else {
                    throw ArrowFault(offset: footerStart + at, reason: "a block of the footer lies outside the file")
                }
                blocks.append(block)
            }
            if field == 2 { dictionaryBlocks = blocks.count }
        }
        // The last block ends where the footer starts, but for the
        // end-of-stream marker and padding: else the bytes before the
        // footer are more than its blocks (two files joined by `cat`,
        // whose second footer names the first file's blocks).
        if let end = blocks.map({ $0.offset + $0.metadata + $0.body }).max(), footerStart - end > 16 {
            throw ArrowFault(offset: end, reason: "\(footerStart - end) bytes before the footer are in none of its blocks (two files joined?)")
        }
    }

    /// The schema first, then each block's message; nil after the last.
    mutating func next() throws -> ArrowStream.Message? {
        defer { position += 1 }
        if position < 0 {
            return ArrowStream.Message(header: .schema(schema), body: [], start: footerStart, metadataStart: footerStart,
                                       bodyStart: footerStart)
        }
        guard position < blocks.count else { return nil }
        let (offset, metadata, body) = blocks[position]
        var stream = ArrowStream(InputSource(name: name, bytes: Array(bytes[offset ..< offset + metadata + body])))
        return try ArrowFault.located(at: offset) {
            guard var message = try stream.next() else {
                throw ArrowFault(offset: 0, reason: "a block of the footer holds no message")
            }
            // The footer's list says what each block holds, and how long it is.
            let isDictionary: Bool
            switch message.header {
            case .schema: throw ArrowFault(offset: 0, reason: "a block of the footer holds a schema")
            case .dictionary: isDictionary = true
            case .batch: isDictionary = false
            }
            guard isDictionary == (position < dictionaryBlocks) else {
                throw ArrowFault(offset: 0, reason: "the footer lists a \(isDictionary ? "dictionary" : "record batch") as a \(isDictionary ? "record batch" : "dictionary")")
            }
            guard message.bodyStart == metadata, message.body.count == body else {
                throw ArrowFault(offset: 0, reason: "a block's lengths in the footer are not its message's")
            }
            message.start += offset
            message.metadataStart += offset
            message.bodyStart += offset
            return message
        }
    }
}
