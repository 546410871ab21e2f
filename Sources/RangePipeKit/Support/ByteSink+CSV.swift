extension ByteSink {
    /// An RFC 4180 CSV field: quoted (quotes doubled) only when it holds the
    /// `delimiter`, a quote, CR or LF. What frames' CSV and `--rejects`
    /// both write.
    /// - Complexity: O(bytes).
    mutating func append(csvField field: some Collection<UInt8>, delimiter: UInt8 = UInt8(ascii: ",")) {
        let needsQuotes = field.contains { $0 == delimiter || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        if !needsQuotes {
            for b in field { append(byte: b) }
            return
        }
        append(byte: UInt8(ascii: "\""))
        for b in field {
            append(byte: b)
            if b == UInt8(ascii: "\"") { append(byte: b) }
        }
        append(byte: UInt8(ascii: "\""))
    }
}
