/// What a column's sampled values are: the type ingest would give it, its
/// missing-value markers, and whether it could serve as x.
public struct ColumnProfile: Sendable {
    /// What a sampled column holds, as the x chooser and `inspect` see it.
    public enum Kind: String, Sendable {
        case time, number, text, empty
    }

    public var name: String
    public var index: Int
    public var kind: Kind
    /// How a time column's values are read.
    public var time: TimeShape?
    /// The first non-missing value.
    public var example: String?
    /// Non-missing values.
    public var values = 0
    /// Missing values by their marker ("" for an empty cell).
    public var missing: [String: Int] = [:]
    /// Never decreasing within a series (the series column's, if given),
    /// with at least two distinct values (times or numbers).
    public var sorted = false
    /// Increasing at every row of every series, each with 8 rows at least:
    /// a counter or a clock rather than a measurement that happens to rise.
    public var increasing = false
    public var distinct = 0
    /// Text in a column that is otherwise numbers: likely missing-value
    /// markers to name with `--null`, with their counts.
    public var strayTokens: [String: Int] = [:]

    public var missingCount: Int { missing.values.reduce(0, +) }
}

/// How a time column is read: by a built-in family or a pattern.
public struct TimeShape: Sendable, Equatable {
    /// "ISO-8601", "YYYY/MM/DD", "month name", or the strptime pattern.
    public var family: String
    /// `.auto` for the built-in families; `.pattern` for day/month dates.
    public var format: TimeFormat
    /// Set when no value tells month-first from day-first: the day-first
    /// pattern (`format` then holds the month-first one).
    public var dayFirstAlternative: String?
}

/// Types the columns of a sample and decides how its numbers are written.
enum ColumnProfiler {
    /// Decimal comma and thousands separators, as the options fix them or
    /// the sample shows them unambiguously: a decimal comma in a file not
    /// delimited by commas, with comma numbers (`1,5`) and no dot decimals
    /// (`1.5`); thousands only with comma groups (`"1,234.5"`) outside
    /// `;` files and no comma that is not a group separator (`"1,5"`).
    static func numberStyle(_ sample: CSVSample, options: IngestOptions) -> (decimalComma: Bool, thousands: Bool) {
        if options.decimalComma { return (true, false) }
        let comma = NumberReader(decimalComma: true, thousands: false)
        let grouped = NumberReader(decimalComma: false, thousands: true)
        var commaNumbers = 0, dotDecimals = 0, groupedNumbers = 0, commaMisfits = 0
        for row in sample.rows {
            for field in row {
                let text = field.trimmingSpaces
                text.withByteView { b in
                    guard b.count > 0, b.allSatisfy({ $0 &- 0x30 < 10 || $0 == 0x2c || $0 == 0x2e || $0 == 0x2d || $0 == 0x2b }) else { return }
                    let plain = DecimalParser.parseNumber(b, 0, b.count) != nil
                    let asComma = comma.parseCell(b) != .invalid
                    if plain {
                        if b.contains(0x2e), !asComma { dotDecimals += 1 }
                        return
                    }
                    guard b.contains(0x2c) else { return }
                    if asComma { commaNumbers += 1 }
                    if grouped.parseCell(b) != .invalid { groupedNumbers += 1 } else { commaMisfits += 1 }
                }
            }
        }
        // Under `;` any comma number is a decimal one; under tabs or pipes
        // only once one (`0,5`) cannot be a thousands group.
        if sample.delimiter != 0x2c, commaNumbers > 0, dotDecimals == 0, sample.delimiter == 0x3b || commaMisfits > 0 {
            return (true, false)
        }
        let thousands = options.thousands || (sample.delimiter != 0x3b && groupedNumbers > 0 && commaMisfits == 0)
        return (false, thousands)
    }

    /// Each column's profile, read with `options`' number style and markers.
    /// `series`: the series column's index; order is judged within each series.
    static func profile(_ sample: CSVSample, options: IngestOptions, series: Int? = nil) -> [ColumnProfile] {
        let reader = NumberReader(options: options)
        return sample.names.indices.map { j in
            var p = ColumnProfile(name: sample.names[j], index: j, kind: .empty)
            var present: [String] = []
            // The series each present value belongs to (long format sorts x per series).
            var keys: [String] = []
            for row in sample.rows {
                let text = (j < row.count ? row[j] : "").trimmingSpaces
                if text.withByteView({ reader.parseCell($0) }) == .missing {
                    p.missing[text, default: 0] += 1
                } else {
                    present.append(text)
                    if let series { keys.append(series < row.count ? row[series] : "") }
                }
            }
            p.values = present.count
            p.example = present.first
            p.distinct = Set(present).count
            guard let first = present.first else { return p }
            if let parser = TimeParser.detect(first, offset: options.timezone) {
                let times = present.map { parser.parse($0) }
                if times.allSatisfy({ $0 != nil }) {
                    p.kind = .time
                    p.time = TimeShape(family: parser.familyName, format: .auto)
                    (p.sorted, p.increasing) = Self.order(times.map { $0! }, keys)
                    return p
                }
            }
            if let order = DayMonthDate.order(of: present) {
                let pattern: String, alternative: String?
                switch order {
                case let .resolved(p): (pattern, alternative) = (p, nil)
                case let .ambiguous(monthFirst, dayFirst): (pattern, alternative) = (monthFirst, dayFirst)
                }
                let parser = try? TimeParser(format: .pattern(pattern), offset: options.timezone)
                let times = present.compactMap { parser?.parse($0) }
                if times.count == present.count {
                    p.kind = .time
                    p.time = TimeShape(family: pattern, format: .pattern(pattern), dayFirstAlternative: alternative)
                    (p.sorted, p.increasing) = Self.order(times, keys)
                    return p
                }
            }
            if isDayOrdinal(present, name: p.name), let parser = try? TimeParser(format: .dayOrdinal, offset: options.timezone) {
                p.kind = .time
                p.time = TimeShape(family: "day ordinal", format: .dayOrdinal)
                (p.sorted, p.increasing) = Self.order(present.compactMap { parser.parse($0) }, keys)
                return p
            }
            if isDecimalYears(present, name: p.name), let parser = try? TimeParser(format: .decimalYear, offset: options.timezone) {
                p.kind = .time
                p.time = TimeShape(family: "decimal year", format: .decimalYear)
                (p.sorted, p.increasing) = Self.order(present.compactMap { parser.parse($0) }, keys)
                return p
            }
            if let pattern = integerDatePattern(present, name: p.name, index: j),
               let parser = try? TimeParser(format: .pattern(pattern), offset: options.timezone) {
                let times = present.compactMap { parser.parse($0) }
                p.kind = .time
                p.time = TimeShape(family: pattern, format: .pattern(pattern))
                (p.sorted, p.increasing) = Self.order(times, keys)
                return p
            }
            var numbers: [Double] = []
            for text in present {
                if case let .number(v) = text.withByteView({ reader.parseCell($0) }) {
                    numbers.append(v)
                } else {
                    p.strayTokens[text, default: 0] += 1
                }
            }
            if numbers.count == present.count {
                p.kind = .number
                (p.sorted, p.increasing) = Self.order(numbers, keys)
                return p
            }
            p.kind = .text
            // A few repeated words among numbers read as markers, not as text.
            if numbers.count * 2 < present.count || p.strayTokens.count > 3 { p.strayTokens = [:] }
            return p
        }
    }

    /// Sorted: never decreasing within a series, with two distinct values
    /// somewhere. Increasing: rising at every row of every series, each
    /// series with `risingRows` rows at least — a clock or a counter, not a
    /// few values that happen to rise.
    static func order(_ values: [Double], _ keys: [String]) -> (sorted: Bool, increasing: Bool) {
        var last: [String: (value: Double, rows: Int)] = [:]
        var sorted = true, increasing = true
        for (k, v) in values.enumerated() {
            let key = k < keys.count ? keys[k] : ""
            if let previous = last[key] {
                if v < previous.value { sorted = false }
                if v <= previous.value { increasing = false }
            }
            last[key] = (v, (last[key]?.rows ?? 0) + 1)
        }
        let spread = values.contains { $0 != values.first }
        increasing = increasing && spread && last.values.allSatisfy { $0.rows >= risingRows }
        return (sorted && spread, increasing)
    }

    static let risingRows = 8
}
