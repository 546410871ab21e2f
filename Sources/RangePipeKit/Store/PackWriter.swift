/// The pack being filled by a write transaction (schema version 3,
/// `StoreSchema`): small series' columns are appended to one buffer, which
/// goes in as one `pack` row when the next series would not fit, or at
/// commit. Ids are taken past the table's largest once per transaction
/// (the writer holds the lock, so no one else takes them).
struct PackWriter {
    /// The pending pack's id (nil until a series is placed) and its values.
    private(set) var id: Int64?
    private(set) var values: [Double] = []
    private var nextID: Int64?
    private var insert: SQLiteStatement?

    /// The bytes of `series`' columns (x, then each field) if it is to be
    /// packed; nil for a series kept in chunks (empty, or too large).
    static func packedBytes(of series: Series) -> Int? {
        let bytes = series.count * (series.fields.count + 1) * 8
        return series.count > 0 && bytes <= StoreSchema.packedBytes ? bytes : nil
    }

    /// Appends the columns of a series `packedBytes(of:)` accepts; returns
    /// the pack id and byte offset its `series` row records.
    /// `db` is asked for only when a pack is inserted or its id taken.
    /// - Complexity: O(its points), plus one INSERT per full pack.
    mutating func place(_ series: Series, bytes: Int, _ db: @autoclosure () throws -> SQLiteConnection) throws -> (pack: Int64, offset: Int) {
        if id != nil, values.count * 8 + bytes > StoreSchema.packBytes { try flush(db()) }
        let pack: Int64
        if let id {
            pack = id
        } else {
            pack = try nextID ?? db().scalarInt("SELECT coalesce(max(id), 0) FROM pack") + 1
            nextID = pack + 1
            id = pack
        }
        let offset = values.count * 8
        values.append(contentsOf: series.x)
        for field in series.fields { values.append(contentsOf: field.values) }
        return (pack, offset)
    }

    /// Inserts the pending pack, if any.
    mutating func flush(_ db: SQLiteConnection) throws {
        guard let id else { return }
        let statement = try insert ?? db.prepare("INSERT INTO pack(id, data) VALUES (?, ?)")
        insert = statement
        statement.reset()
        statement.bind(1, id)
        _ = try statement.withDoublesBound(2, values[...]) { try statement.step() }
        statement.reset()
        self.id = nil
        values.removeAll(keepingCapacity: true)
    }

    /// Forgets the pending pack and the ids (the transaction ends).
    mutating func removeAll() {
        self = PackWriter()
    }
}
