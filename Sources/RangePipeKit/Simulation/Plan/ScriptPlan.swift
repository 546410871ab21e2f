/// A script resolved against one series: bounds, spans and windows in axis
/// units, field indices, and the per-field query indices (built once).
///
/// What never changes once planned sits in one shared, immutable `Fixed`
/// object, and what `append` grows in one `Grown` object replaced when it
/// grows, so a copy of a plan (the stream keeps one, the simulator one, a
/// frame reads one) costs two retains, not one per part.
public struct ScriptPlan: Sendable {
    /// A decoded script held once for every plan of a run: a fleet's plans
    /// share it, and the order its events start in, instead of each
    /// holding a copy and sorting them again.
    final class Source: Sendable {
        let script: Script
        /// The script's events in order of `at`, ties in script order (SPEC 4.1).
        let ordered: [ScriptEvent]
        init(_ script: Script) {
            self.script = script
            ordered = script.events.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        }
    }

    /// The parts a plan never changes after `init`.
    final class Fixed: Sendable {
        let source: Source
        let seriesName: String
        let axis: Axis
        let categories: [String]
        let fieldNames: [String]
        let initialField: Int
        let scale: XScale
        let initialWindow: Window
        let events: [PlannedEvent]

        init(source: Source, seriesName: String, axis: Axis, categories: [String], fieldNames: [String],
             initialField: Int, scale: XScale, initialWindow: Window, events: [PlannedEvent]) {
            self.source = source
            self.seriesName = seriesName
            self.axis = axis
            self.categories = categories
            self.fieldNames = fieldNames
            self.initialField = initialField
            self.scale = scale
            self.initialWindow = initialWindow
            self.events = events
        }
    }

    /// The parts `append` grows as the plan plays (`ViewSimulator+Append`),
    /// replaced whole when one changes: appends are rare, reads are every
    /// frame, and a class of constants is read without exclusivity checks.
    final class Grown: Sendable {
        let indices: FieldMap<SeriesIndex>
        let constraints: WindowConstraints
        let presetButtons: [PresetButton]
        let positiveIndices: FieldMap<PositiveIndex>

        init(indices: FieldMap<SeriesIndex>, constraints: WindowConstraints, presetButtons: [PresetButton],
             positiveIndices: FieldMap<PositiveIndex>) {
            self.indices = indices
            self.constraints = constraints
            self.presetButtons = presetButtons
            self.positiveIndices = positiveIndices
        }

        /// This object with the parts given replaced.
        func with(indices: FieldMap<SeriesIndex>? = nil, constraints: WindowConstraints? = nil,
                  presetButtons: [PresetButton]? = nil, positiveIndices: FieldMap<PositiveIndex>? = nil) -> Grown {
            Grown(indices: indices ?? self.indices, constraints: constraints ?? self.constraints,
                  presetButtons: presetButtons ?? self.presetButtons, positiveIndices: positiveIndices ?? self.positiveIndices)
        }
    }

    private let fixed: Fixed
    private var grown: Grown

    /// The script as decoded.
    public var script: Script {
        // Yielded in place: a getter's copy would retain each part of the script per read.
        _read { yield fixed.source.script }
    }
    /// The series it plays.
    public var seriesName: String { fixed.seriesName }
    /// The series' x axis kind.
    public var axis: Axis { fixed.axis }
    /// The category labels (category axes; x is the label's index), with
    /// every label `append` actions add.
    public var categories: [String] { _read { yield fixed.categories } }
    /// The series' field names, in field order.
    public var fieldNames: [String] { _read { yield fixed.fieldNames } }
    /// The query index of each field the script shows, by field number
    /// (grown by `append` as it plays: `ViewSimulator.plan`).
    public internal(set) var indices: FieldMap<SeriesIndex> {
        _read { yield grown.indices }
        set { grown = grown.with(indices: newValue) }
    }
    /// The field shown on frame 0.
    public var initialField: Int { fixed.initialField }
    /// The window rules (bounds, spans) in view units (`scale`'s u; axis
    /// units when linear), grown by `append` as it plays.
    public internal(set) var constraints: WindowConstraints {
        _read { yield grown.constraints }
        set { grown = grown.with(constraints: newValue) }
    }
    /// The map between x and the view units the simulator works in (`x.scale`).
    public var scale: XScale { fixed.scale }
    /// The window on frame 0, settled.
    public var initialWindow: Window { fixed.initialWindow }
    /// The script's events in order of `at` (ties: script order), with their targets.
    public var events: [PlannedEvent] { _read { yield fixed.events } }
    /// The range-selector buttons on this series, in button order (empty
    /// when planned without them: `init(script:series:buttons:)`).
    public internal(set) var presetButtons: [PresetButton] {
        _read { yield grown.presetButtons }
        set { grown = grown.with(presetButtons: newValue) }
    }
    /// Log y: each shown field's positive values and non-positive count
    /// (grown by `append` with `indices`).
    public internal(set) var positiveIndices: FieldMap<PositiveIndex> {
        _read { yield grown.positiveIndices }
        set { grown = grown.with(positiveIndices: newValue) }
    }

    /// A script event with its targets resolved for this series.
    public struct PlannedEvent: Sendable {
        /// The event as the script wrote it.
        public var event: ScriptEvent
        /// `set-window`: the target window; `reset`: the initial window.
        public var target: Window?
        /// `switch-field`: the field's index.
        public var field: Int?
        /// `append`: the rows and the rules once they are in.
        public var batch: AppendBatch?
    }

    /// Resolves `script` against `series`.
    /// - Throws: `RangePipeError.invalid` naming the script path that does not fit the series.
    /// - Complexity: O(n) per shown field (the indices).
    public init(script: Script, series: Series) throws {
        try self.init(script: script, fields: series, windowsOn: series)
    }

    /// Resolves `script` against `series`, with the range-selector buttons
    /// only when `buttons` (a frame names its preset, or a picture draws
    /// them): worked out per series, they are a fleet's largest planning
    /// cost otherwise (`play --all` without the `preset` track). `source`
    /// holds `script` for every plan of the run; `script` is passed too,
    /// borrowed from the caller, as a copy read out of `source` would
    /// retain each of its parts once per series.
    /// - Complexity: O(n) per shown field (the indices).
    init(_ script: borrowing Script, source: Source, series: Series, buttons: Bool) throws {
        try self.init(script, source: source, fields: series, windowsOn: series, buttons: buttons)
    }

    /// Resolves `script` with its fields, values and queries from `fields`
    /// and its bounds, spans, windows and presets on `series` (the x of
    /// linked charts' union, `ScriptPlan+Union`; `fields` itself otherwise).
    init(script: Script, fields fieldSeries: Series, windowsOn series: Series) throws {
        try self.init(script, source: Source(script), fields: fieldSeries, windowsOn: series, buttons: true)
    }

    /// `init(script:fields:windowsOn:)` with the script held by `source`
    /// (shared by a run's plans), and the buttons only when `buttons`.
    private init(_ script: borrowing Script, source: Source, fields fieldSeries: Series, windowsOn series: Series, buttons: Bool) throws {
        let fieldNames = fieldSeries.fields.map(\.name)
        let origin = script.source
        func fail(_ path: String, _ message: String) -> RangePipeError { .invalid("\(origin): \(path): \(message)") }

        guard let first = series.x.first, let last = series.x.last, first < last else {
            throw RangePipeError.invalid("series '\(series.name)': needs at least two points with distinct x to be played")
        }
        let fieldIndex: Int
        if let name = script.field {
            guard let k = fieldNames.firstIndex(of: name) else {
                throw fail("field", "series '\(fieldSeries.name)' has no field \"\(name)\" (fields: \(fieldNames.joined(separator: ", ")))")
            }
            fieldIndex = k
        } else {
            guard !fieldNames.isEmpty else { throw fail("field", "series '\(fieldSeries.name)' has no value fields") }
            fieldIndex = 0
        }

        // Bounds (x), then in view units.
        let xLower: Double, xUpper: Double
        switch script.window.bounds {
        case .data: (xLower, xUpper) = (first, last)
        case let .range(lo, hi):
            xLower = try Self.resolveX(lo, series, "window.bounds.min", fail)
            xUpper = try Self.resolveX(hi, series, "window.bounds.max", fail)
            guard xLower < xUpper else { throw fail("window.bounds", "min is not less than max") }
        }
        let scale = try Self.scale(script.x.scale, series, bounds: (xLower, xUpper), fail)
        let lower = scale.u(xLower), upper = scale.u(xUpper)
        let extent = upper - lower

        // Spans.
        func limit(_ spec: SpanSpec, _ path: String) throws -> SpanLimit {
            if !scale.isLinear { return try Self.scaledLimit(spec, series, scale, extent: extent, zone: script.x.zone, path, fail) }
            switch spec {
            case let .points(k): return .points(k)
            case .units, .seconds, .fraction: return .width(try Self.width(spec, series, extent: extent, path, fail))
            }
        }
        let ux = scale.isLinear ? series.x : scale.us
        var smallestGap = Double.infinity
        for i in 1 ..< ux.count {
            let gap = ux[i] - ux[i - 1]
            if gap > 0, gap < smallestGap { smallestGap = gap }
        }
        let minSpan = try script.window.minSpan.map { try limit($0, "window.minSpan") } ?? .width(smallestGap)
        let maxSpan = try script.window.maxSpan.map { try limit($0, "window.maxSpan") }
        if case let .width(m) = minSpan, m > extent {
            throw fail("window.minSpan", "\(m.plainText) is larger than the bounds (\(extent.plainText))")
        }
        if case let .width(lo) = minSpan, case let .width(hi)? = maxSpan, lo > hi {
            throw fail("window.minSpan", "minSpan (\(lo.plainText)) is larger than maxSpan (\(hi.plainText))")
        }
        if case let .points(lo) = minSpan, case let .points(hi)? = maxSpan, lo > hi {
            throw fail("window.minSpan", "minSpan (\(lo) points) is larger than maxSpan (\(hi) points)")
        }
        let constraints = WindowConstraints(lower: lower, upper: upper, minSpan: minSpan, maxSpan: maxSpan, x: ux)

        let zone = script.x.zone
        let presetButtons = buttons ? Self.presetButtons(series, constraints, scale, zone: zone) : []
        let initial = try Self.resolveWindow(script.window.initial, series, constraints, scale, zone: zone, "window.initial", fail)

        var planned: [PlannedEvent] = []
        var used = [fieldIndex]
        // Targets resolve against the data as appends have grown it by then
        // (made only for a script with events: most of a fleet's have none).
        var live = source.ordered.isEmpty ? nil
            : Optional(AppendedData(series: series, constraints: constraints, presetButtons: presetButtons, withButtons: buttons))
        // Events start in order of `at`, ties in script order (SPEC 4.1).
        for event in source.ordered {
            var p = PlannedEvent(event: event, target: nil, field: nil, batch: nil)
            switch event.kind {
            case let .setWindow(spec, _):
                p.target = try Self.resolveWindow(spec, live!.series, live!.constraints, scale, zone: zone, "\(event.path).window", fail)
            case .reset, .doubleClick:
                p.target = live!.appends == 0 ? initial
                    : try Self.resolveWindow(script.window.initial, live!.series, live!.constraints, scale, zone: zone, "window.initial", fail)
            case let .append(spec):
                // Ordinal u is the point index and log u is checked against
                // the data once: a growing series would move both under the plan.
                guard scale.isLinear else {
                    throw fail(event.path, "append needs a linear x scale (the script's x.scale is \(script.x.scale.rawValue))")
                }
                p.batch = try live!.append(spec, event, script, zone: zone, fail)
            case let .switchField(name, _):
                guard let k = fieldNames.firstIndex(of: name) else {
                    throw fail("\(event.path).field", "series '\(fieldSeries.name)' has no field \"\(name)\" (fields: \(fieldNames.joined(separator: ", ")))")
                }
                p.field = k
                if !used.contains(k) { used.append(k) }
            case .dragSelection, .dragHandle, .pan, .pinch, .doubleTapDrag, .wheel, .overviewPress, .boxZoom, .dragAxis, .hover:
                break
            }
            planned.append(p)
        }
        fixed = Fixed(source: source, seriesName: fieldSeries.name, axis: series.axis, categories: live?.series.categories ?? series.categories,
                      fieldNames: fieldNames, initialField: fieldIndex, scale: scale, initialWindow: initial, events: planned)
        var indices = FieldMap<SeriesIndex>()
        for k in used { indices[k] = SeriesIndex(x: fieldSeries.x, values: fieldSeries.fields[k].values) }
        grown = Grown(indices: indices, constraints: constraints, presetButtons: presetButtons,
                      positiveIndices: script.y.scale == .log ? indices.mapValues { PositiveIndex(values: $0.values) } : FieldMap())
    }

    // MARK: Resolution helpers

    static func resolveX(_ spec: XSpec, _ series: Series, _ path: String, _ fail: (String, String) -> RangePipeError) throws -> Double {
        let x = try resolveAnyX(spec, series, path, fail)
        if series.axis == .time {
            guard CivilTime.writableSeconds.contains(x) else {
                throw fail(path, "\(x.plainText) s is outside the times rangepipe can write (years 0000 to 9999)")
            }
        } else if !(abs(x) <= Series.magnitudeLimit) {
            throw fail(path, "\(x.plainText) is outside the x values rangepipe keeps (±1e300)")
        }
        return x
    }

    private static func resolveAnyX(_ spec: XSpec, _ series: Series, _ path: String, _ fail: (String, String) -> RangePipeError) throws -> Double {
        switch (spec, series.axis) {
        case let (.number(v), _): return v
        case let (.text(s), .time):
            guard let parser = TimeParser.detect(s), let t = parser.parse(s) else {
                throw fail(path, "\"\(s)\" is not a time (use ISO-8601 such as 2004-01-02T03:04:05Z, or epoch seconds)")
            }
            return t
        case let (.text(s), .category):
            guard let k = series.categories.firstIndex(of: s) else {
                throw fail(path, "\"\(s)\" is not a category of series '\(series.name)'")
            }
            return Double(k)
        case let (.text(s), .number):
            guard case let .number(v) = DecimalParser.parseCell(s) else { throw fail(path, "\"\(s)\" is not a number") }
            return v
        }
    }

    static func width(_ spec: SpanSpec, _ series: Series, extent: Double, _ path: String,
                      _ fail: (String, String) -> RangePipeError) throws -> Double {
        switch spec {
        case let .units(v): return v
        case let .seconds(v, text):
            guard series.axis == .time else {
                throw fail(path, "\"\(text)\" is a duration, but series '\(series.name)' has a \(series.axis.rawValue) axis")
            }
            return v
        case let .fraction(f): return f * extent
        case .points: return 0
        }
    }

    static func resolveWindow(_ spec: WindowSpec, _ series: Series, _ c: WindowConstraints, zone: DisplayZone, _ path: String,
                              _ fail: (String, String) -> RangePipeError) throws -> Window {
        let n = series.x.count
        let raw: Window
        switch spec {
        case .all: raw = Window(c.lower, c.upper)
        case let .preset(p): raw = try presetWindow(p, series, c, zone: zone, path, fail)
        case .seedDefault: raw = Window(series.x[Int(0.6 * Double(n))], series.x[min(Int(0.8 * Double(n)), n - 1)])
        case let .fraction(f0, f1): raw = Window(c.lower + f0 * c.extent, c.lower + f1 * c.extent)
        case let .range(lo, hi):
            let a = try resolveX(lo, series, path + ".min", fail), b = try resolveX(hi, series, path + ".max", fail)
            guard a < b else { throw fail(path, "min is not less than max") }
            raw = Window(a, b)
        case let .last(span):
            if case let .points(k) = span {
                raw = Window(series.x[max(n - k, 0)], c.upper)
            } else {
                raw = Window(c.upper - (try width(span, series, extent: c.extent, path + ".last", fail)), c.upper)
            }
        case let .first(span):
            if case let .points(k) = span {
                raw = Window(c.lower, series.x[min(k - 1, n - 1)])
            } else {
                raw = Window(c.lower, c.lower + (try width(span, series, extent: c.extent, path + ".first", fail)))
            }
        }
        return c.settle(raw)
    }
}
