extension String {
    /// True for a C0 control (but tab and line feed), DEL, or a C1 control:
    /// the scalars a terminal may act on instead of showing.
    @inline(__always)
    static func isControl(_ scalar: Unicode.Scalar, keepingLines: Bool) -> Bool {
        let v = scalar.value
        if keepingLines, v == 0x09 || v == 0x0a { return false }
        return v < 0x20 || (v >= 0x7f && v < 0xa0)
    }

    /// The text with control characters written as `\x1b` (C1 ones as
    /// `\u{9b}`), for messages and tables on a terminal: a name can never
    /// move the cursor, recolour or retitle the user's terminal. Tabs and
    /// line feeds stay.
    /// - Complexity: O(n); the text itself when it has no controls.
    public var escapingControls: String {
        guard unicodeScalars.contains(where: { Self.isControl($0, keepingLines: true) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            guard Self.isControl(scalar, keepingLines: true) else { out.unicodeScalars.append(scalar); continue }
            let hex = String(scalar.value, radix: 16)
            out += scalar.value < 0x80 ? "\\x" + (hex.count < 2 ? "0" + hex : hex) : "\\u{\(hex)}"
        }
        return out
    }

    /// The text with control characters shown as Unicode's control
    /// pictures (U+2400 block: `␛` for ESC, `␡` for DEL; `�` for C1), which
    /// XML allows where the controls themselves make an SVG invalid.
    /// - Complexity: O(n).
    public var showingControls: String {
        guard unicodeScalars.contains(where: { Self.isControl($0, keepingLines: false) }) else { return self }
        var out = ""
        for scalar in unicodeScalars {
            guard Self.isControl(scalar, keepingLines: false) else { out.unicodeScalars.append(scalar); continue }
            let v = scalar.value
            let picture: UInt32 = v < 0x20 ? 0x2400 + v : v == 0x7f ? 0x2421 : 0xfffd
            out.unicodeScalars.append(Unicode.Scalar(picture)!)
        }
        return out
    }
}
