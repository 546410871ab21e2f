/// Minimal JSON text production: escaped strings and numbers in the
/// shortest form that reads back to the same Float64 (SPEC 5).
public enum JSONText {
    /// `null` for NaN and infinities; otherwise Swift's shortest round-trip
    /// form, which is valid JSON (`120.0`, `0.1`, `1e-07`).
    public static func number(_ value: Double) -> String {
        value.isFinite ? value.description : "null"
    }

    /// A number, or `null` when absent.
    public static func number(_ value: Double?) -> String {
        value.map(number) ?? "null"
    }

    /// A JSON string literal: quotes, backslashes and control characters escaped.
    public static func string(_ value: String) -> String {
        var out = TextBuffer(capacity: value.utf8.count + 2)
        out.append(jsonString: value)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// A JSON string of text a page shows (the player's captions, titles
    /// and labels): escaped for the page first (`showingControls`), as
    /// SVG text is, so the browser shows a control or bidi override and
    /// never obeys it.
    public static func shown(_ value: String) -> String {
        string(value.showingControls)
    }
}
