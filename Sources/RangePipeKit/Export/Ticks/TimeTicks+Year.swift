/// The year on a time axis that would otherwise show none.
///
/// The multi-scale labels name only the largest unit whose boundary a tick
/// is on, as d3's do (d3-scale src/time.js, `tickFormat` in `calendar`,
/// read at commit 0278706: `%Y` only when `year(date) < date` fails, i.e.
/// on 1 January at midnight). A main chart zoomed inside one year then
/// shows "Dec 26 … Dec 31" and no year anywhere. So when no tick in view is
/// a year label, the first tick's label carries the year (and, for a
/// time-of-day tick, its date): "Dec 26, 2021", "Mar 2021",
/// "Dec 26, 2021 14:00", "Dec 26, 2021 14:00:30".
extension TimeTicks {
    /// `ticks` with the year added to the first label when no label is a
    /// year; `time` maps a tick's value to epoch seconds (identity on a
    /// linear axis, the scale's x(u) on an ordinal one).
    /// - Complexity: O(ticks).
    public static func withYear(_ ticks: [Tick], zone: DisplayZone, time: (Double) -> Double = { $0 }) -> [Tick] {
        ticks.contains(where: { isYear($0.label) }) ? ticks : withFirstYear(ticks, zone: zone, time: time)
    }

    /// `ticks` with the year added to the first label unless it is a year
    /// label: the overview's rule, so its first tick places the labels
    /// after it even when a later one is a year ("Apr 2012", "Jul", "Oct",
    /// "2013" on an ordinal overview whose data starts after 1 January).
    /// - Complexity: O(ticks).
    public static func withFirstYear(_ ticks: [Tick], zone: DisplayZone, time: (Double) -> Double = { $0 }) -> [Tick] {
        guard var first = ticks.first, !isYear(first.label) else { return ticks }
        first.label = labelWithYear(time(first.value), zone: zone, label: first.label)
        return [first] + ticks.dropFirst()
    }

    /// Whether a label is a year label ("2005", "-44").
    static func isYear(_ label: String) -> Bool {
        let digits = label.hasPrefix("-") ? label.dropFirst() : Substring(label)
        return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
    }

    /// A tick's label (`label(_:zone:)`'s) with the year: a month label
    /// gets " 2021", a day label ", 2021", a time-of-day label the date
    /// before it (seconds and fractions with their hour and minute).
    static func labelWithYear(_ t: Double, zone: DisplayZone, label: String) -> String {
        let wall = zone.local(t)
        let day = (wall / 86_400).rounded(.down)
        let (y, m, d) = CivilTime.date(days: Int(day))
        let month = months[m - 1], date = "\(months[m - 1]) \(d), \(y)"
        if label == month { return "\(month) \(y)" }
        if label == "\(month) \(d)" { return date }
        let s = Int(wall - day * 86_400)
        let clock = two(s / 3600) + ":" + two(s / 60 % 60)
        // ":30" and ".250" name only a second or its fraction.
        if label.hasPrefix(":") { return date + " " + clock + label }
        if label.hasPrefix(".") { return date + " " + clock + ":" + two(s % 60) + label }
        return date + " " + label
    }
}
