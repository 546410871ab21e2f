extension SeriesStore {
    /// Refuses a series whose name, a field's name or a category label
    /// holds a NUL: SQLite's text ends at one, so the store would keep a
    /// shorter name than was read (a JSON key `"a\u0000b"` would come back
    /// as `a`). CSV cells are refused earlier with their location.
    /// - Complexity: O(total length of the names and labels).
    static func checkText(of series: Series) throws {
        // `what` is built only for the error: a field's phrase made for every
        // series was ~400 instructions each of a fleet's write.
        func check(_ text: String, _ what: @autoclosure () -> String) throws {
            guard text.holdsNUL else { return }
            throw RangePipeError.invalid("series '\(series.name)': \(what()) holds a NUL byte (U+0000), which no name or label may hold")
        }
        try check(series.name, "the series name")
        for field in series.fields { try check(field.name, "field '\(field.name)'") }
        for label in series.categories { try check(label, "category label '\(label)'") }
    }
}
