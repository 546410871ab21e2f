/// Writes frames as NDJSON (SPEC 5's key order) or CSV, as bytes into a
/// `TextBuffer`: keys are constant bytes, numbers and times are appended
/// without a `String` per line.
public struct FrameEncoder: Sendable {
    /// What an encoder keeps for every series of a run, in one shared
    /// object: copying an encoder per series copies a few references.
    final class Fixed: Sendable {
        let tracks: Set<Track>
        let time: TimeOutputFormat
        let format: FrameFormat
        let label: LabelFormat
        // The label's fixed text, escaped once: JSON without its quotes; CSV
        // only when no quoting is needed (the number itself never needs it).
        let labelPrefixJSON: [UInt8], labelSuffixJSON: [UInt8]
        let labelCSV: (prefix: [UInt8], suffix: [UInt8])?
        // The track switches, read once per frame rather than hashed.
        let on: TrackSwitches

        init(tracks: Set<Track>, time: TimeOutputFormat, format: FrameFormat, label: LabelFormat) {
            (self.tracks, self.time, self.format, self.label) = (tracks, time, format, label)
            func escaped(_ text: String) -> [UInt8] {
                var b = TextBuffer()
                b.append(jsonString: text)
                return Array(b.bytes.dropFirst().dropLast())
            }
            labelPrefixJSON = escaped(label.prefix)
            labelSuffixJSON = escaped(label.suffix)
            let plain = { (text: String) in !text.utf8.contains { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 } }
            labelCSV = plain(label.prefix) && plain(label.suffix) ? (Array(label.prefix.utf8), Array(label.suffix.utf8)) : nil
            on = TrackSwitches(tracks)
        }
    }

    public private(set) var series: String
    public private(set) var axis: Axis
    public private(set) var categories: [String]
    private let fixed: Fixed
    public var tracks: Set<Track> { fixed.tracks }
    public var time: TimeOutputFormat { fixed.time }
    public var format: FrameFormat { fixed.format }
    /// The annotation label's format (the script's `annotation.format`).
    public var label: LabelFormat { fixed.label }
    // The series name as this format writes it: a JSON string, or a CSV field.
    var seriesBytes: [UInt8]
    private var labelPrefixJSON: [UInt8] { fixed.labelPrefixJSON }
    private var labelSuffixJSON: [UInt8] { fixed.labelSuffixJSON }
    var labelCSV: (prefix: [UInt8], suffix: [UInt8])? { fixed.labelCSV }
    var on: TrackSwitches { fixed.on }
    // Room reserved per line: the fixed fields (keys, a dozen numbers and
    // times, the name and label), and per value or point.
    private(set) var fixedRoom: Int
    private(set) var pairRoom: Int

    /// An encoder for one series' frames; `label` formats the annotation label.
    public init(series: String, axis: Axis, categories: [String], tracks: Set<Track>, time: TimeOutputFormat,
                format: FrameFormat, label: LabelFormat) {
        self.series = series
        self.axis = axis
        self.categories = categories
        fixed = Fixed(tracks: tracks, time: time, format: format, label: label)
        seriesBytes = Self.nameBytes(series, format)
        fixedRoom = 640 + seriesBytes.count + fixed.labelPrefixJSON.count + fixed.labelSuffixJSON.count
        pairRoom = Self.pairRoom(categories)
    }

    /// This encoder for another series: the tracks, formats and label are
    /// kept (worked out once for a fleet), the series' own parts replaced.
    /// - Complexity: O(name + categories).
    public func forSeries(_ name: String, axis: Axis, categories: [String]) -> FrameEncoder {
        var room: [UInt8] = []
        return forSeries(name, axis: axis, categories: categories, room: &room)
    }

    /// `forSeries`, with the name's bytes written into `room`'s memory (a
    /// thread's, kept from series to series: a fleet's encoders then
    /// allocate no array for their names).
    /// - Complexity: O(name + categories).
    func forSeries(_ name: String, axis: Axis, categories: [String], room: inout [UInt8]) -> FrameEncoder {
        var e = self
        let oldName = seriesBytes.count
        (e.series, e.axis, e.categories) = (name, axis, categories)
        room.removeAll(keepingCapacity: true)
        switch format {
        case .ndjson:
            // Most names need no escape: their bytes between quotes, else `nameBytes`.
            if !name.utf8.contains(where: ByteWriter.mayEscape) {
                room.append(byte: UInt8(ascii: "\""))
                room.append(contentsOf: name.utf8)
                room.append(byte: UInt8(ascii: "\""))
            } else {
                room = Self.nameBytes(name, format)
            }
        case .csv: room.append(csvField: name.utf8)
        }
        e.seriesBytes = room
        e.fixedRoom += e.seriesBytes.count - oldName
        e.pairRoom = Self.pairRoom(categories)
        return e
    }

    /// The room reserved per value or point.
    private static func pairRoom(_ categories: [String]) -> Int { 96 + 6 * (categories.map(\.utf8.count).max() ?? 0) }

    /// A series name as `format` writes it: a JSON string, or a CSV field.
    /// - Complexity: O(name).
    private static func nameBytes(_ name: String, _ format: FrameFormat) -> [UInt8] {
        var out = TextBuffer(capacity: name.utf8.count + 2)
        switch format {
        case .ndjson: out.append(jsonString: name)
        case .csv: out.append(csvField: name)
        }
        return out.takeBytes()
    }

    /// The CSV header row, with the columns of the chosen tracks.
    public var csvHeader: String { Self.csvHeader(tracks: tracks) }

    /// The CSV header row for `tracks` (the same for every series).
    public static func csvHeader(tracks: Set<Track>) -> String {
        var columns = ["series", "frame", "t", "phase"]
        if tracks.contains(.range) { columns += ["window_min", "window_max"] }
        if tracks.contains(.selector) { columns += ["selector_min_px", "selector_max_px"] }
        if tracks.contains(.range) { columns += ["y_min", "y_max"] }
        if tracks.contains(.annotation) { columns += ["annotation_x", "annotation_y", "annotation_label", "annotation_visible"] }
        if tracks.contains(.values) { columns.append("values") }
        if tracks.contains(.points) { columns.append("points") }
        if tracks.contains(.preset) { columns.append("preset") }
        if tracks.contains(.omitted) { columns.append("y_omitted") }
        if tracks.contains(.box) { columns += ["box_min", "box_max"] }
        if tracks.contains(.crosshair) { columns += ["crosshair_x", "crosshair_y"] }
        return columns.joined(separator: ",") + "\n"
    }

    /// One frame's line (with its newline) as text.
    public func encode(_ r: Frame) -> String {
        var out = TextBuffer(capacity: 256)
        encode(r, into: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// Appends one frame's line (with its newline).
    /// - Complexity: O(values + points in the frame).
    public func encode(_ r: Frame, into out: inout TextBuffer) {
        // One reservation for the line; a line longer than this (long
        // names or labels, many values) grows the room and is written again.
        let pairs = (r.values?.count ?? 0) + (r.points?.count ?? 0)
        out.write(reserving: fixedRoom + pairs * pairRoom) { w in
            switch format {
            case .ndjson: ndjson(r, &w)
            case .csv: csv(r, &w)
            }
        }
    }

    /// The `points` track as compact JSON (`[[x,y],…]`).
    public func pointsJSON(_ points: [(x: Double, y: Double)]) -> String {
        var out = TextBuffer()
        out.write(reserving: points.count * pairRoom + 2) { append(points: points, &$0) }
        return String(decoding: out.bytes, as: UTF8.self)
    }

    // MARK: Parts

    /// Window x values: times per `--output-time-format`, numbers (fractional ordinals on category axes).
    private func append(windowX u: Double, _ out: inout ByteWriter) {
        if !u.isFinite {
            out.append("null")
        } else if axis == .time, time == .iso8601 {
            out.append(byte: UInt8(ascii: "\""))
            out.append(iso8601: u)
            out.append(byte: UInt8(ascii: "\""))
        } else {
            out.append(number: u)
        }
    }

    /// A point's x: category labels on category axes.
    private func append(pointX u: Double, _ out: inout ByteWriter) {
        if let label = axis.categoryLabel(u, in: categories) { out.append(jsonString: label) } else { append(windowX: u, &out) }
    }

    /// An x value as plain CSV text (empty when missing).
    func append(textX u: Double, _ out: inout ByteWriter) {
        guard u.isFinite else { return }
        if axis == .time, time == .iso8601 { out.append(iso8601: u) } else { out.append(description: u) }
    }

    func append(values: [(x: Double, y: Double)], _ out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "["))
        for (k, v) in values.enumerated() {
            out.append(k == 0 ? "{\"x\":" : ",{\"x\":")
            append(pointX: v.x, &out)
            out.append(",\"y\":")
            out.append(number: v.y)
            out.append(byte: UInt8(ascii: "}"))
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    func append(points: [(x: Double, y: Double)], _ out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "["))
        for (k, p) in points.enumerated() {
            out.append(k == 0 ? "[" : ",[")
            append(windowX: p.x, &out)
            out.append(byte: UInt8(ascii: ","))
            out.append(number: p.y)
            out.append(byte: UInt8(ascii: "]"))
        }
        out.append(byte: UInt8(ascii: "]"))
    }

    // MARK: Lines

    private func ndjson(_ r: Frame, _ out: inout ByteWriter) {
        ndjsonHead(r, &out)
        ndjsonTail(r, &out)
    }

    /// A line up to its phase name: the parts that change every frame.
    func ndjsonHead(_ r: Frame, _ out: inout ByteWriter) {
        out.append("{\"series\":")
        out.append(bytes: seriesBytes)
        out.append(",\"frame\":")
        out.append(integer: r.frame)
        out.append(",\"t\":")
        out.append(number: r.t)
        out.append(",\"phase\":\"")
        out.append(r.phase.constantName)
    }

    /// The rest of a line after the phase name: a function of the frame's
    /// tracks alone (`sameTail`), so a line can repeat the last one's.
    func ndjsonTail(_ r: Frame, _ out: inout ByteWriter) {
        out.append(byte: UInt8(ascii: "\""))
        // Where the window's max was written: the annotation's x is often the same value.
        var windowMax = 0 ..< 0
        if on.range {
            out.append(",\"window\":{\"min\":")
            append(windowX: r.window.lower, &out)
            out.append(",\"max\":")
            let start = out.count
            append(windowX: r.window.upper, &out)
            windowMax = start ..< out.count
            out.append(byte: UInt8(ascii: "}"))
        }
        if on.selector {
            out.append(",\"selector\":{\"min_px\":")
            out.append(number: r.selector.min)
            out.append(",\"max_px\":")
            out.append(number: r.selector.max)
            out.append(byte: UInt8(ascii: "}"))
        }
        // Where y's max was written: the annotation's y is often the same value.
        var yMax = 0 ..< 0
        if on.range {
            if let y = r.y {
                out.append(",\"y\":{\"min\":")
                out.append(number: y.min)
                out.append(",\"max\":")
                let start = out.count
                out.append(number: y.max)
                yMax = start ..< out.count
                out.append(byte: UInt8(ascii: "}"))
            } else {
                out.append(",\"y\":null")
            }
        }
        if on.annotation {
            if let a = r.annotation {
                out.append(",\"annotation\":{\"x\":")
                if !windowMax.isEmpty, a.x.bitPattern == r.window.upper.bitPattern, axis != .category {
                    out.append(copyOf: windowMax)
                } else {
                    append(pointX: a.x, &out)
                }
                out.append(",\"y\":")
                if !yMax.isEmpty, let y = r.y, a.y.bitPattern == y.max.bitPattern {
                    out.append(copyOf: yMax)
                } else {
                    out.append(number: a.y)
                }
                out.append(",\"label\":\"")
                out.append(bytes: labelPrefixJSON)
                out.append(label: label, a.y)
                out.append(bytes: labelSuffixJSON)
                out.append(byte: UInt8(ascii: "\""))
                out.append(a.visible ? ",\"visible\":true}" : ",\"visible\":false}")
            } else {
                out.append(",\"annotation\":null")
            }
        }
        if on.values, let v = r.values {
            out.append(",\"values\":")
            append(values: v, &out)
        }
        if on.points, let p = r.points {
            out.append(",\"points\":")
            append(points: p, &out)
        }
        if on.preset { appendPresetJSON(r.preset, &out) }
        if on.omitted {
            out.append(",\"yOmitted\":")
            if let n = r.yOmitted { out.append(integer: n) } else { out.append("null") }
        }
        if on.box {
            if let b = r.box {
                out.append(",\"box\":{\"min\":")
                append(windowX: b.lower, &out)
                out.append(",\"max\":")
                append(windowX: b.upper, &out)
                out.append(byte: UInt8(ascii: "}"))
            } else {
                out.append(",\"box\":null")
            }
        }
        if on.crosshair {
            if let c = r.crosshair {
                out.append(",\"crosshair\":{\"x\":")
                append(pointX: c.x, &out)
                out.append(",\"y\":")
                out.append(number: c.y)
                out.append(byte: UInt8(ascii: "}"))
            } else {
                out.append(",\"crosshair\":null")
            }
        }
        out.append("}\n")
    }

    /// `,"preset":"3M"` or `,"preset":null` (the names hold nothing to escape).
    private func appendPresetJSON(_ p: RangePreset?, _ out: inout ByteWriter) {
        guard let p else { out.append(",\"preset\":null"); return }
        out.append(",\"preset\":\"")
        out.append(string: p.rawValue)
        out.append(byte: UInt8(ascii: "\""))
    }
}
