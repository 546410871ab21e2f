extension TextBuffer {
    /// Epoch seconds as ISO-8601 UTC, the bytes `CivilTime.iso8601` writes:
    /// up to 6 fraction digits, trailing zeros and a bare `.` dropped.
    /// - Complexity: O(1), no allocation.
    mutating func append(iso8601 seconds: Double) {
        let micros = (seconds * 1_000_000).rounded()
        guard micros.isFinite, abs(micros) < 9.0e18 else { append("null"); return }
        let total = Int64(micros)
        var secs = total / 1_000_000
        var frac = Int(total % 1_000_000)
        if frac < 0 { frac += 1_000_000; secs -= 1 }
        var day = secs / 86_400
        var sod = Int(secs % 86_400)
        if sod < 0 { sod += 86_400; day -= 1 }
        let (y, m, d) = CivilTime.date(days: Int(day))
        if y < 0 { append(byte: UInt8(ascii: "-")) }
        let ay = abs(y)
        if ay < 1000 { append(integer: ay, width: 4) } else { append(integer: ay) }
        append(byte: UInt8(ascii: "-"))
        append(integer: m, width: 2)
        append(byte: UInt8(ascii: "-"))
        append(integer: d, width: 2)
        append(byte: UInt8(ascii: "T"))
        append(integer: sod / 3600, width: 2)
        append(byte: UInt8(ascii: ":"))
        append(integer: sod % 3600 / 60, width: 2)
        append(byte: UInt8(ascii: ":"))
        append(integer: sod % 60, width: 2)
        if frac != 0 {
            var width = 6
            while frac % 10 == 0 { frac /= 10; width -= 1 }
            append(byte: UInt8(ascii: "."))
            append(integer: frac, width: width)
        }
        append(byte: UInt8(ascii: "Z"))
    }
}
