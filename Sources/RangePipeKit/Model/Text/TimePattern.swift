/// A strptime-style pattern, the subset a data file needs:
/// `%Y %y %m %d %e %j %H %I %M %S %f %p %b %B %h %z %T %F %s %%`, and `%q`,
/// a quarter 1–4 (`01`–`04` too) read as its first month; a space
/// matches any run of spaces; any other byte matches itself.
public struct TimePattern: Sendable, Equatable {
    enum Token: Sendable, Equatable {
        case literal(UInt8), space
        case year4, year2, quarter, month, day, dayOfYear, hour24, hour12, minute, second, fraction, ampm, monthName, zone, epoch
    }

    let source: String
    let tokens: [Token]

    /// Compiles a strptime-style pattern (`%Y-%m-%d`, `%d/%m/%Y %H:%M`, …).
    /// - Throws: `.usage` for an unknown directive.
    public init(_ pattern: String) throws {
        source = pattern
        var out: [Token] = []
        var bytes = Array(pattern.utf8).makeIterator()
        while let b = bytes.next() {
            if b == 0x20 { out.append(.space); continue }
            guard b == 0x25 else { out.append(.literal(b)); continue }
            guard let spec = bytes.next() else {
                throw RangePipeError.usage("--input-time-format: pattern \"\(pattern)\" ends with a bare %")
            }
            switch UnicodeScalar(spec) {
            case "Y": out.append(.year4)
            case "y": out.append(.year2)
            case "m": out.append(.month)
            case "q": out.append(.quarter)
            case "d", "e": out.append(.day)
            case "j": out.append(.dayOfYear)
            case "H": out.append(.hour24)
            case "I": out.append(.hour12)
            case "M": out.append(.minute)
            case "S": out.append(.second)
            case "f": out.append(.fraction)
            case "p": out.append(.ampm)
            case "b", "B", "h": out.append(.monthName)
            case "z": out.append(.zone)
            case "s": out.append(.epoch)
            case "T": out += [.hour24, .literal(0x3a), .minute, .literal(0x3a), .second]
            case "F": out += [.year4, .literal(0x2d), .month, .literal(0x2d), .day]
            case "%": out.append(.literal(0x25))
            default:
                throw RangePipeError.usage("--input-time-format: pattern \"\(pattern)\": unsupported directive %\(Character(UnicodeScalar(spec)))")
            }
        }
        tokens = out
    }

    func parse(_ c: inout ByteCursor, defaultOffset: Int) -> Double? {
        var y = 1970, m = 1, d = 1, yday: Int? = nil, h = 0, mi = 0, s = 0, frac = 0.0
        var pm: Bool? = nil
        var offset = defaultOffset
        var epochValue: Double? = nil
        for token in tokens {
            switch token {
            case let .literal(b): guard c.skip(b) else { return nil }
            case .space: _ = c.skipSpaces()
            case .year4: guard let v = c.digits(4) else { return nil }; y = v
            case .year2: guard let v = c.digits(2) else { return nil }; y = v < 69 ? 2000 + v : 1900 + v
            case .month: guard let v = c.digits(min: 1, max: 2) else { return nil }; m = v
            case .quarter: guard let v = c.digits(min: 1, max: 2), v >= 1, v <= 4 else { return nil }; m = (v - 1) * 3 + 1
            case .day: _ = c.skipSpaces(); guard let v = c.digits(min: 1, max: 2) else { return nil }; d = v
            case .dayOfYear: guard let v = c.digits(min: 1, max: 3), v >= 1, v <= 366 else { return nil }; yday = v
            case .hour24, .hour12: guard let v = c.digits(min: 1, max: 2) else { return nil }; h = v
            case .minute: guard let v = c.digits(min: 1, max: 2) else { return nil }; mi = v
            case .second: guard let v = c.digits(min: 1, max: 2) else { return nil }; s = v
            case .fraction: guard let v = c.fraction() else { return nil }; frac = v
            case .ampm:
                guard let a = c.peek, c.end - c.position >= 2, c.bytes[c.position + 1] | 0x20 == 0x6d else { return nil }
                switch a | 0x20 {
                case 0x61: pm = false
                case 0x70: pm = true
                default: return nil
                }
                c.position += 2
            case .monthName: guard let v = c.monthName() else { return nil }; m = v
            case .zone: guard let v = c.zoneOffset() else { return nil }; offset = v
            case .epoch:
                let start = c.position
                _ = c.skip(0x2d)
                while let b = c.peek, b &- 0x30 < 10 || b == 0x2e { c.position += 1 }
                guard let v = DecimalParser.parseNumber(c.bytes, start, c.position) else { return nil }
                epochValue = v
            }
        }
        guard c.atEnd else { return nil }
        if let epochValue { return epochValue }
        if let pm {
            guard h >= 1, h <= 12 else { return nil }
            h = h % 12 + (pm ? 12 : 0)
        }
        if let yday {
            guard yday <= (CivilTime.isLeap(y) ? 366 : 365) else { return nil }
            let days = CivilTime.days(year: y, month: 1, day: 1) + yday - 1
            let date = CivilTime.date(days: days)
            (m, d) = (date.month, date.day)
        }
        return TimeParser.epoch(y, m, d, h, mi, s, frac, offset: offset)
    }
}
