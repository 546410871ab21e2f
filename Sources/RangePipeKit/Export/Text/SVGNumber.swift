/// Number and text formatting for SVG attributes and text.
public enum SVGNumber {
    /// Two decimals at most, no trailing zeros (deterministic, short).
    public static func fmt(_ v: Double) -> String {
        let r = (v * 100).rounded() / 100
        return r == r.rounded() ? String(Int64(r)) : String(r)
    }

    /// Text safe inside SVG text and attributes (`&`, `<`, `>`, `"` escaped).
    public static func escape(_ s: String) -> String {
        var out = ""
        for c in s.showingControls {
            switch c {
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "\"": out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
