/// One column of an Arrow schema as ingest reads it: its name, what its
/// values become (`Kind`) and how many field nodes and buffers it spans
/// in a record batch (its children's included), so that columns ingest
/// does not read are stepped over. Type numbers are Schema.fbs's `Type`
/// union (apache/arrow 18.0).
struct ArrowField {
    enum Kind: Equatable {
        /// utf8 / binary (`large`: 64-bit offsets).
        case text(large: Bool)
        /// utf8_view / binary_view: 16-byte views into variadic buffers.
        case textView
        case int(bytes: Int, signed: Bool)
        /// 2, 4 or 8 bytes.
        case float(bytes: Int)
        case bool
        /// date32 (days) or date64 (milliseconds).
        case date(days: Bool)
        /// decimal128: a 128-bit integer over 10^scale.
        case decimal(scale: Int)
        /// Ticks per second: 1, 10^3, 10^6, 10^9; `zoned`: the type names a time zone (UTC instants).
        case timestamp(perSecond: Int64, zoned: Bool)
        /// Time of day, 4 or 8 bytes.
        case time(perSecond: Int64, bytes: Int)
        /// The `null` type: every value missing, no buffers.
        case null
        /// A type ingest does not read; its name for messages.
        case other(String)
    }

    var name: String
    var kind: Kind
    /// Dictionary-encoded: the dictionary's id and the index's width and
    /// sign. A record batch then holds the indices (one node, a validity
    /// and a data buffer); the values' layout is the dictionary batch's.
    var dictionary: (id: Int, indexBytes: Int, signed: Bool)?
    /// The values' layout: field nodes and buffers the column spans (its
    /// children's included), and its view columns (each has a variadic
    /// buffer count).
    var values: Layout
    /// The buffers of the column itself (validity first).
    var ownBuffers: Int
    /// Dictionaries its children use (ingest reads past them).
    var nestedDictionaries: [Int] = []

    struct Layout {
        var nodes = 1, buffers = 0, views = 0
    }

    /// What the column spans in a record batch.
    var inBatch: Layout { dictionary == nil ? values : Layout(nodes: 1, buffers: 2, views: 0) }

    /// The most fields a schema may hold, nested ones included: a
    /// flatbuffer can share one child table many times, so that a few
    /// bytes describe 2^40 fields.
    static let fieldLimit = 1 << 20

    /// Reads `table` (a Schema.fbs `Field`); `depth` bounds nesting and
    /// `budget` the fields left to read.
    /// - Complexity: O(the field's children).
    init(_ table: ArrowFlatTable, depth: Int = 0, budget: inout Int) throws {
        guard depth < 64 else { throw ArrowFault(offset: table.position, reason: "columns nested more than 64 deep") }
        budget -= 1
        guard budget >= 0 else { throw ArrowFault(offset: table.position, reason: "more than \(Self.fieldLimit) columns, nested ones included") }
        _ = try table.bool(1)  // nullable: not needed, but it must lie in the message
        let nameBytes = try table.string(0) ?? []
        guard let name = String(validating: nameBytes, as: UTF8.self), !name.holdsNUL else {
            throw ArrowFault(offset: table.position, reason: "a column name is not UTF-8 text")
        }
        // Spaces and tabs around a name go, as around a CSV header's.
        self.name = name.trimmingSpaces
        var children: [ArrowField] = []
        for child in try table.tables(5) { children.append(try ArrowField(child, depth: depth + 1, budget: &budget)) }
        (kind, ownBuffers) = try Self.kind(try table.u8(2), try table.table(3), at: table.position)
        values = Layout(nodes: 1, buffers: ownBuffers, views: kind == .textView ? 1 : 0)
        for child in children {
            nestedDictionaries += child.nestedDictionaries + (child.dictionary.map { [$0.id] } ?? [])
            values.nodes += child.inBatch.nodes
            values.buffers += child.inBatch.buffers
            values.views += child.inBatch.views
        }
        if let encoding = try table.table(4) {
            let index = try encoding.table(1)
            let width = try index?.i32(0, default: 32) ?? 32
            guard [8, 16, 32, 64].contains(width) else {
                throw ArrowFault(offset: encoding.position, reason: "a dictionary index of \(width) bits")
            }
            dictionary = (try encoding.i64(0), width / 8, try index?.bool(1) ?? true)
        }
    }

    /// The kind of a type and its own buffer count (Arrow's columnar format, "Buffer Layouts").
    private static func kind(_ code: UInt8, _ type: ArrowFlatTable?, at: Int) throws -> (Kind, Int) {
        func unit(_ u: Int) throws -> Int64 {
            switch u {
            case 0: return 1
            case 1: return 1_000
            case 2: return 1_000_000
            case 3: return 1_000_000_000
            default: throw ArrowFault(offset: at, reason: "unknown time unit \(u)")
            }
        }
        switch code {
        case 1: return (.null, 0)
        case 2:
            let width = try type?.i32(0) ?? 0
            guard [8, 16, 32, 64].contains(width) else { throw ArrowFault(offset: at, reason: "an integer of \(width) bits") }
            return (.int(bytes: width / 8, signed: try type?.bool(1) ?? false), 2)
        case 3:
            let precision = try type?.i16(0) ?? 0
            guard (0 ... 2).contains(precision) else { throw ArrowFault(offset: at, reason: "unknown float precision \(precision)") }
            return (.float(bytes: 2 << precision), 2)
        case 4, 5: return (.text(large: false), 3)
        case 19, 20: return (.text(large: true), 3)
        case 23, 24: return (.textView, 2)
        case 6: return (.bool, 2)
        case 8: return (.date(days: try type?.i16(0, default: 1) ?? 1 == 0), 2)
        case 9:
            let width = try type?.i32(1, default: 32) ?? 32
            guard width == 32 || width == 64 else { throw ArrowFault(offset: at, reason: "a time of \(width) bits") }
            return (.time(perSecond: try unit(type?.i16(0, default: 1) ?? 1), bytes: width / 8), 2)
        case 10:
            let zone = try type?.string(1)
            return (.timestamp(perSecond: try unit(type?.i16(0) ?? 0), zoned: !(zone?.isEmpty ?? true)), 2)
        // Types read past: their own buffers per the layouts.
        case 7:
            let width = try type?.i32(2, default: 128) ?? 128
            let scale = try type?.i32(1) ?? 0
            guard width == 128, (-76 ... 76).contains(scale) else { return (.other("decimal\(width)"), 2) }
            return (.decimal(scale: scale), 2)
        case 11: return (.other("interval"), 2)
        case 15: return (.other("fixed_size_binary"), 2)
        case 18: return (.other("duration"), 2)
        case 12, 17, 21: return (.other(code == 17 ? "map" : "list"), 2)
        case 16: return (.other("fixed_size_list"), 1)
        case 13: return (.other("struct"), 1)
        case 14: return (.other("union"), try type?.i16(0) ?? 0 == 1 ? 2 : 1)
        case 22: return (.other("run_end_encoded"), 0)
        case 25, 26: return (.other("list_view"), 3)
        default: throw ArrowFault(offset: at, reason: "unknown column type \(code)")
        }
    }
}
