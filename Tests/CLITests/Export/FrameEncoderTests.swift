import Foundation
import Testing
@testable import RangePipeKit

/// The byte encoder against the String encoder it replaced (kept here as an
/// independent reference): the same bytes for random frames on every axis,
/// both formats and every track, with awkward names, labels and numbers.
@Suite struct FrameEncoderTests {
    @Test("TextBuffer encoding equals the String reference, NDJSON and CSV, every axis", arguments: [Axis.time, .number, .category])
    func bytesEqualReference(axis: Axis) throws {
        var rng = SeededGenerator(seed: 0x5EED + UInt64(Axis.allCases.firstIndex(of: axis)!))
        let names = ["s", "a,b", "q\"uote", "line\nbreak", "tab\tand\u{01}ctl", "ünï", ""]
        let labels = try ["$%.2f", "%d €", "1,5 %.1f", "say \"%g\"", "%e", "a\r\n%.3f", "\u{1F}%%%.0f", "%f"].map(LabelFormat.init)
        let specials: [Double] = [0, -0.0, 1e-7, 1e21, -1e300, 123.456, .nan, .infinity, -.infinity, 0.1 + 0.2,
                                  -62_135_596_800.5, 253_402_300_799.999_999, 1_700_000_000.000_001, 9.5e12, -1]
        func number() -> Double {
            switch rng.next() % 4 {
            case 0: return specials[Int(rng.next() % UInt64(specials.count))]
            case 1: return Double(Int64(bitPattern: rng.next()) % 4_000_000_000) / 1000
            case 2: return Double(rng.next() % 20)
            default: return Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() % 2 == 0 ? 1 : -1)
            }
        }
        func pairs() -> [(x: Double, y: Double)]? {
            guard rng.next() % 4 != 0 else { return nil }
            return (0 ..< Int(rng.next() % 5)).map { _ in (x: rng.next() % 2 == 0 ? Double(rng.next() % 8) : number(), y: number()) }
        }
        let categories = ["Q1", "Q,2", "Q\"3", "2012 Q4"]
        for trial in 0 ..< 400 {
            let tracks = Set(Track.allCases.filter { _ in rng.next() % 3 != 0 })
            for format in FrameFormat.allCases {
                for time in TimeOutputFormat.allCases {
                    let name = names[trial % names.count]
                    let label = labels[trial % labels.count]
                    let fast = FrameEncoder(series: name, axis: axis, categories: categories, tracks: tracks, time: time, format: format, label: label)
                    let reference = ReferenceFrameEncoder(series: name, axis: axis, categories: categories, tracks: tracks, time: time, format: format, label: label)
                    var frame = Frame(frame: Int(rng.next() % 100_000), t: number(), phase: Phase.allCases[trial % Phase.allCases.count],
                                      window: Window(number(), number()), selector: (number(), number()))
                    if rng.next() % 3 != 0 { frame.y = (number(), number()) }
                    if rng.next() % 3 != 0 {
                        let x = rng.next() % 2 == 0 ? Double(rng.next() % 6) : number()
                        frame.annotation = Annotation(x: x, pointIndex: nil, y: number(), visible: rng.next() % 2 == 0)
                    }
                    frame.values = pairs()
                    frame.points = pairs()
                    // Without drawing from rng, so the other parts' random stream stays as it was.
                    frame.preset = trial % 4 == 0 ? nil : RangePreset.allCases[trial % RangePreset.allCases.count]
                    frame.yOmitted = trial % 5 == 0 ? nil : trial * 7919 % 100_003
                    frame.box = trial % 3 == 0 ? nil : frame.window
                    frame.crosshair = trial % 7 == 0 ? nil : frame.annotation.map { ($0.x, $0.y) } ?? (Double(trial % 6), frame.selector.min)
                    let want = reference.encode(frame)
                    #expect(fast.encode(frame) == want, "trial \(trial) \(format) \(time)")
                    if format == .csv { #expect(fast.csvHeader == reference.csvHeader) }
                    if let p = frame.points { #expect(fast.pointsJSON(p) == reference.pointsJSON(p)) }
                }
            }
        }
    }

    @Test("ISO-8601 bytes equal the String formatter it replaced, across eras, fractions and rounding")
    func isoBytes() {
        var rng = SeededGenerator(seed: 42)
        var cases: [Double] = [0, -1, -0.000_000_4, 0.000_000_5, 951_782_400, -62_135_596_800, -62_135_596_801, 253_402_300_800, 1e17, -1e17, 9.3e12, .nan]
        for _ in 0 ..< 20_000 { cases.append(Double(Int64(bitPattern: rng.next()) % 200_000_000_000_000) / Double(1 << (rng.next() % 20))) }
        for s in cases {
            var out = TextBuffer()
            out.append(iso8601: s)
            #expect(String(decoding: out.bytes, as: UTF8.self) == ReferenceText.iso8601(s), "\(s)")
        }
    }
}

/// The String encoder `FrameEncoder` replaced, kept as the reference.
struct ReferenceFrameEncoder {
    let series: String
    let axis: Axis
    let categories: [String]
    let tracks: Set<Track>
    let time: TimeOutputFormat
    let format: FrameFormat
    private let seriesJSON: String
    private let seriesCSV: String

    let label: LabelFormat
    init(series: String, axis: Axis, categories: [String], tracks: Set<Track>, time: TimeOutputFormat, format: FrameFormat, label: LabelFormat) {
        self.label = label
        self.series = series
        self.axis = axis
        self.categories = categories
        self.tracks = tracks
        self.time = time
        self.format = format
        seriesJSON = ReferenceText.jsonString(series)
        seriesCSV = ReferenceCSV.field(series)
    }

    /// Window x values: times per `--time-format`, numbers (fractional ordinals on category axes).
    func windowX(_ u: Double) -> String { ReferenceText.jsonX(u, axis, time) }

    /// A point's x: category labels on category axes.
    func pointX(_ u: Double) -> String {
        if let label = axis.categoryLabel(u, in: categories) { return ReferenceText.jsonString(label) }
        return ReferenceText.jsonX(u, axis, time)
    }

    var csvHeader: String {
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

    func encode(_ r: Frame) -> String {
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
                s += ",\"annotation\":{\"x\":\(pointX(a.x)),\"y\":\(JSONText.number(a.y)),\"label\":\(ReferenceText.jsonString(label.format(a.y))),\"visible\":\(a.visible)}"
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
        if tracks.contains(.preset) { s += ",\"preset\":" + (r.preset.map { ReferenceText.jsonString($0.rawValue) } ?? "null") }
        if tracks.contains(.omitted) { s += ",\"yOmitted\":" + (r.yOmitted.map { String($0) } ?? "null") }
        if tracks.contains(.box) { s += ",\"box\":" + (r.box.map { "{\"min\":\(windowX($0.lower)),\"max\":\(windowX($0.upper))}" } ?? "null") }
        if tracks.contains(.crosshair) {
            s += ",\"crosshair\":" + (r.crosshair.map { "{\"x\":\(pointX($0.x)),\"y\":\(JSONText.number($0.y))}" } ?? "null")
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
        if tracks.contains(.range) { f += [ReferenceText.textX(r.window.lower, axis, time), ReferenceText.textX(r.window.upper, axis, time)] }
        if tracks.contains(.selector) { f += [JSONText.number(r.selector.min), JSONText.number(r.selector.max)] }
        if tracks.contains(.range) { f += [r.y.map { JSONText.number($0.min) } ?? "", r.y.map { JSONText.number($0.max) } ?? ""] }
        if tracks.contains(.annotation) {
            if let a = r.annotation {
                let x = axis.categoryLabel(a.x, in: categories) ?? ReferenceText.textX(a.x, axis, time)
                f += [ReferenceCSV.field(x), JSONText.number(a.y), ReferenceCSV.field(label.format(a.y)), String(a.visible)]
            } else {
                f += ["", "", "", ""]
            }
        }
        if tracks.contains(.values) { f.append(r.values.map { ReferenceCSV.field(valuesJSON($0)) } ?? "") }
        if tracks.contains(.points) { f.append(r.points.map { ReferenceCSV.field(pointsJSON($0)) } ?? "") }
        if tracks.contains(.preset) { f.append(r.preset.map { ReferenceCSV.field($0.rawValue) } ?? "") }
        if tracks.contains(.omitted) { f.append(r.yOmitted.map { String($0) } ?? "") }
        if tracks.contains(.box) {
            f += [r.box.map { ReferenceText.textX($0.lower, axis, time) } ?? "", r.box.map { ReferenceText.textX($0.upper, axis, time) } ?? ""]
        }
        if tracks.contains(.crosshair) {
            let x = r.crosshair.map { axis.categoryLabel($0.x, in: categories).map(ReferenceCSV.field) ?? ReferenceText.textX($0.x, axis, time) }
            f += [x ?? "", r.crosshair.map { JSONText.number($0.y) } ?? ""]
        }
        return f.joined(separator: ",") + "\n"
    }
}

/// RFC 4180 quoting as the String encoder did it, but judged on bytes: a
/// CR LF pair is one `Character` in Swift, so the old Character test left
/// a field holding "\r\n" unquoted (fixed in `TextBuffer`).
enum ReferenceCSV {
    static func field(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 44 || $0 == 34 || $0 == 10 || $0 == 13 }) else { return s }
        return "\"" + s.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

/// Labels without printf against printf itself.
@Suite struct LabelFormatTests {
    static func printf(_ format: String, _ v: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 512)
        let n = withVaList([v]) { vsnprintf(&buffer, buffer.count, format, $0) }
        return String(decoding: buffer.prefix(Int(n)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    @Test("%.Nf digits equal vsnprintf: ties, halves that are not ties, signs, zero, large values")
    func fixedEqualsPrintf() throws {
        var rng = SeededGenerator(seed: 7)
        var values: [Double] = [0, -0.0, 0.125, 0.375, 2.5, 3.5, -2.5, 1.005, 1.015, 1.025, 0.045, -0.001, 1e15, 4503599627370495.5,
                                9007199254740992, 123456.785, .leastNonzeroMagnitude, 1e-7, 0.5, 1.5, -0.5, 99.995, 1e22, -1e300]
        for _ in 0 ..< 30_000 {
            switch rng.next() % 4 {
            case 0: values.append(Double(Int64(bitPattern: rng.next()) % 2_000_000) / 8) // exact halves and quarters
            case 1: values.append(Double(Int64(bitPattern: rng.next()) % 10_000_000) / 1000 + 0.0005) // near ties
            case 2: values.append(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF) * (rng.next() % 2 == 0 ? 1 : -1))
            default: values.append((Double(rng.next() >> 11) * 0x1p-53 - 0.5) * 1e6)
            }
        }
        for p in [0, 1, 2, 3, 6, 9, 17] {
            let format = try LabelFormat("%.\(p)f")
            for v in values {
                // `%.0f` is `%d`'s carrier, so it rounds half away from zero first (as before).
                let want = Self.printf("%.\(p)f", p == 0 ? v.rounded(.toNearestOrAwayFromZero) : v)
                #expect(format.format(v) == want, "%.\(p)f of \(v)")
            }
        }
        let d = try LabelFormat("n=%d!")
        for v in values.prefix(5000) {
            #expect(d.format(v) == "n=" + Self.printf("%.0f", v.rounded(.toNearestOrAwayFromZero)) + "!", "%d of \(v)")
        }
    }
}

/// Numbers written as digits against Swift's `description`.
@Suite struct TextBufferNumberTests {
    @Test("append(number:) equals description: short decimals, long ones, ties, edges of the fast range")
    func numbersEqualDescription() {
        var rng = SeededGenerator(seed: 99)
        var values: [Double] = [0, -0.0, 1, -1, 0.1, 0.2, 0.3, 0.1 + 0.2, 1e-4, 9.9999e-5, 1e-4 * (1 + 0x1p-52), 999_999_999.99999999, 1e9, 123.456,
                                0.000_125, 2.5, 4503599627370495.5, 1.005, 240.31, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, 1.0 / 3,
                                5e-5, 1.5e-5, 9.5e-5, 0.000_099_99, 123_456_789.5, 987_654_321.123_456_78]
        for _ in 0 ..< 200_000 {
            let k = Int(rng.next() % 10)
            switch rng.next() % 4 {
            case 0: values.append(Double(Int64(bitPattern: rng.next()) % 1_000_000_000_000) / Double([1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9][k]))
            case 1: values.append(Double(bitPattern: rng.next() & 0x7FEF_FFFF_FFFF_FFFF))
            case 2: values.append((Double(rng.next() >> 11) * 0x1p-53 - 0.5) * [1e-3, 1, 1e3, 1e6, 1e9, 2e9][k % 6])
            default:
                // Decimal text ending in 5: products that land on halves.
                values.append(Double("\(Int64(bitPattern: rng.next()) % 100_000).\(rng.next() % 10_000_000)5")!)
            }
        }
        for v in values {
            var out = TextBuffer()
            out.append(number: v)
            #expect(String(decoding: out.bytes, as: UTF8.self) == v.description, "\(v.bitPattern)")
        }
    }
}

/// The String formatting the byte writers replaced (JSON strings, ISO-8601
/// times, x values), kept as an independent reference.
enum ReferenceText {
    static func jsonString(_ value: String) -> String {
        var out = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20:
                let hex = String(c.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    static func iso8601(_ seconds: Double) -> String {
        let micros = (seconds * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9.0e18 else { return "null" }
        let total = Int64(micros)
        var secs = total / 1_000_000
        var frac = total % 1_000_000
        if frac < 0 { frac += 1_000_000; secs -= 1 }
        var day = secs / 86_400
        var sod = secs % 86_400
        if sod < 0 { sod += 86_400; day -= 1 }
        let (y, m, d) = CivilTime.date(days: Int(day))
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        var out = y < 0 ? "-" : ""
        let ay = abs(y)
        out += ay < 1000 ? String(repeating: "0", count: 4 - String(ay).count) + String(ay) : String(ay)
        out += "-" + two(m) + "-" + two(d) + "T" + two(Int(sod / 3600)) + ":" + two(Int(sod % 3600 / 60)) + ":" + two(Int(sod % 60))
        if frac != 0 {
            var digits = String(frac)
            digits = String(repeating: "0", count: 6 - digits.count) + digits
            while digits.hasSuffix("0") { digits.removeLast() }
            out += "." + digits
        }
        return out + "Z"
    }

    static func jsonX(_ value: Double, _ axis: Axis, _ time: TimeOutputFormat) -> String {
        guard value.isFinite else { return "null" }
        if axis == .time, time == .iso8601 { return "\"" + iso8601(value) + "\"" }
        return value.description
    }

    static func textX(_ value: Double, _ axis: Axis, _ time: TimeOutputFormat) -> String {
        guard value.isFinite else { return "" }
        if axis == .time, time == .iso8601 { return iso8601(value) }
        return value.description
    }
}
