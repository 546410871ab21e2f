#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The preview's y-axis extras: ticks per decade on a log axis, and a clip
/// to the main chart when the y-window is zoomed by hand (the line then
/// runs past the chart's top and bottom).
extension SVGPreview {
    /// The main chart's y ticks for a y-range in log10 units: per decade,
    /// placed by log10 of the tick's value.
    func logYTicks(_ yr: (min: Double, max: Double)) -> [(Double, String)] {
        let height = plan.script.main.height
        let count = Int(min(10, max(2, (height / 40).rounded(.down))))
        return LogTicks.ticks(pow(10, yr.min), pow(10, yr.max), count: count)
            .map { (ChartLayout.yPixel(log10($0.value), yr, height: height), $0.label) }
    }

    /// Whether the main chart's line is clipped: with a manual y-window.
    var clipsMain: Bool { plan.script.y.zoom != nil }

    /// A manual y-window can leave the annotation's value off the chart:
    /// its line and label are then not drawn.
    func clipped(_ content: PanelContent) -> PanelContent {
        var c = content
        c.annotation = visible(content.annotation)
        return c
    }

    /// The annotation, or nil when a manual y-window leaves it off the chart.
    func visible(_ a: AnnotationMark?) -> AnnotationMark? {
        guard clipsMain, let a, !(0 ... plan.script.main.height).contains(a.y) else { return a }
        return nil
    }

    /// The main chart's clip rectangle, in the main chart's coordinates.
    func mainClipDefs(_ layout: ChartLayout) -> String {
        "<defs><clipPath id=\"mainclip\"><rect x=\"0\" y=\"0\" width=\"\(fmt(layout.main.width))\" height=\"\(fmt(layout.main.height))\"/></clipPath></defs>\n"
    }
}
