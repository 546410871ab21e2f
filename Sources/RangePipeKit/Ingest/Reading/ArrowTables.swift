/// One record batch: its body and its top-level columns.
struct ArrowBatch {
    var length: Int
    var body: [UInt8]
    var columns: [ArrowColumn]
    /// The input's byte where the body starts, and the number of the batch's first row.
    var bodyStart: Int
    var firstRow: Int
}

/// A dictionary's values as text, one entry per index.
struct ArrowDictionary {
    var bytes: [UInt8] = []
    var entries: [(start: Int, count: Int, kind: CellKind)] = []
}

/// An Arrow input's schema, dictionaries and record batches, in order.
struct ArrowTables {
    private var stream: ArrowStream
    private(set) var fields: [ArrowField] = []
    private(set) var dictionaries: [Int: ArrowDictionary] = [:]
    private var rows = 0

    init(_ source: InputSource) {
        stream = ArrowStream(source)
    }

    /// Reads the schema, the first message.
    /// - Throws: `ArrowFault` when the input does not start with one.
    mutating func schema() throws -> [ArrowField] {
        guard let message = try stream.next() else { throw ArrowFault(offset: stream.offset, reason: "the stream has no schema") }
        guard case let .schema(table) = message.header else {
            throw ArrowFault(offset: message.start, reason: "the stream does not start with its schema")
        }
        fields = try ArrowFault.located(at: message.metadataStart, within: message.bodyStart - message.metadataStart) {
            guard try table.i16(0) == 0 else { throw ArrowFault(offset: table.position, reason: "big-endian data (rangepipe reads little-endian)") }
            var budget = ArrowField.fieldLimit
            var fields: [ArrowField] = []
            for field in try table.tables(1) { fields.append(try ArrowField(field, budget: &budget)) }
            return fields
        }
        return fields
    }

    /// The next record batch, after any dictionaries before it; nil at the end.
    mutating func nextBatch() throws -> ArrowBatch? {
        while let message = try stream.next() {
            switch message.header {
            case .schema:
                throw ArrowFault(offset: message.start, reason: "a second schema")
            case let .dictionary(table):
                try load(table, message)
            case let .batch(table):
                let (columns, body) = try self.columns(table, fields, message)
                let length = try ArrowFault.located(at: message.metadataStart, within: message.bodyStart - message.metadataStart) { try table.i64(0) }
                let batch = ArrowBatch(length: length, body: body, columns: columns, bodyStart: message.bodyStart,
                                       firstRow: rows + 1)
                rows += length
                return batch
            }
        }
        return nil
    }

    /// A batch's columns over its body (decompressed when its buffers
    /// are), checked against `fields`' layouts, and that body.
    private func columns(_ table: ArrowFlatTable, _ fields: [ArrowField], _ message: ArrowStream.Message) throws -> ([ArrowColumn], [UInt8]) {
        var (length, nodes, buffers, counts, codec) = try ArrowFault.located(at: message.metadataStart, within: message.bodyStart - message.metadataStart) { () throws -> (Int, [(Int, Int)], [(Int, Int)], [Int], Int?) in
            let compression = try table.table(3)
            let codec = try compression.map { Int(try $0.u8(0)) }
            guard codec ?? 0 <= 1, try compression?.u8(1) ?? 0 == 0 else {
                throw ArrowFault(offset: table.position, reason: "unknown buffer compression")
            }
            return (try table.i64(0), try table.pairs(1), try table.pairs(2), try table.longs(4), codec)
        }
        var body = message.body
        if let codec {
            (body, buffers) = try ArrowFault.located(at: message.bodyStart, within: message.body.count) {
                try ArrowCodec.decompress(message.body, buffers: buffers, codec: codec, file: stream.source.displayName)
            }
        }
        // Rows are counted across batches: a count no input can hold is damage (and would overflow).
        guard length >= 0, length <= (1 << 48) - rows else {
            throw ArrowFault(offset: message.start, reason: "a batch of \(length) rows after \(rows)")
        }
        // Every node and buffer is sound, those of columns read past too
        // (their contents are not looked at).
        for (count, nulls) in nodes where count < 0 || nulls < 0 || nulls > count {
            throw ArrowFault(offset: message.start, reason: "a column of \(count) values with \(nulls) missing")
        }
        for (start, count) in buffers where start < 0 || count < 0 || start > body.count || count > body.count - start || (count > 0 && start % 8 != 0) {
            throw ArrowFault(offset: message.start, reason: "a buffer of \(count) bytes at \(start) lies outside the body of \(body.count), or is misaligned")
        }
        var node = 0, buffer = 0, view = 0
        var columns: [ArrowColumn] = []
        for field in fields {
            let layout = field.inBatch
            guard view + layout.views <= counts.count else {
                throw ArrowFault(offset: message.start, reason: "column '\(field.name)': the batch lacks its variadic buffer counts")
            }
            let variadic = counts[view ..< view + layout.views].reduce(0) { $0 + max(0, min($1, 1 << 20)) }
            let ownVariadic = field.dictionary == nil && field.kind == .textView ? max(0, min(counts[view], 1 << 20)) : 0
            guard node + layout.nodes <= nodes.count, buffer + layout.buffers + variadic <= buffers.count else {
                throw ArrowFault(offset: message.start, reason: "the batch has fewer columns than its schema")
            }
            guard nodes[node].0 == length else {
                throw ArrowFault(offset: message.start, reason: "column '\(field.name)' has \(nodes[node].0) values in a batch of \(length) rows")
            }
            // A dictionary column's batch holds its indices: a validity and a data buffer.
            let ownCount = field.dictionary == nil ? field.ownBuffers : 2
            let own = Array(buffers[buffer ..< buffer + ownCount + ownVariadic])
            columns.append(try ArrowFault.located(at: message.bodyStart, within: message.body.count) {
                try ArrowColumn(field, node: nodes[node], buffers: Array(own.prefix(ownCount)),
                                variadic: Array(own.dropFirst(ownCount)), bodyCount: body.count)
            })
            node += layout.nodes
            buffer += layout.buffers + variadic
            view += layout.views
        }
        guard node == nodes.count, buffer == buffers.count, view == counts.count else {
            throw ArrowFault(offset: message.start, reason: "the batch has more columns than its schema")
        }
        return (columns, body)
    }

    /// Adds (or replaces, or extends) a dictionary.
    private mutating func load(_ table: ArrowFlatTable, _ message: ArrowStream.Message) throws {
        let (id, data, isDelta) = try ArrowFault.located(at: message.metadataStart, within: message.bodyStart - message.metadataStart) { () throws -> (Int, ArrowFlatTable?, Bool) in
            (try table.i64(0), try table.table(1), try table.bool(2))
        }
        // A nested column's dictionary: the column is read past, so is its dictionary.
        if fields.contains(where: { $0.nestedDictionaries.contains(id) }) { return }
        guard var field = fields.first(where: { $0.dictionary?.id == id }) else {
            throw ArrowFault(offset: message.start, reason: "a dictionary (id \(id)) that no column uses")
        }
        guard let data else { throw ArrowFault(offset: message.start, reason: "a dictionary (id \(id)) without values") }
        field.dictionary = nil
        let (columns, body) = try self.columns(data, [field], message)
        let batch = ArrowBatch(length: columns[0].length, body: body, columns: columns, bodyStart: message.bodyStart, firstRow: 1)
        var run = ArrowRun()
        var dictionary = isDelta ? dictionaries[id] ?? ArrowDictionary() : ArrowDictionary()
        var start = 0
        while start < batch.length {
            let end = min(batch.length, start + ArrowReader.rowsPerRun)
            try run.fill(batch, rows: start ..< end, dictionaries: [:])
            for cell in run.cells {
                dictionary.entries.append((dictionary.bytes.count, cell.count, cell.kind))
                dictionary.bytes.append(contentsOf: run.bytes[cell.start ..< cell.start + cell.count])
            }
            start = end
        }
        dictionaries[id] = dictionary
    }

}
