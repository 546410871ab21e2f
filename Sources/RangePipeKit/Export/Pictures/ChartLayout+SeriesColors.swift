/// Linked charts' line colours: series j's main line and its line in the
/// shared overview take colour j, so the overview's lines can be told
/// apart and matched to their charts. One series keeps the single-chart
/// colours (a blue main line, a grey overview line).
extension ChartLayout {
    /// d3-scale-chromatic's `schemeCategory10` (src/categorical/category10.js,
    /// v3.1.0) without its red, which the annotation uses; it repeats past
    /// nine series.
    static let seriesColors = ["#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf", "#bcbd22", "#7f7f7f"]

    /// The colour of series `j`'s lines among `count` linked series; nil
    /// for a single series (the single-chart colours).
    /// - Complexity: O(1).
    static func seriesColor(_ j: Int, of count: Int) -> String? {
        count > 1 ? seriesColors[j % seriesColors.count] : nil
    }
}
