/// A named zone's UTC offsets, read from a TZif file (RFC 8536): the
/// transition table, and past its end the POSIX TZ rule in the footer
/// (`CET-1CEST,M3.5.0,M10.5.0/3`), so slim tzdata builds work too.
struct ZoneRules: Sendable, Equatable {
    /// Transition instants (UTC seconds), ascending, and the offset from each.
    let transitions: [Int64]
    let offsets: [Int]
    /// The offset before the first transition.
    let initial: Int
    let footer: PosixZoneRule?

    init?(tzif b: [UInt8]) {
        func u32(_ i: Int) -> Int { Int(b[i]) << 24 | Int(b[i + 1]) << 16 | Int(b[i + 2]) << 8 | Int(b[i + 3]) }
        func i32(_ i: Int) -> Int { Int(Int32(bitPattern: UInt32(u32(i)))) }
        func i64(_ i: Int) -> Int64 { Int64(bitPattern: UInt64(u32(i)) << 32 | UInt64(u32(i + 4))) }
        guard b.count >= 44, b[0] == 0x54, b[1] == 0x5A, b[2] == 0x69, b[3] == 0x66 else { return nil }
        // Counts: isut, isstd, leap, time, type, char.
        func counts(_ at: Int) -> [Int]? { at + 44 <= b.count ? (0 ..< 6).map { u32(at + 20 + 4 * $0) } : nil }
        guard let c1 = counts(0) else { return nil }
        var at = 0, c = c1, timeSize = 4
        if b[4] >= 0x32 {
            // Version 2+: skip the 32-bit block and read the 64-bit one.
            at = 44 + c1[3] * 5 + c1[4] * 6 + c1[5] + c1[2] * 8 + c1[1] + c1[0]
            guard let c2 = counts(at) else { return nil }
            c = c2
            timeSize = 8
        }
        let timeCount = c[3], typeCount = c[4]
        let times = at + 44, indices = times + timeCount * timeSize, types = indices + timeCount
        let end = types + typeCount * 6 + c[5] + c[2] * (timeSize + 4) + c[1] + c[0]
        guard typeCount > 0, end <= b.count else { return nil }
        let typeOffsets = (0 ..< typeCount).map { i32(types + 6 * $0) }
        var transitions: [Int64] = [], offsets: [Int] = []
        for k in 0 ..< timeCount {
            let type = Int(b[indices + k])
            guard type < typeCount else { return nil }
            transitions.append(timeSize == 8 ? i64(times + 8 * k) : Int64(i32(times + 4 * k)))
            offsets.append(typeOffsets[type])
        }
        self.transitions = transitions
        self.offsets = offsets
        initial = typeOffsets[0]
        var footerText = ""
        if timeSize == 8, end < b.count, b[end] == 0x0A {
            var k = end + 1
            while k < b.count, b[k] != 0x0A { footerText.unicodeScalars.append(Unicode.Scalar(b[k])); k += 1 }
        }
        footer = PosixZoneRule(footerText)
    }

    func offset(at t: Int64) -> Int {
        guard let last = transitions.last, t >= transitions[0] else { return initial }
        if t >= last, let footer { return footer.offset(at: t) }
        // The last transition at or before t.
        var lo = 0, hi = transitions.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if transitions[mid] <= t { lo = mid } else { hi = mid - 1 }
        }
        return offsets[lo]
    }
}

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
