/// A time written over several columns (`year` + `quarter`, `year` +
/// `month` + `day` + `hour`): x is the parts' texts joined by spaces and
/// read with a pattern of one directive per part (`%Y %q`, `%Y %m %d %H`).
/// `--x year,quarter` names the parts; the sniffer finds them by name.
struct CompositeTime: Equatable {
    /// The parts' column indices, in the order they are joined.
    var parts: [Int]
    /// The parts' names joined by commas: the x column's name (`year,quarter`).
    var name: String
    /// The pattern the joined text is read with, when the names say it.
    var pattern: String?

    /// The directive a part's name stands for: `year`/`yr` → `%Y`,
    /// `quarter`/`qtr` → `%q`, `month`/`mon` → `%m`, `day` → `%d`,
    /// `hour`/`hr` → `%H`; nil for any other name.
    static func directive(_ name: String) -> String? {
        let words = Set(name.lowercased().split { !$0.isLetter })
        if words.contains("year") || words.contains("yr") { return "%Y" }
        if words.contains("quarter") || words.contains("qtr") { return "%q" }
        if words.contains("month") || words.contains("mon") { return "%m" }
        if words.contains("day") { return "%d" }
        if words.contains("hour") || words.contains("hr") { return "%H" }
        return nil
    }

    /// The parts `--x a,b` names among `names`; nil unless it has a comma,
    /// is no column's own name, and each part is a column.
    static func named(_ x: String, in names: [String]) -> CompositeTime? {
        guard x.contains(","), !names.contains(x) else { return nil }
        let wanted = x.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingSpaces }
        var parts: [Int] = []
        for part in wanted {
            guard let k = names.firstIndex(of: part), !parts.contains(k) else { return nil }
            parts.append(k)
        }
        guard parts.count >= 2 else { return nil }
        let directives = wanted.map(directive)
        let pattern = directives.allSatisfy { $0 != nil } ? directives.map { $0! }.joined(separator: " ") : nil
        return CompositeTime(parts: parts, name: wanted.joined(separator: ","), pattern: pattern)
    }

    /// The parts the sniffer reads as one time, whatever the columns'
    /// order: a column of whole numbers named year (four digits each) and
    /// one named quarter (`1`–`4`, or `Q1`/`Q01` under any name) or month
    /// (`1`–`12`, `M01`–`M12` under any name, or month names, `Jan` or
    /// `January`, under a month name), then optionally day (1–31) and hour
    /// (0–24) after a month; the year alone repeats in the sample and every
    /// joined value reads as a time. Nil when no such columns exist.
    static func find(_ sample: CSVSample, profiles: [ColumnProfile], excluded: Set<Int>) -> CompositeTime? {
        var used = excluded
        func free(_ p: ColumnProfile) -> Bool { !used.contains(p.index) && p.missingCount == 0 }
        func column(_ directive: String, _ range: ClosedRange<Int>) -> Int? {
            profiles.first { p in
                free(p) && p.kind == .number && Self.directive(p.name) == directive && wholeNumbers(sample, p.index, in: range)
            }?.index
        }
        /// A text column whose every sample value `accepts`.
        func text(named directive: String? = nil, _ accepts: (Substring) -> Bool) -> Int? {
            profiles.first { p in
                free(p) && p.kind == .text && (directive == nil || Self.directive(p.name) == directive)
                    && sample.rows.allSatisfy { row in p.index < row.count && accepts(Substring(row[p.index].trimmingSpaces)) }
            }?.index
        }
        /// BLS periods: `Q01`–`Q04` (or `Q1`) or `M01`–`M12`.
        func period(_ letter: UInt8, _ range: ClosedRange<Int>) -> (Substring) -> Bool {
            { text in
                guard text.utf8.first.map({ $0 | 0x20 == letter | 0x20 }) == true, let v = Int(text.dropFirst()) else { return false }
                return range.contains(v)
            }
        }
        let monthNames = try? TimeParser(format: .pattern("%Y %b"), offset: .utc)
        guard let year = column("%Y", 1000 ... 2999), profiles[year].distinct < profiles[year].values else { return nil }
        used.insert(year)
        var parts = [year], directives = ["%Y"]
        func take(_ k: Int, _ directive: String) {
            parts.append(k); directives.append(directive); used.insert(k)
        }
        if let quarter = column("%q", 1 ... 4) {
            take(quarter, "%q")
        } else if let quarter = text(period(0x51, 1 ... 4)) {
            take(quarter, "Q%q")
        } else if let month = text(period(0x4d, 1 ... 12)) {
            take(month, "M%m")
        } else if let month = column("%m", 1 ... 12) ?? text(named: "%m", { monthNames?.parse("2000 " + $0) != nil }) {
            take(month, profiles[month].kind == .text ? "%b" : "%m")
            if let day = column("%d", 1 ... 31) {
                take(day, "%d")
                if let hour = column("%H", 0 ... 24) { take(hour, "%H") }
            }
        } else {
            return nil
        }
        let found = CompositeTime(parts: parts, name: parts.map { profiles[$0].name }.joined(separator: ","),
                                  pattern: directives.joined(separator: " "))
        guard let parser = try? TimeParser(format: .pattern(found.pattern!), offset: .utc),
              sample.rows.allSatisfy({ parser.parse(found.joined($0)) != nil }) else { return nil }
        return found
    }

    /// A date column and the clock column right after it (`01/01/1988` and
    /// `01:00`, as NREL's TMY3 files write them): when the date repeats in
    /// the sample and every value of the next column is `HH:MM` or
    /// `HH:MM:SS` (hours 0–24), x is the two joined, read with the date's
    /// pattern and `%H:%M[:%S]`.
    static func dateAndClock(_ sample: CSVSample, profiles: [ColumnProfile], date: ColumnProfile) -> CompositeTime? {
        guard date.kind == .time, date.distinct * 2 <= date.values, date.index + 1 < profiles.count,
              let datePattern = Self.datePattern(date) else { return nil }
        let clock = profiles[date.index + 1]
        guard clock.missingCount == 0, let width = clock.example?.utf8.count, width == 5 || width == 8 else { return nil }
        let clockPattern = width == 5 ? "%H:%M" : "%H:%M:%S"
        guard let parser = try? TimeParser(format: .pattern("%Y-%m-%d " + clockPattern), offset: .utc) else { return nil }
        for row in sample.rows {
            guard clock.index < row.count else { return nil }
            let text = row[clock.index].trimmingSpaces
            guard text.utf8.count == width, parser.parse("1970-01-01 " + text) != nil else { return nil }
        }
        return CompositeTime(parts: [date.index, clock.index], name: date.name + "," + clock.name,
                             pattern: datePattern + " " + clockPattern)
    }

    /// The strptime pattern of a date column's values, when it has one.
    private static func datePattern(_ p: ColumnProfile) -> String? {
        if case let .pattern(pattern) = p.time?.format { return pattern }
        guard let example = p.example, example.utf8.count == 10 else { return nil }
        if p.time?.family.hasPrefix("ISO") == true { return "%Y-%m-%d" }
        if p.time?.family.hasPrefix("YYYY/") == true { return "%Y/%m/%d" }
        return nil
    }

    /// One row's parts joined by spaces.
    func joined(_ row: [String]) -> String {
        parts.map { $0 < row.count ? row[$0].trimmingSpaces : "" }.joined(separator: " ")
    }

    private static func wholeNumbers(_ sample: CSVSample, _ k: Int, in range: ClosedRange<Int>) -> Bool {
        sample.rows.allSatisfy { row in
            guard k < row.count, let v = Int(row[k].trimmingSpaces) else { return false }
            return range.contains(v)
        }
    }
}
