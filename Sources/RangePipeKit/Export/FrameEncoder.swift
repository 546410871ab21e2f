/// Writes frames as NDJSON (SPEC 5's key order) or CSV.
public struct FrameEncoder: Sendable {
    public let series: String
    public let axis: Axis
    public let categories: [String]
    public let tracks: Set<Track>
    public let time: TimeOutputFormat
    public let format: FrameFormat
    private let seriesJSON: String
    private let seriesCSV: String

    public init(series: String, axis: Axis, categories: [String], tracks: Set<Track>, time: TimeOutputFormat, format: FrameFormat) {
        self.series = series
        self.axis = axis
        self.categories = categories
        self.tracks = tracks
        self.time = time
        self.format = format
        seriesJSON = JSONText.string(series)
        seriesCSV = CSVText.field(series)
    }

    /// Window x values: times per `--time-format`, numbers (fractional ordinals on category axes).
    func windowX(_ u: Double) -> String { axis.jsonX(u, time: time) }

    /// A point's x: category labels on category axes.
    func pointX(_ u: Double) -> String {
        if let label = axis.categoryLabel(u, in: categories) { return JSONText.string(label) }
        return axis.jsonX(u, time: time)
    }

    public var csvHeader: String {
        var columns = ["series", "frame", "t", "phase"]
        if tracks.contains(.range) { columns += ["window_min", "window_max"] }
        if tracks.contains(.selector) { columns += ["selector_min_px", "selector_max_px"] }
        if tracks.contains(.range) { columns += ["y_min", "y_max"] }
        if tracks.contains(.annotation) { columns += ["annotation_x", "annotation_y", "annotation_label", "annotation_visible"] }
        if tracks.contains(.values) { columns.append("values") }
        if tracks.contains(.points) { columns.append("points") }
        return columns.joined(separator: ",") + "\n"
    }

    public func encode(_ r: Frame) -> String {
        format == .ndjson ? ndjson(r) : csv(r)
    }

    func ndjson(_ r: Frame) -> String {
        var s = "{\"series\":\(seriesJSON),\"frame\":\(r.frame),\"t\":\(JSONText.number(r.t)),\"phase\":\"\(r.phase.name)\""
        if tracks.contains(.range) {
            s += ",\"window\":{\"min\":\(windowX(r.window.lower)),\"max\":\(windowX(r.window.upper))}"
        }
        if tracks.contains(.selector) {
            s += ",\"selector\":{\"min_px\":\(JSONText.number(r.selector.min)),\"max_px\":\(JSONText.number(r.selector.max))}"
        }
        if tracks.contains(.range) {
            if let y = r.y { s += ",\"y\":{\"min\":\(JSONText.number(y.min)),\"max\":\(JSONText.number(y.max))}" } else { s += ",\"y\":null" }
        }
        if tracks.contains(.annotation) {
            if let a = r.annotation {
                s += ",\"annotation\":{\"x\":\(pointX(a.x)),\"y\":\(JSONText.number(a.y)),\"label\":\(JSONText.string(a.label)),\"visible\":\(a.visible)}"
            } else {
                s += ",\"annotation\":null"
            }
        }
        if tracks.contains(.values), let values = r.values {
            s += ",\"values\":" + valuesJSON(values)
        }
        if tracks.contains(.points), let points = r.points {
            s += ",\"points\":" + pointsJSON(points)
        }
        return s + "}\n"
    }

    func valuesJSON(_ values: [(x: Double, y: Double)]) -> String {
        "[" + values.map { "{\"x\":\(pointX($0.x)),\"y\":\(JSONText.number($0.y))}" }.joined(separator: ",") + "]"
    }

    func pointsJSON(_ points: [(x: Double, y: Double)]) -> String {
        "[" + points.map { "[\(windowX($0.x)),\(JSONText.number($0.y))]" }.joined(separator: ",") + "]"
    }

    func csv(_ r: Frame) -> String {
        var f = [seriesCSV, String(r.frame), JSONText.number(r.t), r.phase.name]
        if tracks.contains(.range) { f += [axis.textX(r.window.lower, time: time), axis.textX(r.window.upper, time: time)] }
        if tracks.contains(.selector) { f += [JSONText.number(r.selector.min), JSONText.number(r.selector.max)] }
        if tracks.contains(.range) { f += [r.y.map { JSONText.number($0.min) } ?? "", r.y.map { JSONText.number($0.max) } ?? ""] }
        if tracks.contains(.annotation) {
            if let a = r.annotation {
                let x = axis.categoryLabel(a.x, in: categories) ?? axis.textX(a.x, time: time)
                f += [CSVText.field(x), JSONText.number(a.y), CSVText.field(a.label), String(a.visible)]
            } else {
                f += ["", "", "", ""]
            }
        }
        if tracks.contains(.values) { f.append(r.values.map { CSVText.field(valuesJSON($0)) } ?? "") }
        if tracks.contains(.points) { f.append(r.points.map { CSVText.field(pointsJSON($0)) } ?? "") }
        return f.joined(separator: ",") + "\n"
    }
}
