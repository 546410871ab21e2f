/// A long-format reading found in a sample: the x column and the series
/// column that together make the rows unique, x first.
///
/// x is a time-like column: a column of times, or of numbers whose name
/// says time (`year`, `period`, `time`), whose values repeat on two rows
/// each on average at least (the series share their x values). The
/// series column is then the column (text, or integers whose name does not
/// say time) with the fewest distinct values, then the leftmost, such that
/// (series, x) repeats on at most 1% of the rows, x never decreases within
/// a series, and each series has two rows on average at least. x
/// candidates are tried in order (the sniffed x first, then columns of
/// times, then time-named numbers, left to right); the first with a series
/// column wins.
struct LongFormatGuess {
    var x: ColumnProfile
    var series: ColumnProfile
    /// Another column that fits as well but groups the rows otherwise (not
    /// one-to-one with `series`): the reading is ambiguous, and ingest says
    /// which flags read it the other way.
    var alternative: ColumnProfile?

    /// The guess for `sample`, with `x` and/or `series` fixed when the user
    /// named them; nil when nothing reads as long format.
    static func find(_ sample: CSVSample, profiles: [ColumnProfile], preferredX: Int?, fixedX: Int?, fixedSeries: Int?,
                     excluded: Set<Int>, timezone: UTCOffset) -> LongFormatGuess? {
        let rows = sample.rows
        guard rows.count >= 8 else { return nil }
        func usable(_ p: ColumnProfile) -> Bool { !excluded.contains(p.index) && p.index != fixedSeries }
        var xs: [ColumnProfile]
        if let fixedX {
            xs = [profiles[fixedX]].filter(repeatsAcrossSeries)
        } else {
            let timeLike = profiles.filter { usable($0) && repeatsAcrossSeries($0) && isTimeLike($0) }
            xs = timeLike.filter { $0.index == preferredX } + timeLike.filter { $0.index != preferredX && $0.kind == .time }
                + timeLike.filter { $0.index != preferredX && $0.kind != .time }
        }
        for x in xs {
            guard let values = xValues(rows, x, timezone: timezone) else { continue }
            let keys = fixedSeries.map { [profiles[$0]] }
                ?? profiles.filter { usable($0) && $0.index != x.index && isKeyLike($0, rows: rows) }
            let fitting = keys.filter { fits(rows, key: $0.index, x: values) }
            guard let best = fitting.min(by: { $0.distinct < $1.distinct }) else { continue }
            let other = fitting.first { $0.index != best.index && !oneToOne(rows, best.index, $0.index) }
            return LongFormatGuess(x: x, series: best, alternative: other)
        }
        return nil
    }

    /// Each x value on two rows at least on average: in a long file every
    /// series repeats the x values of the others, where a wide file sorted
    /// by x repeats few (an hourly file with a few doubled hours is not long).
    private static func repeatsAcrossSeries(_ p: ColumnProfile) -> Bool {
        p.values > 0 && p.distinct * 2 <= p.values
    }

    /// A column of times, or of numbers whose name says time.
    private static func isTimeLike(_ p: ColumnProfile) -> Bool {
        p.kind == .time || (p.kind == .number && XColumnChooser.namesTime(p.name))
    }

    /// Text, or whole numbers whose name does not say time, with at least
    /// two values and two rows per value on average.
    private static func isKeyLike(_ p: ColumnProfile, rows: [[String]]) -> Bool {
        guard p.distinct >= 2, p.distinct * 2 <= rows.count, p.missingCount == 0 else { return false }
        switch p.kind {
        case .text: return true
        case .number:
            guard !XColumnChooser.namesTime(p.name) else { return false }
            return rows.allSatisfy { row in
                let text = p.index < row.count ? row[p.index].trimmingSpaces : ""
                return !text.isEmpty && text.utf8.allSatisfy { $0 &- 0x30 < 10 || $0 == 0x2d }
            }
        case .time, .empty: return false
        }
    }

    /// x as numbers (times in seconds), one per row; nil when a row's x does not read.
    private static func xValues(_ rows: [[String]], _ x: ColumnProfile, timezone: UTCOffset) -> [Double]? {
        var parser: TimeParser?
        if x.kind == .time {
            if let format = x.time?.format, format != .auto { parser = try? TimeParser(format: format, offset: timezone) }
            else if let first = x.example { parser = TimeParser.detect(first, offset: timezone) }
            guard parser != nil else { return nil }
        }
        var out: [Double] = []
        out.reserveCapacity(rows.count)
        for row in rows {
            let text = x.index < row.count ? row[x.index].trimmingSpaces : ""
            guard let v = parser.map({ $0.parse(text) }) ?? Double(text) else { return nil }
            out.append(v)
        }
        return out
    }

    /// Each value of column `a` goes with one value of `b` and back (`country` and its `iso_code`).
    private static func oneToOne(_ rows: [[String]], _ a: Int, _ b: Int) -> Bool {
        func cell(_ row: [String], _ k: Int) -> String { k < row.count ? row[k].trimmingSpaces : "" }
        var forward: [String: String] = [:], backward: [String: String] = [:]
        for row in rows {
            let (u, v) = (cell(row, a), cell(row, b))
            if forward.updateValue(v, forKey: u).map({ $0 != v }) ?? false { return false }
            if backward.updateValue(u, forKey: v).map({ $0 != u }) ?? false { return false }
        }
        return true
    }

    /// (key, x) repeats on at most 1% of the rows and x never decreases within a key.
    private static func fits(_ rows: [[String]], key: Int, x: [Double]) -> Bool {
        var last: [String: Double] = [:]
        var pairs = Set<String>()
        var repeats = 0
        for (k, row) in rows.enumerated() {
            let name = key < row.count ? row[key].trimmingSpaces : ""
            if let previous = last[name], x[k] < previous { return false }
            last[name] = x[k]
            if !pairs.insert(name + "\u{1f}" + String(x[k])).inserted { repeats += 1 }
        }
        return last.count >= 2 && RepeatHint.nearlyUnique(repeats, of: rows.count)
    }
}
