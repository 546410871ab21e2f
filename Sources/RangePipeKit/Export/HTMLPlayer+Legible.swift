/// The player's words per frame, worked out here as `preview` works them
/// out: the shown field's title (caption and y title) and the annotation's
/// line, box and label (`AnnotationMark`), so the page only places them.
extension HTMLPlayer {
    /// `["title",[lineY,boxX,boxY,boxWidth,boxHeight,textX,textY,"label"]]`,
    /// the mark null while the frame draws no annotation. The line is the
    /// frame's points track fitted to `yRange` as the page draws it (y linear).
    /// - Complexity: O(points).
    func legibleJSON(_ r: Frame, _ shown: ShownValues, yRange: (min: Double, max: Double)?, yLabels: [String]) -> String {
        let main = plan.script.main, f = SVGNumber.fmt
        let line = FrameDrawing.mainPixels(r.points ?? [], plan.scale, r.window, yRange, main)
        let mark = preview.visible(AnnotationMark(r, yRange: yRange, log: false, line: line, yLabels: yLabels,
                                                  plan.script.annotation, size: main))
        let title = JSONText.string(preview.fieldTitle(shown.field))
        guard let a = mark else { return "[\(title),null]" }
        let numbers = [a.y, a.box.x, a.box.y, a.box.width, a.box.height, a.textX, a.textY].map(f).joined(separator: ",")
        return "[\(title),[\(numbers),\(JSONText.string(a.label))]]"
    }
}
