/// The field a chart shows and its `switch-field` transition (SPEC 4.8).
/// It runs alongside the window's motion rather than as a case of
/// `ViewSimulator.State`: values spring while the window pans, flings or
/// animates.
struct ShownField: Sendable {
    /// The field whose values the chart shows (the target during a spring).
    var field: Int
    /// Shown values while a spring runs; nil once every point rests.
    var spring: FieldSpring?
    /// Shown values below this are drawn at it; kept after the spring ends.
    var clampMin: Double?

    init(field: Int) { self.field = field }
}
