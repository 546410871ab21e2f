/// How `diff` reads the text of a scalar: JSON numbers and ISO-8601 times,
/// by plain loops over bytes.
enum TrackScalarText {
    /// Whether `bytes[lo..<hi]` is a JSON number:
    /// `-? (0 | [1-9] d*) (. d+)? ([eE] [+-]? d+)?`.
    /// - Complexity: O(hi − lo).
    static func isNumber(_ bytes: ArraySlice<UInt8>) -> Bool {
        var i = bytes.startIndex
        let end = bytes.endIndex
        if i < end, bytes[i] == UInt8(ascii: "-") { i += 1 }
        guard i < end, isDigit(bytes[i]) else { return false }
        if bytes[i] == UInt8(ascii: "0") { i += 1 } else { while i < end, isDigit(bytes[i]) { i += 1 } }
        if i < end, bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard i < end, isDigit(bytes[i]) else { return false }
            while i < end, isDigit(bytes[i]) { i += 1 }
        }
        if i < end, bytes[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") { i += 1 }
            guard i < end, isDigit(bytes[i]) else { return false }
            while i < end, isDigit(bytes[i]) { i += 1 }
        }
        return i == end
    }

    /// The end of the JSON number token starting at `start` (its longest
    /// run of number characters; `isNumber` then judges it).
    static func numberTokenEnd(_ bytes: ArraySlice<UInt8>, from start: Int) -> Int {
        var i = start
        while i < bytes.endIndex {
            let c = bytes[i]
            guard isDigit(c) || c == UInt8(ascii: "-") || c == UInt8(ascii: "+") || c == UInt8(ascii: ".") || c | 0x20 == UInt8(ascii: "e")
            else { break }
            i += 1
        }
        return i
    }

    /// An ISO-8601 time: `[-]YYYY-MM-DD`, then optionally `T` (or a space)
    /// and `HH:MM[:SS[.fraction]]`, then optionally `Z`, `±HH:MM` or
    /// `±HHMM` (no zone is UTC). Nil for anything else, or an impossible date.
    /// - Complexity: O(length).
    static func time(_ bytes: ArraySlice<UInt8>) -> TrackValue? {
        var i = bytes.startIndex
        let end = bytes.endIndex
        // Cheap rejection first: most strings (phases, labels) are not times.
        guard end - i >= 10 else { return nil }
        func number(_ count: Int) -> Int? {
            guard end - i >= count else { return nil }
            var v = 0
            for _ in 0 ..< count {
                guard isDigit(bytes[i]) else { return nil }
                v = v * 10 + Int(bytes[i] - 48)
                i += 1
            }
            return v
        }
        func skip(_ c: Unicode.Scalar) -> Bool {
            guard i < end, bytes[i] == UInt8(ascii: c) else { return false }
            i += 1
            return true
        }
        let negative = skip("-")
        let yearStart = i
        var year = 0
        while i < end, isDigit(bytes[i]), i - yearStart < 9 { year = year * 10 + Int(bytes[i] - 48); i += 1 }
        guard i - yearStart >= 4, skip("-"), let month = number(2), skip("-"), let day = number(2),
              (1 ... 12).contains(month) else { return nil }
        if negative { year = -year }
        guard (1 ... CivilTime.daysInMonth(year: year, month: month)).contains(day) else { return nil }
        var secondOfDay = 0, fraction = 0.0, offset = 0
        if skip("T") || skip(" ") {
            guard let hour = number(2), hour <= 23, skip(":"), let minute = number(2), minute <= 59 else { return nil }
            secondOfDay = hour * 3600 + minute * 60
            if skip(":") {
                guard let second = number(2), second <= 60 else { return nil }
                secondOfDay += second
                if skip(".") {
                    var scale = 1.0, digits = 0
                    while i < end, isDigit(bytes[i]) {
                        if digits < 15 { scale /= 10; fraction += Double(bytes[i] - 48) * scale }
                        digits += 1
                        i += 1
                    }
                    guard digits > 0 else { return nil }
                }
            }
        }
        if skip("Z") {
        } else if i < end, bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-") {
            let sign = bytes[i] == UInt8(ascii: "-") ? -1 : 1
            i += 1
            guard let h = number(2), h <= 23 else { return nil }
            _ = skip(":")
            guard let m = number(2), m <= 59 else { return nil }
            offset = sign * (h * 3600 + m * 60)
        }
        guard i == end else { return nil }
        let days = CivilTime.days(year: year, month: month, day: day)
        return .time(seconds: Int64(days) * 86_400 + Int64(secondOfDay - offset), fraction: fraction)
    }

    @inline(__always)
    static func isDigit(_ c: UInt8) -> Bool { c &- 48 < 10 }
}
