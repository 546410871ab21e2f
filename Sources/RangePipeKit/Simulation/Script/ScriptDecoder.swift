/// Decodes and validates a script (SPEC 3). Every error names the JSON path:
/// `script.json: events[3].path[2]: time 0.1 is not after 0.25`.
public enum ScriptDecoder {
    /// Limits that make absurd scripts errors rather than runaway jobs.
    /// The highest `fps`.
    public static let maxFPS = 1000.0
    /// The slowest frame rate: a frame at least every 1000 s.
    public static let minFPS = 0.001
    /// The narrowest chart: 1 px.
    public static let minPixels = 1.0
    /// The longest `duration` and latest event time (s): one day.
    public static let maxDuration = 86_400.0
    /// The most frames a script may ask for (`duration · fps`); the frame
    /// stream refuses a runaway default duration past it too.
    public static let maxFrames = 50_000_000
    /// The largest chart size or pointer coordinate (px).
    public static let maxPixels = 100_000.0

    struct Failure: Error {
        var path: String
        var message: String
    }

    /// Decodes a script from its bytes (UTF-8 JSON); `source` names it in
    /// messages (the file's path). Reading the file is the caller's.
    /// - Throws: `RangePipeError.badData` with line and column for bad JSON,
    ///   `.invalid` with the JSON path for a script that breaks SPEC 3.
    /// - Complexity: O(bytes).
    public static func decode(_ bytes: [UInt8], source: String) throws -> Script {
        let root = try JSONValue.parse(bytes, file: source, or: RangePipeError.badData)
        do {
            var script = try decodeScript(root)
            script.source = source
            return script
        } catch let failure as Failure {
            throw RangePipeError.invalid("\(source): \(failure.path.isEmpty ? "(top level)" : failure.path): \(failure.message)")
        }
    }

    // MARK: Script

    static let topKeys = ["series", "sync", "profile", "fps", "duration", "field", "unit", "x", "overview", "main", "window", "momentum", "y", "annotation", "events"]

    static func decodeScript(_ root: JSONValue) throws -> Script {
        var o = try ObjectReader(root, "")
        var s = Script()
        if let v = o.take("series") { s.series = try string(v, "series") }
        if let v = o.take("sync") {
            s.sync = try syncList(v, "sync")
            // One list of what to play: `sync` names every series.
            guard s.series == nil else { throw Failure(path: "sync", message: "the script names both series and sync; sync names every series to play, so leave out series") }
        }
        if let v = o.take("profile") { s.profile = try choice(v, "profile") }
        if let v = o.take("fps") { s.fps = try number(v, "fps", minFPS ... maxFPS) }
        if let v = o.take("duration"), v != .null { s.duration = try number(v, "duration", 0 ... maxDuration, open: true) }
        if let v = o.take("field") { s.field = try string(v, "field") }
        if let v = o.take("unit") {
            if case .object = v {
                // One unit per field: {"co2": "ppm", "temp": "°C"}.
                let units = try ObjectReader(v, "unit")
                guard !units.object.members.isEmpty else { throw Failure(path: "unit", message: "expected a unit per field such as {\"co2\": \"ppm\"}, got {}") }
                for (field, value) in units.object.members {
                    let unit = try string(value, units.child(field))
                    guard !unit.isEmpty else { throw Failure(path: units.child(field), message: "expected a unit such as \"ppm\", got an empty string (leave the field out for none)") }
                    s.units[field] = unit
                }
            } else {
                s.unit = try string(v, "unit")
                guard s.unit?.isEmpty == false else { throw Failure(path: "unit", message: "expected a unit such as \"ppm\", got an empty string (leave unit out for none)") }
            }
        }
        if let v = o.take("x") { s.x = try xSettings(v, "x") }
        var overviewGiven = false
        if let v = o.take("overview") { s.overview = try chartSize(v, "overview", default: s.overview); overviewGiven = true }
        if let v = o.take("main") { (s.main, s.mainDrag) = try mainSettings(v, "main", default: s.main) }
        if let v = o.take("window") { s.window = try windowSettings(v, "window") }
        if let v = o.take("momentum") { s.momentum = try momentum(v, "momentum") }
        if let v = o.take("y") { s.y = try ySettings(v, "y") }
        if let v = o.take("annotation") { s.annotation = try annotation(v, "annotation") }
        guard let events = o.take("events") else { throw Failure(path: "events", message: "missing (every script needs an events array, which may be empty)") }
        let list = try located { () throws(JSONObject.Mismatch) in try JSONObject.array(events, at: "events") }
        if s.profile == .rangepipe {
            s.events = try Self.events(list, drag: s.drag)
        } else {
            s.rawInput = try Self.rawInput(list, profile: s.profile, main: s.main, overview: s.overview)
        }
        try o.finish(allowed: topKeys)
        try checkOverlaps(s.events)
        if s.profile != .rangepipe {
            // SPEC 4.10's figures: one linear date or number x axis, one chart.
            if s.x.scale != .linear {
                throw Failure(path: "x.scale", message: "profile \"\(s.profile.rawValue)\" plays a linear x axis only")
            }
            if s.sync != nil {
                throw Failure(path: "sync", message: "profile \"\(s.profile.rawValue)\" plays one chart; linked charts follow the rangepipe profile")
            }
            if s.profile == .plotly, s.overview.width != s.main.width {
                throw Failure(path: "overview.width", message: "Plotly's rangeslider is as wide as the plot: overview.width must equal main.width (\(s.main.width.plainText))")
            }
            try checkProfileScript(s, overviewGiven: overviewGiven)
            if case .points? = s.window.minSpan { throw Failure(path: "window.minSpan", message: "a span in points has no Bokeh or Plotly counterpart; give data units") }
            if case .points? = s.window.maxSpan { throw Failure(path: "window.maxSpan", message: "a span in points has no Bokeh or Plotly counterpart; give data units") }
        }
        if let duration = s.duration, duration * s.fps > Double(Self.maxFrames) {
            throw Failure(path: "duration", message: "\(duration.plainText) s at \(s.fps.plainText) fps is more than \(Self.maxFrames / 1_000_000) million frames")
        }
        return s
    }

    /// The events in script order; each raw pointer entry stands for the
    /// gestures recognised from it, in time order (`drag`: `main.drag`).
    static func events(_ list: [JSONValue], drag: MainDrag) throws -> [ScriptEvent] {
        var slots: [[ScriptEvent]] = []
        var interactions: [(slot: Int, interaction: PointerInteraction)] = []
        for (k, item) in list.enumerated() {
            switch try event(item, "events[\(k)]") {
            case let .event(e): slots.append([e])
            case let .pointer(found, _):
                interactions += found.map { (slots.count, $0) }
                slots.append([])
            }
        }
        // Ties keep script order (the slot, then the order within the event).
        let ordered = interactions.enumerated().sorted {
            ($0.element.interaction.start, $0.offset) < ($1.element.interaction.start, $1.offset)
        }
        var recognizer = PointerRecognizer(drag: drag)
        for (_, (slot, interaction)) in ordered {
            if let e = try recognizer.recognize(interaction) { slots[slot].append(e) }
        }
        return slots.flatMap { $0 }
    }

    /// Under a library profile, every entry is raw pointer input, read as
    /// the library reads it: all samples in time order (ties in script order).
    static func rawInput(_ list: [JSONValue], profile: InteractionProfile, main: ChartSize,
                         overview: ChartSize) throws -> [RawPointerEvent] {
        var raw: [(RawPointerEvent, Int)] = []
        var at: [(event: Int, sample: Int)] = []  // each sample's place in the script
        for (k, item) in list.enumerated() {
            guard case let .pointer(_, samples) = try event(item, "events[\(k)]") else {
                throw Failure(path: "events[\(k)]", message: "under profile \"\(profile.rawValue)\" events are raw pointer input (\"input\": \"pointer\"): the library's own rules read them")
            }
            for (j, e) in samples.enumerated() {
                try checkRawSample(e, profile: profile, path: "events[\(k)].samples[\(j)]")
            }
            try plotAreaInput(samples, profile: profile, path: "events[\(k)]", main: main, overview: overview)
            if profile == .lightweightCharts { try lightweightChartsInput(samples, path: "events[\(k)]", main: main) }
            raw += samples.map { ($0, raw.count) }
            at += samples.indices.map { (k, $0) }
        }
        if [.lightweightCharts, .echarts, .dygraphs].contains(profile) { try oneMouse(raw.map(\.0), at: at, profile: profile, main: main) }
        return raw.sorted { ($0.0.t, $0.1) < ($1.0.t, $1.1) }.map(\.0)
    }

    /// Gestures may not overlap in time (SPEC 4.3).
    static func checkOverlaps(_ events: [ScriptEvent]) throws {
        let gestures = events.filter(\.isGesture).sorted { $0.at < $1.at }
        for (a, b) in zip(gestures, gestures.dropFirst()) where b.at < a.end || (b.at == a.at) {
            throw Failure(path: b.path, message: "gesture at \(b.at.plainText) s overlaps \(a.path) (\(a.at.plainText)–\(a.end.plainText) s)")
        }
    }
}
