extension TableBuilder {
    /// x of a row whose time is written over several columns: the parts'
    /// texts joined by single spaces, read with the plan's time pattern.
    func compositeX(_ parts: [Cell?], _ bytes: ByteView, _ record: RecordInfo) throws -> Double {
        var joined: [UInt8] = []
        for (n, cell) in parts.enumerated() {
            guard let cell, cell.kind != .null, cell.count > 0 else {
                throw RowError(column: cell?.column ?? 1, message: "missing x value ('\(xName ?? "x")', part \(n + 1))")
            }
            if n > 0 { joined.append(0x20) }
            joined.append(bytesOf: bytes[cell.start ..< cell.start + cell.count])
        }
        let column = parts.first??.column ?? 1
        guard let parser = plan.timeParser else {
            throw RowError(column: column, message: "column '\(xName ?? "x")': no time pattern")
        }
        let text = String(decoding: joined, as: UTF8.self)
        guard let t = parser.parse(text) else {
            throw RowError(column: column, message: "column '\(xName ?? "x")': \"\(text)\" is not a time like \(parser.familyName)")
        }
        guard CivilTime.writableSeconds.contains(t) else {
            throw RowError(column: column, message: "column '\(xName ?? "x")': the time is outside the years rangepipe can write (0000 to 9999)")
        }
        return t
    }
}
