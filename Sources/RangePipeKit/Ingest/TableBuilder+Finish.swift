extension TableBuilder {
    /// The series this file produced, sorted and de-duplicated.
    func finish() throws -> [IngestedSeries] {
        if order.isEmpty || order.allSatisfy({ $0.x.isEmpty }) {
            if options.onError == .skip, unattributedRejects > 0 || order.contains(where: { $0.rowsRejected > 0 }) {
                return []
            }
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), "no data rows")
        }
        let valueColumns = plan.valueColumns
        let kept = valueColumns.indices.filter { valueColumns[$0].explicit || valueColumns[$0].state == .numeric }
        guard !kept.isEmpty else {
            throw RangePipeError.badData(SourceLocation(file: file, line: 1, column: 1), noValueColumnMessage())
        }
        var out: [IngestedSeries] = []
        for acc in order where !acc.x.isEmpty {
            var fields: [Series.Field] = []
            for k in kept {
                let values = k < acc.columns.count ? acc.columns[k] : [Double](repeating: .nan, count: acc.x.count)
                fields.append(Series.Field(name: valueColumns[k].name, values: values))
            }
            var series = Series(name: acc.name, axis: plan.axis ?? .number, x: acc.x, fields: fields, categories: acc.labels)
            acc.columns = []
            acc.x = []
            let dropped: Int
            do {
                dropped = try series.normalize(duplicates: options.duplicates)
            } catch let duplicate as DuplicateX {
                let line = acc.lines.map { Int($0[duplicate.laterIndex]) } ?? 0
                throw RangePipeError.badData(SourceLocation(file: file, line: line, column: 1),
                                             "series '\(acc.name)': duplicate x \(series.format(x: duplicate.x)) (--duplicates error)")
            }
            let stats = IngestedSeries.Stats(rowsRead: acc.rowsRead, rowsRejected: acc.rowsRejected, duplicatesDropped: dropped)
            totals = totals + stats
            if options.splitFields {
                for field in series.fields {
                    let name = options.seriesColumn == nil ? field.name : "\(acc.name)/\(field.name)"
                    out.append(IngestedSeries(series: Series(name: name, axis: series.axis, x: series.x, fields: [field],
                                                             categories: series.categories), stats: stats))
                }
            } else {
                out.append(IngestedSeries(series: series, stats: stats))
            }
        }
        return out
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
