/// The one rule for text that came from outside (names, labels, units,
/// paths) on its way to a person: a scalar that a display may act on
/// instead of showing, or that reorders or breaks the text around it, is
/// never written raw. `isHostile` says which; each medium spells them its
/// own way (`escapingControls` and `escapedLine` on a terminal,
/// `showingControls` in SVG and HTML). Machine-readable outputs (NDJSON,
/// CSV, `--json`) escape by their own format's rules instead.
extension String {
    /// True for a C0 control (NUL to US; but tab and line feed when
    /// `keepingLines`), DEL, a C1 control (U+0080–U+009F: U+009B is a
    /// one-byte CSI), a bidi embedding, override, isolate or mark
    /// (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C), or the line
    /// or paragraph separator (U+2028, U+2029).
    @inline(__always)
    static func isHostile(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        let v = scalar.value
        if v < 0x20 { return !(keepingLines && (v == 0x09 || v == 0x0a)) }
        if v < 0x7f { return false }
        if v < 0xa0 { return true }
        switch v {
        case 0x061c, 0x200e, 0x200f, 0x2028, 0x2029, 0x202a ... 0x202e, 0x2066 ... 0x2069: return true
        default: return false
        }
    }

    /// `\x1b` below U+0080, `\u{9b}` or `\u{202e}` above: the one spelling
    /// of an escaped scalar, on a terminal and in a page alike.
    static func escapeText(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
    }

    /// The text with every hostile scalar but `keepingLines`' tab and line
    /// feed escaped (`escapeText`); the text itself when it has none.
    /// - Complexity: O(n).
    private func escaping(keepingLines: Bool) -> String {
        guard unicodeScalars.contains(where: { Self.isHostile($0, keepingLines: keepingLines) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            if Self.isHostile(scalar, keepingLines: keepingLines) { out += Self.escapeText(scalar) } else { out.unicodeScalars.append(scalar) }
        }
        return out
    }

    /// Text for a terminal whose own line feeds and tabs are its layout
    /// (stderr as a whole, a progress label): every other hostile scalar
    /// escaped, so a name can never move the cursor, recolour, retitle or
    /// clear the user's terminal, or turn the line around it backwards.
    /// - Complexity: O(n); the text itself when it has nothing to escape.
    public var escapingControls: String { escaping(keepingLines: true) }

    /// One line for a terminal: as `escapingControls`, and a tab or line
    /// feed (inside a name: no line it prints can pass for another) as
    /// `\x09`, `\x0a`. Escaping twice changes nothing.
    /// - Complexity: O(n).
    public var escapedLine: String { escaping(keepingLines: false) }

    /// Text for SVG and HTML: C0 controls and DEL as Unicode's control
    /// pictures (U+2400 block: `␛` for ESC, `␊` for a line feed, `␡` for
    /// DEL), which XML allows where the controls themselves make a file
    /// invalid; C1 controls, bidi controls and the separators as
    /// `escapeText` spells them (`\u{202e}`), shown, never obeyed.
    /// - Complexity: O(n).
    public var showingControls: String {
        guard unicodeScalars.contains(where: { Self.isHostile($0, keepingLines: false) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            let v = scalar.value
            if !Self.isHostile(scalar, keepingLines: false) {
                out.unicodeScalars.append(scalar)
            } else if v < 0x20 || v == 0x7f {
                out.unicodeScalars.append(Unicode.Scalar(v == 0x7f ? 0x2421 : 0x2400 + v)!)
            } else {
                out += Self.escapeText(scalar)
            }
        }
        return out
    }
}

extension Array where Element == String {
    /// Lines for a terminal, each escaped as `escapedLine` and ended with
    /// a line feed: a report's lines stay its lines, whatever the names
    /// in them hold.
    /// - Complexity: O(total length).
    public var escapedLines: String { map { $0.escapedLine + "\n" }.joined() }
}
