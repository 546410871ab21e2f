/// One file's rows grouped by series (`TableBuilder.grouped`), each series
/// built only when asked for: a store write takes them one at a time, so
/// 10^6 one-point series never exist as 10^6 `Series` values at once.
///
/// The file-wide columns are held until the last series is taken; each
/// `Series` is gathered from them by its row indices (`RowGroups`).
struct FileSeries {
    let file: String
    let duplicates: DuplicatePolicy
    let axis: Axis
    /// The kept value columns: their names, and their index in `rows.columns`
    /// (past its end: a column no row reached, all NaN).
    let fieldNames: [String]
    let fieldColumns: [Int]
    let seriesNames: [String]
    let categoryLabels: [Int: CategoryLabels]
    let rejectedRows: [Int: Int]
    private var rows: FileRows
    /// Nil when the file is one series (its columns are the file's).
    private let groups: RowGroups?
    /// Series indices with at least one row, in order of first appearance.
    let present: [Int]

    init(file: String, duplicates: DuplicatePolicy, axis: Axis, fieldNames: [String], fieldColumns: [Int],
         seriesNames: [String], categoryLabels: [Int: CategoryLabels], rejectedRows: [Int: Int], rows: FileRows) {
        (self.file, self.duplicates, self.axis) = (file, duplicates, axis)
        (self.fieldNames, self.fieldColumns) = (fieldNames, fieldColumns)
        (self.seriesNames, self.categoryLabels, self.rejectedRows) = (seriesNames, categoryLabels, rejectedRows)
        var rows = rows
        groups = rows.series.map { RowGroups(series: $0, seriesCount: seriesNames.count) }
        rows.series = nil
        self.rows = rows
        present = groups.map { g in seriesNames.indices.filter { g.count(of: $0) > 0 } } ?? (rows.x.isEmpty ? [] : [0])
    }

    /// The number of series (those with at least one row).
    var count: Int { present.count }

    /// The name of the `i`-th series in order of first appearance.
    func name(_ i: Int) -> String { seriesNames[present[i]] }

    /// Rows read over every series (kept and rejected), before duplicates.
    var rowsRead: Int {
        present.reduce(0) { $0 + rowCount(of: $1) + rejectedRows[$1, default: 0] }
    }

    private func rowCount(of s: Int) -> Int { groups?.count(of: s) ?? rows.x.count }

    /// True when the file has a series column: each series is gathered
    /// from the file's columns without changing them (`series(_:)`), so
    /// several threads may build series at once.
    var isGrouped: Bool { groups != nil }

    /// The rows of the `i`-th series (kept ones, before duplicates).
    func rowCount(ofSeries i: Int) -> Int { rowCount(of: present[i]) }

    /// The rows kept over every series (until a one-series file's are taken).
    var keptRows: Int { rows.x.count }

    /// The `i`-th series, sorted and de-duplicated. For a one-series file
    /// the columns are moved out (the file is held once, not twice), so
    /// that series can be taken only once.
    /// - Throws: `.badData` at the later row's line for a repeated x under
    ///   `--duplicates error`.
    /// - Complexity: O(its rows), or O(its rows log its rows) unsorted.
    mutating func take(_ i: Int) throws -> IngestedSeries {
        if isGrouped { return try series(i) }
        let count = rowCount(of: present[i])
        var x: [Double] = []
        swap(&x, &rows.x)
        // The fields are made in place: no array of value arrays between.
        var fields: [Series.Field] = []
        fields.reserveCapacity(fieldColumns.count)
        for (name, k) in zip(fieldNames, fieldColumns) {
            // Moved out, so the file's column is not held twice.
            var values: [Double] = []
            if k < rows.columns.count { swap(&values, &rows.columns[k]) } else { values = [Double](repeating: .nan, count: count) }
            fields.append(Series.Field(name: name, values: values))
        }
        return try finished(present[i], x: x, fields: fields)
    }

    /// The `i`-th series of a grouped file (`isGrouped`), gathered from the
    /// file's columns, which stay as they are: safe on several threads at
    /// once, each with its own copy of this value.
    /// - Throws: as `take`.
    /// - Complexity: O(its rows), or O(its rows log its rows) unsorted.
    func series(_ i: Int) throws -> IngestedSeries {
        let groups = groups!, s = present[i], count = groups.count(of: s)
        var fields: [Series.Field] = []
        fields.reserveCapacity(fieldColumns.count)
        for (name, k) in zip(fieldNames, fieldColumns) {
            let values = k < rows.columns.count ? groups.gather(rows.columns[k], series: s) : [Double](repeating: .nan, count: count)
            fields.append(Series.Field(name: name, values: values))
        }
        return try finished(s, x: groups.gather(rows.x, series: s), fields: fields)
    }

    /// Series `s` from its columns: sorted, de-duplicated, with its counts.
    /// Inlined: a fleet of one-point series pays its calls' retains.
    @inline(__always)
    private func finished(_ s: Int, x: [Double], fields: [Series.Field]) throws -> IngestedSeries {
        // The dictionaries are empty for most files: no hash per series then.
        var series = Series(name: seriesNames[s], axis: axis, x: x, fields: fields,
                            categories: categoryLabels.isEmpty ? [] : categoryLabels[s]?.labels ?? [])
        let count = x.count
        let dropped: Int
        do {
            dropped = try series.normalize(duplicates: duplicates)
        } catch let duplicate as DuplicateX {
            let row = groups?.row(duplicate.laterIndex, of: s) ?? duplicate.laterIndex
            let line = rows.lines.map { Int($0[row]) } ?? 0
            throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                         "series '\(series.name)': duplicate x \(series.format(x: duplicate.x)) (--duplicates error)")
        }
        let rejected = rejectedRows.isEmpty ? 0 : rejectedRows[s, default: 0]
        return IngestedSeries(series: series, stats: .init(rowsRead: count + rejected, rowsRejected: rejected, duplicatesDropped: dropped))
    }

    /// The error `--duplicates error` reports when series are taken out of
    /// order: the first series in order of first appearance that has a
    /// repeated x, up to `i` (whose error is `later`), as a reading in
    /// order would have named.
    /// - Complexity: O(rows of the series before `i`); only on failure.
    func firstError(upTo i: Int, _ later: any Error) -> any Error {
        guard isGrouped else { return later }
        for j in 0 ..< i {
            do { _ = try series(j) } catch { return error }
        }
        return later
    }
}
