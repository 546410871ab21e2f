extension ColumnProfiler {
    /// Years an integer date may fall in: a plausible range for dated data,
    /// so that counters and identifiers of eight or six digits stay numbers.
    static let integerDateYears = 1600 ... 2200

    /// `%Y%m%d` or `%Y%m` when a column of integers is really dates: every
    /// sampled value has exactly eight (or six) digits, each is a valid date
    /// in `integerDateYears`, and the column's name says time (`date`,
    /// `month`, …) or it is the first column. Anything else stays a number.
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
