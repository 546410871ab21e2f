/// `--layout rows`: reads a CSV/TSV file whose every row is one series —
/// an optional label column (`--series-column`), then the values at
/// positions 1, 2, … (UCR/UEA classification sets). x is a value's position
/// among its row's values, on a number axis; each series has one field,
/// `value`; a missing value is NaN at its position.
///
/// Series are named `BASE/row N` (N the data row, from 1), or by the label:
/// `BASE/LABEL` when every row's label differs, else `BASE/LABEL #K` (the
/// K-th row with that label). BASE is `--series`, else the file stem, so
/// two files' rows stay apart. The whole input is held in memory and read
/// with the sniffer's parser: this layout comes in files of a few MB.
struct RowLayoutReader {
    /// The name x is reported by (no column holds it).
    static let xName = "(column position)"
    static let fieldName = "value"
    let options: IngestOptions

    /// The series of `source`, and its report appended to `reports`.
    /// - Throws: `.usage` for flags that do not apply, `.badData` (located)
    ///   for a value that is not a number.
    /// - Complexity: O(input bytes).
    func read(_ source: InputSource, format: InputFormat, reports: inout [FileReport]) throws -> [IngestedSeries] {
        let file = source.displayName
        guard format == .csv || format == .tsv else {
            throw RangePipeError.usage("--layout rows reads CSV and TSV files, not \(format.rawValue) (\(file))")
        }
        if options.xColumn != nil || options.yColumns != nil || options.splitFields {
            throw RangePipeError.usage("--layout rows: x is each value's position in its row and the field is 'value'; "
                                       + "--x, --y and --split-fields do not apply")
        }
        let bytes = try Self.wholeInput(source)
        try TextEncoding.check(bytes, file: file)
        let sample = Sniffer.sample(bytes, isWholeInput: true, options: options, format: format, maxRows: .max)
        let label = try labelIndex(sample, file: file)
        let base = options.seriesName ?? Ingestor.stem(of: file)
        let labels = label.map { k in sample.rows.map { k < $0.count ? $0[k].trimmingSpaces : "" } }
        let names = Self.names(base: base, labels: labels, rows: sample.rows.count)
        var out: [IngestedSeries] = []
        for (r, row) in sample.rows.enumerated() {
            var values: [Double] = []
            values.reserveCapacity(row.count)
            for (k, cell) in row.enumerated() where k != label {
                values.append(try value(cell, at: SourceLocation(file: file, line: sample.lines[r], column: k + 1)))
            }
            guard !values.isEmpty else { continue }
            let series = Series(name: names[r], axis: .number, x: (1 ... values.count).map(Double.init),
                                fields: [Series.Field(name: Self.fieldName, values: values)])
            out.append(IngestedSeries(series: series, stats: .init(rowsRead: 1, rowsRejected: 0, duplicatesDropped: 0)))
        }
        var report = FileReport(file: file, format: format)
        report.sample = sample
        report.x = XChoice(column: Self.xName, index: -1,
                           reason: "--layout rows: each row is a series, x its values' positions from 1", profile: nil)
        reports.append(report)
        return out
    }

    /// The `--series-column` label's index among the columns, if given.
    private func labelIndex(_ sample: CSVSample, file: String) throws -> Int? {
        guard let column = options.seriesColumn else { return nil }
        if let k = sample.names.firstIndex(of: column) { return k }
        let shown = sample.names.prefix(5).map { "'\($0)'" }.joined(separator: ", ")
        throw RangePipeError.usage("--series-column '\(column)': \(file) has no such column (it has \(shown)"
                                   + (sample.names.count > 5 ? ", … \(sample.names.count) in all)" : ")"))
    }

    /// One cell as a value: a number, or NaN for a missing-value marker.
    private func value(_ cell: String, at location: SourceLocation) throws -> Double {
        let text = cell.trimmingSpaces
        if options.nulls.contains(text) { return .nan }
        switch DecimalParser.parseCell(text) {
        case .number(let v) where v.magnitude <= Series.magnitudeLimit: return v
        case .missing: return .nan
        case .number, .invalid:
            throw RangePipeError.badData(location, "'\(text)' is not a number (--layout rows reads every cell "
                                         + "but the --series-column label as a value; if it marks a missing value, add --null \(ShellWords.quote(text)))")
        }
    }

    /// Each row's series name (see the type's note).
    static func names(base: String, labels: [String]?, rows: Int) -> [String] {
        guard let labels else { return (0 ..< rows).map { "\(base)/row \($0 + 1)" } }
        if Set(labels).count == labels.count { return labels.map { "\(base)/\($0)" } }
        var seen: [String: Int] = [:]
        return labels.map { label in
            seen[label, default: 0] += 1
            return "\(base)/\(label) #\(seen[label]!)"
        }
    }

    /// Every byte of `source` (decompressed), through `peek` with a growing count.
    private static func wholeInput(_ source: InputSource) throws -> [UInt8] {
        var count = max(source.sizeHint + 1, 1 << 16)
        while true {
            let (bytes, whole) = try source.peek(count)
            if whole { return bytes }
            count *= 4
        }
    }
}
