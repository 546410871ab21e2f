/// Small series packed into shared `pack` rows (schema version 3,
/// `StoreSchema`, `PackWriter`).
///
/// Space: a packed series that is replaced (or grows past
/// `StoreSchema.packedBytes` into chunks) is written again into this
/// transaction's pack, and its old bytes stay in their pack as a hole that
/// no series row points at. Nothing reads a hole; `VACUUM` does not
/// reclaim it (only a rebuild, `ingest` into a new store, does). A nightly
/// append to 1% of a fleet's small series grows the store by their bytes.
extension SeriesStore {
    /// The columns (x, then each field) of a packed series: its slice of
    /// the pack, read with `substr` (or from the pack this transaction is
    /// still filling).
    /// - Throws: `.invalid` naming the series when the slice is not wholly
    ///   inside the pack.
    /// - Complexity: O(its points); SQLite reads at most the pack.
    func loadPacked(_ place: (pack: Int64, offset: Int64), points: Int, columns: Int, series name: String) throws -> [[Double]] {
        let read: [[Double]]?
        if place.pack == packs.id {
            read = Self.columns(in: packs.values, at: place, points: points, columns: columns)
        } else if place.offset >= 0, place.offset % 8 == 0 {
            let slice = try statements.prepared(.packSlice, db)
            defer { slice.reset() }
            slice.bind(1, place.offset + 1)
            slice.bind(2, points * columns * 8)
            slice.bind(3, place.pack)
            let flat = try slice.step() ? slice.blobDoubles(0) : nil
            // `substr` past the blob's end is short: caught by the count.
            read = flat.flatMap { Self.columns(in: $0, at: (place.pack, 0), points: points, columns: columns) }
        } else {
            read = nil
        }
        guard let read else { throw packDamaged(name, place) }
        return read
    }

    /// The columns of a series at byte `place.offset` of a pack's values
    /// (columns one after another, `points` values each), or nil when they
    /// are not wholly inside it.
    /// - Complexity: O(points × columns).
    static func columns(in pack: [Double], at place: (pack: Int64, offset: Int64), points: Int, columns: Int) -> [[Double]]? {
        guard place.offset >= 0, place.offset % 8 == 0, place.offset / 8 <= Int64(pack.count) else { return nil }
        let first = Int(place.offset / 8)
        guard points * columns <= pack.count - first else { return nil }
        return (0 ..< columns).map { k in Array(pack[first + k * points ..< first + (k + 1) * points]) }
    }

    /// The error for a packed series whose slice is not in its pack.
    func packDamaged(_ name: String, _ place: (pack: Int64, offset: Int64)) -> RangePipeError {
        damaged(name, "its packed columns (pack \(place.pack), byte \(place.offset)) are not in the pack")
    }

    /// Version 2 → 3: the pack columns and table, inside the write
    /// transaction that opened the store (a failed write leaves version 2
    /// as it was). Stored series stay in their chunks; writes from now on
    /// pack small series.
    /// - Complexity: O(1): no series is read or moved.
    func migrateToVersion3() throws {
        try db.execute(StoreSchema.addPacks)
        try db.execute("PRAGMA user_version = 3")
    }
}
