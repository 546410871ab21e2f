/// Every series of a store, read in name order with statements prepared
/// once (`play --all` over a fleet): the series, their fields, their
/// categories and their chunks, each one scan, stepped side by side. Per
/// series that is a few steps, not four statements bound and run (and a
/// schema check) as `loadSeries` costs.
///
/// The series, category and chunk scans walk the series' name index and
/// look their rows up by series id. A series' first field is in its row
/// (schema version 4). The field scan reads the rest of the field table
/// in its own (series id) order, without the name index: a store written
/// in name order gives its series ids in name order, so each series finds
/// its fields where the scan stands. A series whose rows the scan stepped
/// over (written later than series after it in name order) looks them up
/// by id instead. No step sorts or spools: memory is one series at a time,
/// and the ids of up to 4,096 series whose field rows were stepped over.
/// A damaged series gives its error (as `loadSeries` would) and the scan
/// goes on with the next.
///
/// A packed series (schema version 3) has no chunk rows: its columns are
/// sliced from its pack, which is read once while consecutive series in
/// name order share it (a store is written in name order, so a pack is
/// read once per scan; series a later write moved to a new pack cost a
/// read of it each time the name order enters it).
///
/// Read it on one thread at a time (it holds the store's connection).
public final class SeriesScan {
    private let store: SeriesStore
    private let heads: SQLiteStatement, fields: SQLiteStatement, categories: SQLiteStatement, chunks: SQLiteStatement
    /// One series' field names by id, where the field scan cannot serve it.
    private let fieldLookup: SQLiteStatement
    /// The series ids whose field rows the field scan stepped over: only
    /// these are looked up (a one-field fleet has no field rows at all).
    /// Past `passedOverLimit` ids (a store whose early names were written
    /// last) it is dropped, and every series the scan does not stand on
    /// looks its rows up: memory stays bounded, the names the same.
    private var passedOver: Set<Int64>? = []
    static let passedOverLimit = 4096
    // Whether each side scan stands on a row (false once it has run out).
    private var fieldRow: Bool, categoryRow: Bool, chunkRow: Bool
    private let packRead: SQLiteStatement?
    /// The two packs last read (id and values), newest first: a series
    /// rewritten into a later pack (an append) sits between two that share
    /// an older one, which is then still here.
    private var packs: [(id: Int64, values: [Double]?)] = []
    /// The last series' field names and axis text: a fleet's series
    /// mostly repeat them, and then share these strings instead of each
    /// making its own.
    private var lastFieldNames: [String] = []
    private var lastAxis = (text: "", axis: Axis?.none)

    /// Starts the scan; `store` should hold a snapshot (`holdSnapshot`), so
    /// the four scans see one state.
    /// - Complexity: per side statement, the series in name order before
    ///   the first that has a row in its table; nothing for an empty table.
    init(store: SeriesStore) throws {
        self.store = store
        let db = store.db
        let version = try store.heldVersion ?? db.scalarInt("PRAGMA user_version")
        let packed = version >= 3
        heads = try db.prepare("""
            SELECT id, name, axis, points, \(packed ? "pack_id, pack_offset" : "NULL, NULL"), \(version >= 4 ? "field_name" : "NULL")
              FROM series ORDER BY name
            """)
        packRead = packed ? try db.prepare("SELECT data FROM pack WHERE id = ?") : nil
        // Integer ids only, as the join `f.series_id = s.id` took them: a
        // hand-edited 2.5 or '2x' would read as 2 through `int(0)`.
        fields = try db.prepare("SELECT series_id, name FROM field WHERE typeof(series_id) = 'integer' ORDER BY series_id, ordinal")
        fieldLookup = try db.prepare("SELECT series_id, name FROM field WHERE series_id = ? ORDER BY ordinal")
        categories = try db.prepare("SELECT s.id, c.label FROM series s JOIN category c ON c.series_id = s.id ORDER BY s.name, c.ordinal")
        chunks = try db.prepare("""
            SELECT s.id, c.column_index, c.first_index, c.count, c.data FROM series s JOIN chunk c ON c.series_id = s.id
            ORDER BY s.name, c.column_index, c.seq
            """)
        // A side table with no rows at all would have its first step walk
        // every series looking for one: O(series) before the first series,
        // which a re-run of a few changed series (no categories, every
        // series packed) paid as most of its time.
        let anyCategory = try db.scalarInt("SELECT EXISTS (SELECT 1 FROM category)") == 1
        let anyChunk = try db.scalarInt("SELECT EXISTS (SELECT 1 FROM chunk)") == 1
        fieldRow = try fields.step()
        categoryRow = try anyCategory && categories.step()
        chunkRow = try anyChunk && chunks.step()
    }

    /// The next series in name order: its name and the series, or the
    /// error that reading it met (`loadSeries`'s errors); nil at the end.
    /// - Complexity: O(its points + its rows).
    public func next() throws -> (name: String, series: Result<Series, any Error>)? {
        guard try heads.step() else { return nil }
        let id = heads.int(0), name = heads.text(1), stored = heads.int(3)
        if !heads.text(2, is: lastAxis.text) {
            let text = heads.text(2)
            lastAxis = (text, Axis(rawValue: text))
        }
        let (axisText, axis) = lastAxis
        let fieldNames = try fieldNames(of: id)
        var labels: [String] = []
        while categoryRow, categories.int(0) == id {
            labels.append(categories.text(1))
            categoryRow = try categories.step()
        }
        // Points are checked before any column is sized by them; the
        // chunk rows are passed over whatever the series' fate.
        let points = Result { try store.checkedPointCount(stored, series: name) }
        if !heads.isNull(4) {
            let place = (pack: heads.int(4), offset: heads.int(5))
            let packValues = try values(ofPack: place.pack)
            return (name, Result {
                guard let axis else { throw store.damaged(name, "unknown axis '\(axisText)'") }
                let points = try points.get()
                guard let columns = packValues.flatMap({ SeriesStore.columns(in: $0, at: place, points: points, columns: fieldNames.count + 1) }) else {
                    throw store.packDamaged(name, place)
                }
                return try series(name, axis, columns, fieldNames, labels)
            })
        }
        var columns = ColumnFill(columns: fieldNames.count + 1, points: (try? points.get()) ?? 0)
        while chunkRow, chunks.int(0) == id {
            let column = Int(chunks.int(1))
            columns.add(column) { values, filled in
                let first = Int(chunks.int(2)), count = Int(chunks.int(3))
                return first == filled && chunks.copyDoubles(4, into: &values, at: first, count: count) ? count : nil
            }
            chunkRow = try chunks.step()
        }
        return (name, Result {
            guard let axis else { throw store.damaged(name, "unknown axis '\(axisText)'") }
            let points = try points.get()
            // As `loadSeries` reads them: x, then each field, stopping at the first bad column.
            for k in 0 ..< columns.values.count {
                if let at = columns.damagedAt[k] { throw store.damaged(name, "a damaged chunk in column \(k - 1) at value \(at)") }
                guard columns.filled[k] == points else {
                    throw store.damaged(name, "column \(k - 1) has \(columns.filled[k]) of \(points) values")
                }
            }
            return try series(name, axis, columns.values, fieldNames, labels)
        })
    }

    /// The field names of series `id`: the first from its row (version 4),
    /// the rest from the field scan when it stands on them, or looked up by
    /// id when the scan stepped over them (rows of ids it passes belong to
    /// series that come later in name order, or to none).
    /// - Complexity: O(its fields) steps, plus the rows passed over.
    private func fieldNames(of id: Int64) throws -> [String] {
        var names = NameReuse(last: lastFieldNames)
        if !heads.isNull(6) { names.add(heads, 6) }
        while fieldRow, fields.int(0) < id {
            passedOver?.insert(fields.int(0))
            if passedOver?.count ?? 0 > Self.passedOverLimit { passedOver = nil }
            fieldRow = try fields.step()
        }
        let here = fieldRow && fields.int(0) == id
        while fieldRow, fields.int(0) == id {
            names.add(fields, 1)
            fieldRow = try fields.step()
        }
        if passedOver?.remove(id) != nil || (passedOver == nil && !here) {
            fieldLookup.reset()
            fieldLookup.bind(1, id)
            defer { fieldLookup.reset() }
            while try fieldLookup.step() { names.add(fieldLookup, 1) }
        }
        lastFieldNames = names.result
        return lastFieldNames
    }

    /// A series' field names built one by one: while they repeat the last
    /// series' names they are those strings, else a list of their own.
    private struct NameReuse {
        let last: [String]
        var matched = 0
        var own: [String]?

        mutating func add(_ statement: SQLiteStatement, _ column: Int32) {
            if own == nil, matched < last.count, statement.text(column, is: last[matched]) {
                matched += 1
            } else {
                if own == nil { own = Array(last.prefix(matched)) }
                own?.append(statement.text(column))
            }
        }

        var result: [String] { own ?? (matched == last.count ? last : Array(last.prefix(matched))) }
    }

    /// A series from its columns (x, then each field), validated.
    private func series(_ name: String, _ axis: Axis, _ columns: [[Double]], _ fieldNames: [String], _ labels: [String]) throws -> Series {
        let series = Series(name: name, axis: axis, x: columns[0],
                            fields: zip(fieldNames, columns.dropFirst()).map { Series.Field(name: $0, values: $1) },
                            categories: labels)
        try store.validate(series)
        return series
    }

    /// The values of pack `id`, read once while consecutive series share
    /// it; nil for a pack that is missing or not whole Float64 values.
    /// - Complexity: O(pack bytes) for a pack not among the last two read,
    ///   O(1) otherwise.
    private func values(ofPack id: Int64) throws -> [Double]? {
        if let known = packs.first(where: { $0.id == id }) { return known.values }
        guard let packRead else { return nil }
        packRead.reset()
        packRead.bind(1, id)
        let values = try packRead.step() ? packRead.blobDoubles(0) : nil
        packRead.reset()
        packs = [(id, values)] + packs.prefix(1)
        return values
    }
}
