/// The first records of a CSV/TSV input and the dialect they were read
/// with: what the sniffer decided before the real parse starts.
public struct CSVSample: Sendable {
    public var delimiter: UInt8
    public var quote: UInt8
    public var hasHeader: Bool
    /// Column names: the header's, or `col1`, `col2`, … without one.
    public var names: [String]
    /// Data rows (not the header), as the parser delivers their fields.
    public var rows: [[String]]
    /// The physical line each row starts on.
    public var lines: [Int]
    /// True when the sample holds the whole input.
    public var isWholeInput: Bool
    /// Records above the header (a title or metadata), skipped.
    public var skippedRecords = 0
    /// The header is one name short: the first column is R's unnamed row names.
    public var rowNames = false
    /// The first column holds row names (`RowNames`): never a value field.
    public var rowNamesColumn: RowNames?
    /// The header ends in a comma the rows do not have: its last, empty name is dropped.
    public var trailingEmptyName = false
    /// The physical line of the header row, when there is one.
    public var headerLine: Int?
}

/// Sniffs a CSV dialect from a sample, in the spirit of Python's
/// `csv.Sniffer` and DuckDB's sniffer: the delimiter among `, ; \t |` whose
/// count per record is the most consistent, the quote character, and
/// whether the first row is a header.
enum Sniffer {
    /// Bytes and records read before parsing: enough to type columns and
    /// see dates past the 12th, little enough to cost under 1% of a bulk ingest.
    static let sampleBytes = 256 << 10
    static let sampleRows = 5000
    static let candidates: [UInt8] = [0x2c, 0x3b, 0x09, 0x7c]

    /// Reads `bytes` (the input's first bytes; `isWholeInput` when that is
    /// all of it) with the delimiter, quote and header the options fix or
    /// the sample suggests.
    static func sample(_ bytes: [UInt8], isWholeInput: Bool, options: IngestOptions, format: InputFormat,
                       maxRows: Int = sampleRows) -> CSVSample {
        var body = bytes[...]
        if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
        let preferred: UInt8 = format == .tsv ? 0x09 : 0x2c
        let quote = sniffQuote(body)
        let delimiter = options.delimiter ?? sniffDelimiter(body, quote: quote, preferred: preferred)
        var records = parse(body, delimiter: delimiter, quote: quote, isWholeInput: isWholeInput, maxRows: maxRows)
        var skipped = options.header == nil ? preambleRecords(records) : options.skipRecords
        var trailingEmpty = options.trailingEmptyName
        // A header of two names or more, one short over row names (R's write.table), is the header, not a
        // title above one (a one-field title over two columns is a title).
        if options.header == nil, skipped == 0, !(records.first.map {
            $0.fields.count >= 2 && rowNamesHeader($0.fields, body: records.dropFirst().prefix(preambleCheckRows))
        } ?? false) {
            (skipped, trailingEmpty) = titleRecords(records)
        }
        records.removeFirst(min(skipped, records.count))
        let hasHeader = options.header ?? !(records.first.map {
            looksLikeData($0.fields) && !unnamedIndexHeader($0.fields, body: records.dropFirst().prefix(preambleCheckRows))
        } ?? false)
        var names: [String]
        var rowNames = false
        var rowNamesColumn: RowNames?
        var headerLine: Int?
        if hasHeader, let first = records.first {
            let header = first.fields.map(\.trimmingSpaces)
            rowNames = options.rowNames || rowNamesHeader(header, body: records.dropFirst().prefix(preambleCheckRows))
            let body = records.dropFirst()
            rowNamesColumn = RowNames.of(header: rowNames ? nil : header.first, headerShort: rowNames,
                                         values: body.map { $0.fields.first ?? "" },
                                         columns: body.first?.fields.count ?? header.count)
            names = HeaderNames.names(header, rowNames: rowNames, trailingEmpty: trailingEmpty, rowNamesColumn: rowNamesColumn != nil)
            headerLine = first.line
            records.removeFirst()
        } else {
            let width = records.map(\.fields.count).max() ?? 1
            names = (1 ... max(width, 1)).map { "col\($0)" }
        }
        var sample = CSVSample(delimiter: delimiter, quote: quote, hasHeader: hasHeader, names: names,
                               rows: records.map(\.fields), lines: records.map(\.line), isWholeInput: isWholeInput)
        sample.skippedRecords = skipped
        sample.rowNames = rowNames
        sample.rowNamesColumn = rowNamesColumn
        sample.trailingEmptyName = trailingEmpty
        sample.headerLine = headerLine
        return sample
    }

    /// Records split on unquoted line ends, for counting delimiters.
    private static func logicalLines(_ body: ArraySlice<UInt8>, quote: UInt8, limit: Int) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var start = body.startIndex
        var quoted = false
        var i = body.startIndex
        while i < body.endIndex, lines.count < limit {
            let b = body[i]
            if b == quote { quoted.toggle() }
            else if b == 0x0a, !quoted {
                var end = i
                if end > start, body[end - 1] == 0x0d { end -= 1 }
                if end > start { lines.append(body[start ..< end]) }
                start = i + 1
            }
            i += 1
        }
        return lines
    }

    /// The candidate whose count per line is the same on the most lines
    /// (ties: the format's usual delimiter, then `, ; \t |` in that order).
    static func sniffDelimiter(_ body: ArraySlice<UInt8>, quote: UInt8, preferred: UInt8) -> UInt8 {
        // Only complete lines: the sample may end inside the last one.
        let lines = logicalLines(body, quote: quote, limit: 100)
        guard !lines.isEmpty else { return preferred }
        var best = (delimiter: preferred, score: 0.0)
        for candidate in [preferred] + candidates.filter({ $0 != preferred }) {
            var counts: [Int: Int] = [:]
            for line in lines {
                var n = 0, quoted = false
                for b in line {
                    if b == quote { quoted.toggle() } else if b == candidate, !quoted { n += 1 }
                }
                counts[n, default: 0] += 1
            }
            guard let mode = counts.filter({ $0.key > 0 }).max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            // Consistency first; a few more fields per line only break ties.
            let score = Double(mode.value) / Double(lines.count) + Double(min(mode.key, 50)) * 1e-4
            if score > best.score + 1e-9 { best = (candidate, score) }
        }
        return best.delimiter
    }

    /// `'` when fields are wrapped in single quotes and never in double ones.
    static func sniffQuote(_ body: ArraySlice<UInt8>) -> UInt8 {
        var double = 0, single = 0
        var previous: UInt8 = 0x0a
        for b in body.prefix(1 << 16) {
            let opensField = previous == 0x0a || previous == 0x2c || previous == 0x3b || previous == 0x09 || previous == 0x7c
            if opensField, b == 0x22 { double += 1 }
            if opensField, b == 0x27 { single += 1 }
            previous = b
        }
        return single > 0 && double == 0 ? 0x27 : 0x22
    }

    struct Record {
        var fields: [String]
        var line: Int
    }

    /// The sample's complete records, parsed by libcsv as the real read
    /// will be; a malformed record ends the sample (the real read reports it).
    private static func parse(_ body: ArraySlice<UInt8>, delimiter: UInt8, quote: UInt8, isWholeInput: Bool,
                              maxRows: Int) -> [Record] {
        let parser = LibCSVParser(delimiter: delimiter, quote: quote)
        var out: [Record] = []
        func collect() {
            let bytes = parser.fieldBytes.view
            for record in parser.batch.records where out.count <= maxRows {
                let cells = parser.batch.cells[record.firstCell ..< record.firstCell + record.cellCount]
                let fields = cells.map { bytes[$0.start ..< $0.start + $0.count].string }
                out.append(Record(fields: fields, line: record.line))
            }
            parser.discardDeliveredRecords()
        }
        do {
            try parser.parse(body)
            collect()
            if isWholeInput {
                try parser.finish()
                collect()
            }
        } catch {
            collect()
        }
        return out
    }

    /// A first row of numbers and times (no text) is data, not a header.
    static func looksLikeData(_ fields: [String]) -> Bool {
        var sawValue = false
        for field in fields {
            let text = field.trimmingSpaces
            switch DecimalParser.parseCell(text) {
            case .missing: continue
            case .number: sawValue = true; continue
            case .invalid: sawValue = true
            }
            if TimeParser.detect(text) != nil || DayMonthDate(text) != nil { continue }
            return false
        }
        return sawValue
    }
}
