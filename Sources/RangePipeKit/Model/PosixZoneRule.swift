/// A POSIX TZ string with `Mm.w.d[/time]` rules (the form tzdata writes).
struct PosixZoneRule: Sendable, Equatable {
    let standard: Int
    let dst: (offset: Int, start: DayRule, end: DayRule)?

    static func == (l: Self, r: Self) -> Bool {
        l.standard == r.standard && l.dst?.offset == r.dst?.offset && l.dst?.start == r.dst?.start && l.dst?.end == r.dst?.end
    }

    /// Day `d` (0 = Sunday) of week `w` (5 = last) of month `m`, at `time` local seconds.
    struct DayRule: Sendable, Equatable {
        var month: Int, week: Int, weekday: Int, time: Int

        /// The rule's instant in `year`, given the offset in force before it.
        func instant(year: Int, offsetBefore: Int) -> Int64 {
            let first = CivilTime.days(year: year, month: month, day: 1)
            let firstWeekday = ((first + 4) % 7 + 7) % 7 // 1970-01-01 was a Thursday.
            var day = 1 + (weekday - firstWeekday + 7) % 7 + 7 * (week - 1)
            while day > CivilTime.daysInMonth(year: year, month: month) { day -= 7 }
            let local = Int64(first + day - 1) * 86_400 + Int64(time)
            return local - Int64(offsetBefore)
        }
    }

    init?(_ text: String) {
        var s = Substring(text)
        guard Self.name(&s), let std = Self.clock(&s) else { return nil }
        standard = -std // POSIX counts west of UTC as positive.
        if s.isEmpty { dst = nil; return }
        guard Self.name(&s) else { return nil }
        var dstOffset = standard + 3600
        if let first = s.first, first != "," {
            guard let o = Self.clock(&s) else { return nil }
            dstOffset = -o
        }
        guard s.popFirst() == ",", let start = Self.rule(&s), s.popFirst() == ",", let end = Self.rule(&s), s.isEmpty else { return nil }
        dst = (dstOffset, start, end)
    }

    func offset(at t: Int64) -> Int {
        guard let dst else { return standard }
        let year = CivilTime.date(days: Int((t + Int64(standard)) / 86_400)).year
        let start = dst.start.instant(year: year, offsetBefore: standard)
        let end = dst.end.instant(year: year, offsetBefore: dst.offset)
        // Southern zones start DST late in the year and end it early.
        let inDST = start < end ? (t >= start && t < end) : !(t >= end && t < start)
        return inDST ? dst.offset : standard
    }

    static func name(_ s: inout Substring) -> Bool {
        if s.first == "<" {
            guard let close = s.firstIndex(of: ">") else { return false }
            s = s[s.index(after: close)...]
            return true
        }
        let letters = s.prefix { $0.isLetter }
        s = s.dropFirst(letters.count)
        return letters.count >= 3
    }

    /// `[+-]h[:mm[:ss]]` in seconds.
    static func clock(_ s: inout Substring) -> Int? {
        var sign = 1
        if s.first == "+" || s.first == "-" { sign = s.removeFirst() == "-" ? -1 : 1 }
        var total = 0
        for (k, scale) in [3600, 60, 1].enumerated() {
            if k > 0 { guard s.first == ":" else { break }; s.removeFirst() }
            let digits = s.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty, let v = Int(digits) else { return nil }
            s = s.dropFirst(digits.count)
            total += v * scale
        }
        return sign * total
    }

    static func rule(_ s: inout Substring) -> DayRule? {
        guard s.popFirst() == "M" else { return nil }
        let parts = s.prefix { $0 != "/" && $0 != "," }
        s = s.dropFirst(parts.count)
        let f = parts.split(separator: ".").compactMap { Int($0) }
        guard f.count == 3, (1 ... 12).contains(f[0]), (1 ... 5).contains(f[1]), (0 ... 6).contains(f[2]) else { return nil }
        var time = 7200
        if s.first == "/" {
            s.removeFirst()
            guard let t = clock(&s) else { return nil }
            time = t
        }
        return DayRule(month: f[0], week: f[1], weekday: f[2], time: time)
    }
}
