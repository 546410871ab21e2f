/// The player's words per frame, worked out as `preview` works them out:
/// the shown field's title (caption and y title) and the annotation's
/// line, box and label (`AnnotationMark`), so the page only places them.
extension HTMLPlayer {
    /// `["title",[lineY,boxX,boxY,boxWidth,boxHeight,textX,textY,"label"]]`
    /// for panel j, the mark null while the frame draws no annotation. The
    /// box is kept clear of the line the page draws: the frame's points
    /// track at `heights` (`FrameDrawing.mainHeights`, log10 on a log
    /// axis) fitted to `yRange`.
    /// - Complexity: O(points).
    func legibleJSON(_ r: Frame, _ shown: ShownValues, panel j: Int, heights: [(x: Double, y: Double)],
                     yRange: (min: Double, max: Double)?, yLabels: [String]) -> String {
        let preview = previews[j], plan = plans[j], main = plan.script.main, f = SVGNumber.fmt
        let view = plan.scale.isLinear ? r.window : plan.scale.u(r.window)
        let line = FrameDrawing.pixels(heights, view, yRange, main)
        let mark = preview.visible(AnnotationMark(r, yRange: yRange, log: plan.script.y.scale == .log, line: line,
                                                  yLabels: yLabels, plan.script.annotation, size: main))
        let title = JSONText.shown(preview.fieldTitle(shown.field))
        guard let a = mark else { return "[\(title),null]" }
        let numbers = [a.y, a.box.x, a.box.y, a.box.width, a.box.height, a.textX, a.textY].map(f).joined(separator: ",")
        return "[\(title),[\(numbers),\(JSONText.shown(a.label))]]"
    }
}
