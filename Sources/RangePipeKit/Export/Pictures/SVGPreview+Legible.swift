/// The pictures' words: the field's name and unit (y axis title and
/// caption) and the annotation's label on its box (`AnnotationMark`).
extension SVGPreview {
    /// The shown field's name with its unit in parentheses ("value (ppm)";
    /// the field's own `unit`, else the script's), or the name alone.
    func fieldTitle(_ field: Int) -> String {
        let name = plan.fieldNames.indices.contains(field) ? plan.fieldNames[field] : ""
        return plan.script.unit(of: name).map { "\(name) (\($0))" } ?? name
    }

    /// The annotation's dashed line, its label's box and the label, in the
    /// main chart's coordinates. `id` names the parts the player moves; a
    /// missing mark (the player's skeleton) draws them hidden.
    func annotationSVG(_ a: AnnotationMark?, _ main: ChartSize, id: (String) -> String) -> String {
        let y = fmt(a?.y ?? 0), hidden = a == nil ? " visibility=\"hidden\"" : ""
        let box = a?.box ?? AnnotationMark.Box(x: 0, y: 0, width: 0, height: AnnotationMark.boxHeight)
        var s = "<line\(id("annline")) x1=\"0\" y1=\"\(y)\" x2=\"\(fmt(main.width))\" y2=\"\(y)\" stroke=\"#dc2626\" stroke-dasharray=\"4 3\"\(hidden)/>\n"
        s += "<rect\(id("annbox")) class=\"annbox\" x=\"\(fmt(box.x))\" y=\"\(fmt(box.y))\" width=\"\(fmt(box.width))\" height=\"\(fmt(box.height))\" rx=\"2\" fill=\"white\" stroke=\"#dc2626\"\(hidden)/>\n"
        s += "<text\(id("annlabel")) x=\"\(fmt(a?.textX ?? 0))\" y=\"\(fmt(a?.textY ?? 0))\" text-anchor=\"end\" fill=\"#dc2626\"\(hidden)>\(SVGNumber.escape(a?.label ?? ""))</text>\n"
        return s
    }
}
