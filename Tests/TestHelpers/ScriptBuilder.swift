import Foundation

/// The one builder of script JSON for the tests: typed settings in the
/// order docs/scripts.md and docs/script-views.md list them, events as JSON text (each test writes
/// its gesture as the docs show it). `text` is what a test plays or writes.
struct ScriptBuilder {
    /// A chart's size in px.
    struct Size {
        var width: Double
        var height: Double? = nil
    }

    /// `window.initial`.
    enum Initial {
        case range(Double, Double)
        case fraction(Double, Double)
        /// Any other form, as JSON text (`{"last": "365d"}`).
        case json(String)
    }

    var series: String? = nil
    var field: String? = nil
    var fps: Double? = nil
    var duration: Double? = nil
    var overview: Size? = nil
    var main: Size? = nil
    var initial: Initial? = nil
    /// The whole `window` object as JSON text, for tests that vary it whole
    /// (then `initial` and `window` are not used).
    var windowObject: String? = nil
    /// More `window` keys as JSON members (`"elastic": true, "minSpan": 2`).
    var window: [String] = []
    /// More top-level keys as JSON members (`"y": {"fit": "manual"}`).
    var settings: [String] = []
    /// Each event as a JSON object's text.
    var events: [String] = []

    /// The script's JSON text.
    var text: String {
        var members: [String] = []
        if let series { members.append("\"series\": \"\(series)\"") }
        if let field { members.append("\"field\": \"\(field)\"") }
        if let fps { members.append("\"fps\": \(Self.number(fps))") }
        if let duration { members.append("\"duration\": \(Self.number(duration))") }
        if let overview { members.append("\"overview\": \(Self.size(overview))") }
        if let main { members.append("\"main\": \(Self.size(main))") }
        var window = self.window
        switch initial {
        case let .range(a, b)?: window.insert("\"initial\": {\"min\": \(Self.number(a)), \"max\": \(Self.number(b))}", at: 0)
        case let .fraction(a, b)?: window.insert("\"initial\": {\"fraction\": [\(Self.number(a)), \(Self.number(b))]}", at: 0)
        case let .json(j)?: window.insert("\"initial\": \(j)", at: 0)
        case nil: break
        }
        if let windowObject {
            members.append("\"window\": " + windowObject)
        } else if !window.isEmpty {
            members.append("\"window\": {" + window.joined(separator: ", ") + "}")
        }
        members += settings
        members.append("\"events\": [" + events.joined(separator: ", ") + "]")
        return "{" + members.joined(separator: ", ") + "}"
    }

    /// JSON members written as text in a test (`", \"elastic\": true"`):
    /// the list without its leading or trailing commas, empty for "".
    static func members(_ text: String) -> [String] {
        let trimmed = text.trimmingCharacters(in: CharacterSet(charactersIn: ", \n"))
        return trimmed.isEmpty ? [] : [trimmed]
    }

    /// A number as JSON: whole numbers without a fraction, others in Swift's shortest form.
    static func number(_ v: Double) -> String {
        v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)"
    }

    static func size(_ s: Size) -> String {
        "{\"width\": \(number(s.width))" + (s.height.map { ", \"height\": \(number($0))" } ?? "") + "}"
    }
}
