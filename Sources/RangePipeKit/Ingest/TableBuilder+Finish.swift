extension TableBuilder {
    /// The series this file produced, in order of first appearance, sorted
    /// and de-duplicated. The rows are grouped by series here (see
    /// `RowGroups`), and the builder's columns are let go.
    /// - Complexity: O(rows) to group, then each series' normalization.
    func finish() throws -> [IngestedSeries] {
        var all = rows.value
        rows.value = FileRows(manySeries: false, keepLines: false)
        if all.x.isEmpty {
            if options.onError == .skip, unattributedRejects > 0 || !rejectedRows.isEmpty {
                return []
            }
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "no data rows")
        }
        let valueColumns = plan.valueColumns
        let kept = valueColumns.indices.filter { valueColumns[$0].explicit || valueColumns[$0].state == .numeric }
        guard !kept.isEmpty else {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), noValueColumnMessage())
        }
        // One series: its columns are the file's, moved rather than gathered.
        let groups = all.series.map { RowGroups(series: $0, seriesCount: seriesNames.count) }
        all.series = nil
        let counts = seriesNames.indices.map { groups?.count(of: $0) ?? all.x.count }
        let present = seriesNames.indices.filter { counts[$0] > 0 }
        // Column by column, each file-wide column let go once gathered:
        // the rows are held twice only one column at a time.
        var xs = Self.gathered(&all.x, groups, present)
        var values: [[[Double]]] = kept.map { k in
            guard k < all.columns.count else { return present.map { [Double](repeating: .nan, count: counts[$0]) } }
            return Self.gathered(&all.columns[k], groups, present)
        }
        var out: [IngestedSeries] = []
        for (i, s) in present.enumerated() {
            let name = seriesNames[s]
            var fields: [Series.Field] = []
            for (j, k) in kept.enumerated() {
                fields.append(Series.Field(name: valueColumns[k].name, values: values[j][i]))
                values[j][i] = []
            }
            let x = xs[i]
            xs[i] = []
            var series = Series(name: name, axis: plan.axis ?? .number, x: x, fields: fields,
                                categories: categoryLabels[s]?.labels ?? [])
            let dropped: Int
            do {
                dropped = try series.normalize(duplicates: options.duplicates)
            } catch let duplicate as DuplicateX {
                let row = groups?.row(duplicate.laterIndex, of: s) ?? duplicate.laterIndex
                let line = all.lines.map { Int($0[row]) } ?? 0
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                             "series '\(name)': duplicate x \(series.format(x: duplicate.x)) (--duplicates error)")
            }
            let rejected = rejectedRows[s, default: 0]
            let stats = IngestedSeries.Stats(rowsRead: counts[s] + rejected, rowsRejected: rejected, duplicatesDropped: dropped)
            totals = totals + stats
            if options.splitFields {
                for field in series.fields {
                    let fieldName = options.seriesColumn == nil ? field.name : "\(name)/\(field.name)"
                    out.append(IngestedSeries(series: Series(name: fieldName, axis: series.axis, x: series.x, fields: [field],
                                                             categories: series.categories), stats: stats))
                }
            } else {
                out.append(IngestedSeries(series: series, stats: stats))
            }
        }
        return out
    }

    /// `column`'s values for each series in `present` (the column itself
    /// when there are no groups: one series), leaving `column` empty.
    private static func gathered(_ column: inout [Double], _ groups: RowGroups?, _ present: [Int]) -> [[Double]] {
        defer { column = [] }
        guard let groups else { return [column] }
        return present.map { groups.gather(column, series: $0) }
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
