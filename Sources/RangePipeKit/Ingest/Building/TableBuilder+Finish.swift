extension TableBuilder {
    /// The series this file produced, in order of first appearance, sorted
    /// and de-duplicated (`grouped`, every series taken in order).
    /// - Complexity: O(rows) to group, then each series' normalization.
    func finish() throws -> [IngestedSeries] {
        var file = try grouped()
        var out: [IngestedSeries] = []
        for i in 0 ..< file.count {
            let item = try file.take(i)
            totals = totals + item.stats
            let (series, stats) = (item.series, item.stats)
            if options.splitFields {
                for field in series.fields {
                    let fieldName = options.seriesColumn == nil ? field.name : "\(series.name)/\(field.name)"
                    out.append(IngestedSeries(series: Series(name: fieldName, axis: series.axis, x: series.x, fields: [field],
                                                             categories: series.categories), stats: stats))
                }
            } else {
                out.append(item)
            }
        }
        return out
    }

    /// The file's rows grouped by series (see `RowGroups`), to be built one
    /// series at a time (`FileSeries`); the builder's columns are let go.
    /// `totals` is left for the caller to set from the series it takes.
    /// - Throws: `.badData` for a file with no data rows or no value column.
    /// - Complexity: O(rows + series).
    func grouped() throws -> FileSeries {
        let all = rows.value
        rows.value = FileRows(manySeries: false, keepLines: false)
        // Reading is over: the key table (~50 bytes a series) is let go
        // before the series are written (the builder lives on for the
        // file's report).
        keyTable = ByteKeyTable()
        if all.x.isEmpty {
            if options.onError == .skip, unattributedRejects > 0 || !rejectedRows.isEmpty {
                return FileSeries(file: file, duplicates: options.duplicates, axis: .number, fieldNames: [], fieldColumns: [],
                                  seriesNames: [], categoryLabels: [:], rejectedRows: [:], rows: all)
            }
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "no data rows")
        }
        let valueColumns = plan.valueColumns
        let kept = valueColumns.indices.filter { valueColumns[$0].explicit || valueColumns[$0].state == .numeric }
        guard !kept.isEmpty else {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), noValueColumnMessage())
        }
        return FileSeries(file: file, duplicates: options.duplicates, axis: plan.axis ?? .number,
                          fieldNames: kept.map { valueColumns[$0].name }, fieldColumns: kept, seriesNames: seriesNames,
                          categoryLabels: categoryLabels, rejectedRows: rejectedRows, rows: all)
    }

    /// Says which column became x and why: a wrong x choice, not the value
    /// columns, is the usual cause.
    private func noValueColumnMessage() -> String {
        let x = xName ?? "x"
        let why = options.xChoice.map { $0.reason == "--x" ? "named by --x" : $0.reason } ?? "the first column"
        let others = names.filter { $0 != x && $0 != options.seriesColumn }
        let left = others.isEmpty ? "no other column" : "left: " + others.joined(separator: ", ") + " (text or empty)"
        return "no numeric value column: x is '\(x)' (\(why)), \(left); name x with --x or values with --y"
    }

    /// Column names that hold text (the candidates for a series column).
    var textColumns: [String] { plan.textColumns }
}

/// A series fresh from an input, with the counts for the summary.
public struct IngestedSeries: Sendable {
    public var series: Series
    public var stats: Stats
    /// The input files (as given) its rows came from, in order; set by
    /// `Ingestor` for built series (a grouped file's series share
    /// `ParsedInput.sharedSources` instead).
    public var sources: [String] = []

    /// Rows read, rejected and dropped as duplicates, for the summary.
    public struct Stats: Sendable, Equatable {
        public var rowsRead: Int
        public var rowsRejected: Int
        public var duplicatesDropped: Int

        static func + (l: Stats, r: Stats) -> Stats {
            Stats(rowsRead: l.rowsRead + r.rowsRead, rowsRejected: l.rowsRejected + r.rowsRejected,
                  duplicatesDropped: l.duplicatesDropped + r.duplicatesDropped)
        }

        static let zero = Stats(rowsRead: 0, rowsRejected: 0, duplicatesDropped: 0)
    }
}
