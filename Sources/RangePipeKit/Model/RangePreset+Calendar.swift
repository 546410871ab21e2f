/// Calendar arithmetic for the presets, on the wall clock of a zone.
extension RangePreset {
    /// The left edge (UTC epoch seconds) of this preset's window when its
    /// right edge is `end`, counted on `zone`'s wall clock; nil for `all`.
    ///
    /// `end` is turned into a local date and time of day; days step back
    /// whole dates keeping the time of day (a day across a DST change is
    /// 23 or 25 hours); months step back whole months, the day clamped to
    /// the target month's length (Mar 31 − 1M = Feb 28 or 29; Feb 29 − 1Y =
    /// Feb 28); YTD is Jan 1 00:00 of `end`'s local year. The local result
    /// goes back to UTC with `DisplayZone.utc(fromLocal:)` (a reading in a
    /// DST gap moves one offset later, one in an overlap takes the earlier
    /// instant).
    /// - Complexity: O(log transitions) for a named zone, else O(1).
    public func start(endingAt end: Double, zone: DisplayZone) -> Double? {
        let local = zone.local(end)
        // Past what a calendar date can hold (Int days): no such window.
        guard abs(local) < 9e15 else { return nil }
        let dayNumber = (local / 86_400).rounded(.down)
        let day = Int(dayNumber)
        var timeOfDay = local - dayNumber * 86_400
        let date = CivilTime.date(days: day)
        let startDay: Int
        switch reach {
        case .all:
            return nil
        case let .days(n):
            startDay = day - n
        case let .months(n):
            let index = date.year * 12 + (date.month - 1) - n
            let year = index >= 0 ? index / 12 : (index - 11) / 12
            let month = index - year * 12 + 1
            startDay = CivilTime.days(year: year, month: month, day: min(date.day, CivilTime.daysInMonth(year: year, month: month)))
        case .yearToDate:
            startDay = CivilTime.days(year: date.year, month: 1, day: 1)
            timeOfDay = 0
        }
        return zone.utc(fromLocal: Double(startDay) * 86_400 + timeOfDay)
    }
}
