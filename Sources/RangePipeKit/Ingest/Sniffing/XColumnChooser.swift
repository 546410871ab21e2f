/// Chooses x when `--x` is not given, from the sample's column profiles:
///
/// 1. a column of times (a header that names time — `date`, `time`, `ts`,
///    `month`, `year`, `age`, `(UTC)`… — breaks ties, then the most distinct
///    values, so an hourly `ts` beats the `date` it falls on, then the leftmost);
/// 2. a column of numbers that increase at every row, 8 rows at least in
///    each series, whose name says time, when the first column is text or
///    sorted numbers whose name does not (Longley's `Obs` row number before
///    `YEAR`, a label `side` before `year`);
/// 3. the first column when it holds text: category labels (a table such
///    as `quarter,2012,2013`, or `key,value` rows whose keys repeat);
/// 4. the first column if it holds sorted numbers, else a column of
///    numbers that increase at every row, 8 rows at least in each series
///    (a time-like name first, then the leftmost) — a measurement that
///    merely rises in a few rows is not x;
/// 5. the row number (`XChoice.rowNumber`) when every usable column holds
///    numbers and none is sorted (a single column of values, or values and
///    a label: nothing in the file is x), the first column has no missing
///    value, 8 rows at least, and is not named `x` nor like time (an
///    unsorted `day` column is still x);
/// 6. the first column.
///
/// The series column and `--y` columns are never x. `--axis category`
/// keeps the first column; `--axis number` leaves out the columns of times
/// (unless no other is left) and names them in the reason. Row names that
/// count the rows (`rowCounter`, `RowNames.counter`, excluded from the
/// others) take rule 5's place, and that of a column of numbers with a
/// missing value: x is the row names.
enum XColumnChooser {
    static func choose(_ profiles: [ColumnProfile], excluding excluded: Set<Int>, axis: AxisChoice = .auto,
                       rowCounter: ColumnProfile? = nil) -> XChoice? {
        let all = profiles.filter { !excluded.contains($0.index) }
        // `--axis number` passes over columns of times (unless nothing else is left) and names them in the
        // reason: x is then another column, never silently.
        let others = axis == .number ? all.filter { $0.kind != .time } : all
        let usable = others.isEmpty ? all : others
        let passedOver = usable.count < all.count ? all.filter { $0.kind == .time }.map { "'\($0.name)'" } : []
        let note = passedOver.isEmpty ? "" : "; --axis number passes over the times in \(passedOver.joined(separator: ", "))"
        let byRowNames = rowCounter.map {
            XChoice(column: $0.name, index: $0.index,
                    reason: (passedOver.isEmpty ? "row names: no other column holds times, sorted numbers or labels"
                                                : "row names: no other column holds sorted numbers or labels") + note,
                    profile: $0)
        }
        func pick(_ p: ColumnProfile, _ reason: String) -> XChoice {
            // A column of numbers with gaps loses to row names that count every row (a pandas frame padded with NaN).
            if p.kind == .number, p.missingCount > 0, let byRowNames { return byRowNames }
            return XChoice(column: p.name, index: p.index, reason: reason + note, profile: p)
        }
        guard let first = usable.first else { return byRowNames }
        if axis == .category { return pick(first, "the first column (--axis category)") }
        let times = axis == .number ? [] : usable.filter { $0.kind == .time }
        if times.count == 1 { return pick(times[0], "the only column of times") }
        let named = times.filter { namesTime($0.name) }
        if let most = named.max(by: { $0.distinct < $1.distinct || ($0.distinct == $1.distinct && $0.index > $1.index) }) {
            let of = named.count > 1 ? ", the one with the most distinct values" : ""
            return pick(most, "the first of \(times.count) columns of times whose name says time\(of)")
        }
        if let time = times.first { return pick(time, "the first of \(times.count) columns of times") }
        let increasing = usable.filter { $0.kind == .number && $0.increasing }
        let namedIncreasing = increasing.first { namesTime($0.name) }
        if let namedIncreasing, namedIncreasing.index != first.index, !namesTime(first.name),
           first.kind == .text || (first.kind == .number && first.sorted) {
            return pick(namedIncreasing, "a column of increasing numbers whose name says time (the first column's does not)")
        }
        if first.kind == .text { return pick(first, "the first column: text labels") }
        if first.kind == .number, first.sorted { return pick(first, "the first column: sorted numbers") }
        if let named = namedIncreasing {
            return pick(named, "a column of increasing numbers whose name says time")
        }
        if let number = increasing.first { return pick(number, "the first column of increasing numbers") }
        if usable.allSatisfy({ $0.kind == .number || $0.kind == .empty }), first.kind == .number, first.missingCount == 0,
           first.values >= ColumnProfiler.risingRows, first.name.lowercased() != "x", !namesTime(first.name) {
            if let byRowNames { return byRowNames }
            return XChoice(column: XChoice.rowNumber, index: -1,
                           reason: (passedOver.isEmpty ? "no column holds times, sorted numbers or labels"
                                                       : "no column holds sorted numbers or labels") + ": x is the row number, from 1" + note,
                           profile: nil)
        }
        return pick(first, passedOver.isEmpty ? "the first column (no column holds times or sorted numbers)"
                                              : "the first column (no column holds sorted numbers)")
    }

    /// True for header names that say time: words like `date`, `time`,
    /// `timestamp`, `ts`, `month`, `year`, `age` (`Age [yr BP]`), or a `(UTC)` suffix.
    static func namesTime(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.contains("date") || lower.contains("time") || lower.contains("(utc)") { return true }
        let words = lower.split { !$0.isLetter }
        let timeWords: Set<Substring> = ["ts", "dt", "day", "week", "month", "year", "hour", "minute", "period", "quarter", "utc",
                                         "age", "bp", "mon"]
        return words.contains { timeWords.contains($0) }
    }
}

/// Rows that repeat an x in a sample, and the text column that would tell
/// them apart (the series column a long-format file needs).
public struct RepeatHint: Sendable {
    public var rows: Int
    public var repeats: Int
    /// The column whose values, with x, make the rows (nearly) unique.
    public var seriesColumn: String?
    /// Rows that still repeat within that column's series.
    public var repeatsWithin: Int
    /// Repeating rows whose every number equals the first row's with that
    /// x (they differ only in text, as an hourly file listing each hour's
    /// several weather descriptions): repeated observations, not series.
    public var sameNumbers = 0

    /// Nearly every repeat (95%) is an earlier row's numbers again: one point per x is the
    /// reading, and no text column is offered as a series column.
    public var repeatsObservations: Bool { repeats > 0 && sameNumbers * 100 >= repeats * 95 }

    /// At most 1% of the rows may still repeat for a column to count as the key.
    static func nearlyUnique(_ repeats: Int, of rows: Int) -> Bool { repeats * 100 <= rows }

    /// Counts repeats of (series, x) over `rows`, and for each candidate
    /// column of repeated text (at least two values, each on two rows on
    /// average) the repeats of (series, candidate, x); the candidate with
    /// the fewest repeats, then the fewest values, then the leftmost, wins.
    static func find(rows: [[String]], x: Int, series: Int?, candidates: [ColumnProfile]) -> RepeatHint {
        find(rows: rows, x: [x], series: series, candidates: candidates)
    }

    /// The same for an x written over several columns (`x`: its parts).
    static func find(rows: [[String]], x: [Int], series: Int?, candidates: [ColumnProfile]) -> RepeatHint {
        func cell(_ row: [String], _ k: Int) -> String { k < row.count ? row[k].trimmingSpaces : "" }
        func key(_ row: [String], _ extra: Int?) -> String {
            ([series, extra].compactMap { $0 } + x).map { cell(row, $0) }.joined(separator: "\u{1f}")
        }
        let repeats = rows.count - Set(rows.map { key($0, nil) }).count
        var hint = RepeatHint(rows: rows.count, repeats: repeats, seriesColumn: nil, repeatsWithin: repeats)
        guard repeats > 0 else { return hint }
        let numbers = candidates.filter { $0.kind == .number }.map(\.index)
        if !numbers.isEmpty {
            var first: [String: [String]] = [:]
            for row in rows {
                let k = key(row, nil)
                if let earlier = first[k] {
                    if numbers.allSatisfy({ cell(earlier, $0) == cell(row, $0) }) { hint.sameNumbers += 1 }
                } else {
                    first[k] = row
                }
            }
            if hint.repeatsObservations { return hint }
        }
        var best: (repeats: Int, distinct: Int)?
        for c in candidates where c.kind == .text && c.distinct >= 2 && c.distinct * 2 <= rows.count {
            let within = rows.count - Set(rows.map { key($0, c.index) }).count
            guard nearlyUnique(within, of: rows.count) else { continue }
            if best.map({ (within, c.distinct) < $0 }) ?? true {
                best = (within, c.distinct)
                hint.seriesColumn = c.name
                hint.repeatsWithin = within
            }
        }
        if best == nil { hint.keyOverColumns(rows, candidates: candidates, key: key) }
        return hint
    }

    /// When no one text column tells the rows apart: the fewest (two, then
    /// three, of at most 8 text columns) that do together, named as
    /// `--series-column` takes them (`state,gender`).
    /// - Complexity: O(rows · C(8, 3)) at most.
    private mutating func keyOverColumns(_ rows: [[String]], candidates: [ColumnProfile], key: ([String], Int?) -> String) {
        let texts = candidates.filter { $0.kind == .text && $0.distinct >= 2 }
        guard texts.count >= 2, texts.count <= 8 else { return }
        func cell(_ row: [String], _ k: Int) -> String { k < row.count ? row[k].trimmingSpaces : "" }
        var sets = texts.indices.flatMap { a in texts.indices.filter { $0 > a }.map { [a, $0] } }
        sets += sets.flatMap { pair in texts.indices.filter { $0 > pair[1] }.map { pair + [$0] } }
        var best: (size: Int, repeats: Int, distinct: Int)?
        for set in sets {
            let values = rows.map { row in set.map { cell(row, texts[$0].index) }.joined(separator: "\u{1f}") }
            let distinct = Set(values).count
            guard distinct * 2 <= rows.count else { continue }
            let within = rows.count - Set(zip(rows, values).map { key($0.0, nil) + "\u{1f}\u{1f}" + $0.1 }).count
            guard Self.nearlyUnique(within, of: rows.count) else { continue }
            if best.map({ (set.count, within, distinct) < $0 }) ?? true {
                best = (set.count, within, distinct)
                seriesColumn = set.map { texts[$0].name }.joined(separator: ",")
                repeatsWithin = within
            }
        }
    }
}
