extension ColumnProfiler {
    /// Years an integer date may fall in: a plausible range for dated data,
    /// so that counters and identifiers of eight or six digits stay numbers.
    static let integerDateYears = 1600 ... 2200

    /// `%Y%m%d` or `%Y%m` when a column of integers is really dates: every
    /// sampled value has exactly eight (or six) digits, each is a valid date
    /// in `integerDateYears`, and the column's name says time (`date`,
    /// `month`, …) or it is the first column. Anything else stays a number.
    /// Day ordinals (Python's `date.toordinal`, 0001-01-01 is day 1): a
    /// column whose name has the word `ordinal` and says time (`ordinal_date`),
    /// every value a whole number of days in `integerDateYears`.
    static func isDayOrdinal(_ present: [String], name: String) -> Bool {
        let words = name.lowercased().split { !$0.isLetter }
        guard !present.isEmpty, words.contains("ordinal"), XColumnChooser.namesTime(name) else { return false }
        let first = CivilTime.days(year: integerDateYears.lowerBound, month: 1, day: 1) + TimeParser.ordinalOfEpoch
        let last = CivilTime.days(year: integerDateYears.upperBound, month: 12, day: 31) + TimeParser.ordinalOfEpoch
        return present.allSatisfy { text in
            guard text.utf8.count <= 7, text.utf8.allSatisfy({ $0 &- 0x30 < 10 }), let day = Int(text) else { return false }
            return (first ... last).contains(day)
        }
    }

    /// R's `time()` of a monthly or quarterly `ts`: the column's name says
    /// time, every value is a decimal year in `integerDateYears` that falls
    /// on a month start (`TimeParser.monthOfDecimalYear`), and some fall
    /// past January (whole years alone stay numbers: `--input-time-format
    /// %Y` makes them times).
    static func isDecimalYears(_ present: [String], name: String) -> Bool {
        guard !present.isEmpty, XColumnChooser.namesTime(name) else { return false }
        var pastJanuary = false
        for text in present {
            guard let (year, month) = TimeParser.monthOfDecimalYear(text), integerDateYears.contains(year) else { return false }
            if month > 1 { pastJanuary = true }
        }
        return pastJanuary
    }

    static func integerDatePattern(_ present: [String], name: String, index: Int) -> String? {
        guard !present.isEmpty, index == 0 || XColumnChooser.namesTime(name) else { return nil }
        let width = present[0].utf8.count
        guard width == 8 || width == 6 else { return nil }
        for text in present {
            guard text.utf8.count == width, text.utf8.allSatisfy({ $0 &- 0x30 < 10 }) else { return nil }
            let digits = Array(text.utf8).map { Int($0 - 0x30) }
            let year = digits[0] * 1000 + digits[1] * 100 + digits[2] * 10 + digits[3]
            let month = digits[4] * 10 + digits[5]
            let day = width == 8 ? digits[6] * 10 + digits[7] : 1
            guard integerDateYears.contains(year), TimeParser.day(year, month, day) != nil else { return nil }
        }
        return width == 8 ? "%Y%m%d" : "%Y%m"
    }
}
