extension TableBuilder {
    /// The series of a row whose key is written over several columns
    /// (`--series-column state,gender`), adding it when new: named by the
    /// parts' texts joined by `SeriesKeyParts.separator`. Two keys whose
    /// names would be the same (`a / b` + `c` and `a` + `b / c`) are a
    /// located error, never one series.
    /// - Complexity: O(bytes of the key), general path only.
    func seriesFor(parts: [Cell?], _ bytes: ByteView) throws -> Int {
        let separator = Array(SeriesKeyParts.separator.utf8)
        var name: [UInt8] = [], key: [UInt8] = []
        for (n, cell) in parts.enumerated() {
            guard let cell, cell.kind != .null, cell.count > 0 else {
                throw RowError(column: cell?.column ?? 1, message: "missing series name ('\(options.seriesColumn ?? "")', part \(n + 1))")
            }
            let part = bytes[cell.start ..< cell.start + cell.count]
            if n > 0 {
                name.append(contentsOf: separator)
                key.append(0x1f)
            }
            name.append(bytesOf: part)
            key.append(bytesOf: part)
        }
        if let k = name.withByteView({ keyTable.find($0) }) {
            guard seriesKeys[k] == key else {
                throw RowError(column: parts.first??.column ?? 1,
                               message: "series '\(seriesNames[k])' is named by two different keys ('\(options.seriesColumn ?? "")'): "
                                   + "their parts contain '\(SeriesKeyParts.separator)'")
            }
            return k
        }
        guard let text = name.withByteView({ $0.validatedString }), !text.holdsNUL else {
            throw RowError(column: parts.first??.column ?? 1, message: "series name is not valid UTF-8 text" + TextEncoding.latin1Hint)
        }
        let k = name.withByteView { keyTable.insert($0) }
        precondition(k == seriesNames.count)
        seriesKeys.append(key)
        addSeries(named: text)
        return k
    }
}
