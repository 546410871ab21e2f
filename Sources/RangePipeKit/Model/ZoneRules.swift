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
