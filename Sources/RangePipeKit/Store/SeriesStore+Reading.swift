/// Reading a store: listings, names, one series with its columns, and the
/// stored change of a name that a write compares against.
extension SeriesStore {
    /// The stored series of this name, if any: its id, content hash and
    /// the generation that last changed it.
    func storedChange(of name: String) throws -> (id: Int64, hash: String?, changed: Int64, source: Int64?)? {
        let head = try statements.prepared(.seriesChange, db)
        defer { head.reset() }
        head.bind(1, name)
        return try head.step() ? (head.int(0), head.isNull(1) ? nil : head.text(1), head.int(2), head.isNull(3) ? nil : head.int(3)) : nil
    }

    /// True while writing a new store that no reader can see yet.
    public var isBuilding: Bool { building }

    /// Sizes SQLite's page cache for writing `count` series into a store
    /// being built. A few large series only stream chunk pages through
    /// the cache, and filling 64 MiB of fresh pages there was ~14,000 page
    /// faults of a 10^7-row one-series ingest: 8 MiB writes the same pages.
    /// A fleet is written in name order (`IngestJob`), so every b-tree
    /// grows at its right edge and only those few pages are hot: 4 MiB
    /// wrote 10^6 one-point series with 1.9 s less CPU and 68 MB less peak
    /// memory than 64 MiB (pages spilled early are written once either way:
    /// a store being built has no journal).
    /// - Complexity: O(1).
    public func sizeCache(forSeries count: Int) throws {
        guard building else { return }
        try db.execute(count <= Self.smallCacheSeries ? "PRAGMA cache_size=-8192" : "PRAGMA cache_size=-4096")
    }

    /// Up to this many series, a store being built gets the 8 MiB cache.
    static let smallCacheSeries = 1000

    /// Everything the store lists, sorted by name.
    public func listSeries() throws -> [SeriesInfo] {
        guard try db.scalarInt("PRAGMA user_version") > 0 else { return [] }
        let ownsTransaction = !inTransaction && !snapshotHeld
        if ownsTransaction { try db.execute("BEGIN") }
        defer { if ownsTransaction { try? db.execute("COMMIT") } }
        let version = try db.scalarInt("PRAGMA user_version")
        let rows = try db.prepare("SELECT id, name, axis, points, x_min, x_max, \(StoreSchema.firstField(version: version)) FROM series ORDER BY name")
        var out: [SeriesInfo] = []
        while try rows.step() {
            let id = rows.int(0)
            let first = rows.isNull(6) ? nil : SeriesInfo.FieldInfo(name: rows.text(6), min: rows.double(7), max: rows.double(8), missing: Int(rows.int(9)))
            let infos = try fieldInfos(first: first, seriesID: id)
            out.append(SeriesInfo(name: rows.text(1), axis: Axis(rawValue: rows.text(2)) ?? .number,
                                  points: Int(rows.int(3)), xMin: rows.double(4), xMax: rows.double(5),
                                  fields: infos, categories: try categories(seriesID: id)))
        }
        return out
    }

    /// The names of every series, sorted.
    /// - Complexity: one indexed scan; no field or category reads.
    public func seriesNames() throws -> [String] {
        guard try db.scalarInt("PRAGMA user_version") > 0 else { return [] }
        let rows = try db.prepare("SELECT name FROM series ORDER BY name")
        var names: [String] = []
        while try rows.step() { names.append(rows.text(0)) }
        return names
    }

    func categories(seriesID: Int64) throws -> [String] {
        let s = try statements.prepared(.categoryLabels, db)
        defer { s.reset() }
        s.bind(1, seriesID)
        var labels: [String] = []
        while try s.step() { labels.append(s.text(0)) }
        return labels
    }

    /// Loads a whole series, or nil if the store has no series of that name.
    /// - Complexity: O(its points + log series): its chunks, or its slice
    ///   of one pack (at most `StoreSchema.packBytes`).
    public func loadSeries(named name: String) throws -> Series? {
        let ownsTransaction = !inTransaction && !snapshotHeld
        if ownsTransaction { try db.execute("BEGIN") }
        defer { if ownsTransaction { try? db.execute("COMMIT") } }
        // Read inside the transaction: a writer migrating meanwhile
        // cannot change it under the reads below.
        let version = try heldVersion ?? db.scalarInt("PRAGMA user_version")
        guard version > 0 else { return nil }
        let head = try statements.prepared(version >= 4 ? .seriesHead : version == 3 ? .seriesHeadV3 : .seriesHeadUnpacked, db)
        head.bind(1, name)
        guard try head.step() else { head.reset(); return nil }
        let id = head.int(0)
        let axisText = head.text(1)
        let storedPoints = head.int(2)
        let place = head.isNull(3) ? nil : (pack: head.int(3), offset: head.int(4))
        // The first field's name from the series row (version 4), the rest from `field`.
        var fieldNames = head.isNull(5) ? [] : [head.text(5)]
        head.reset()
        guard let axis = Axis(rawValue: axisText) else { throw damaged(name, "unknown axis '\(axisText)'") }
        let points = try checkedPointCount(storedPoints, series: name)
        let fieldRows = try statements.prepared(.fieldNames, db)
        fieldRows.bind(1, id)
        while try fieldRows.step() { fieldNames.append(fieldRows.text(0)) }
        fieldRows.reset()
        var columns: [[Double]]
        if let place {
            columns = try loadPacked(place, points: points, columns: fieldNames.count + 1, series: name)
        } else {
            columns = [try loadColumn(seriesID: id, column: -1, points: points, series: name)]
            for k in fieldNames.indices {
                columns.append(try loadColumn(seriesID: id, column: k, points: points, series: name))
            }
        }
        let fields = zip(fieldNames, columns.dropFirst()).map { Series.Field(name: $0, values: $1) }
        let series = Series(name: name, axis: axis, x: columns[0], fields: fields, categories: try categories(seriesID: id))
        try validate(series)
        return series
    }
}
