extension Sniffer {
    /// Rows of data checked after the first one when looking for a preamble.
    static let preambleCheckRows = 50

    /// Records before the header: a title, metadata or a citation above a
    /// table of numbers. The body starts at the first record that reads as
    /// data and is followed by records of the same field count that read
    /// as data too (up to `preambleCheckRows` of them); the header is the
    /// record just before it, which must hold no number and have the
    /// body's field count; every record above the header must not read as
    /// data either. Zero when the header is the first record (or the rule
    /// does not apply: a body with text columns keeps the first record).
    static func preambleRecords(_ records: [Record]) -> Int {
        guard records.count >= 3 else { return 0 }
        let limit = min(records.count - 1, 200)
        for d in 1 ... limit where looksLikeData(records[d].fields) {
            let width = records[d].fields.count
            let body = records[d...].prefix(preambleCheckRows + 1)
            guard body.count >= 2, body.allSatisfy({ $0.fields.count == width && looksLikeData($0.fields) }) else { return 0 }
            guard d >= 2 else { return 0 }
            let header = records[d - 1].fields
            guard header.count == width, !header.contains(where: { isNumber($0) }),
                  records[..<(d - 1)].allSatisfy({ !looksLikeData($0.fields) }) else { return 0 }
            return d - 1
        }
        return 0
    }

    /// Title lines of another field count above the header (a station line
    /// above a weather table, a download's metadata): when the first record's
    /// field count differs from the count most records below it have, the
    /// header is the first record with that count (or one more, ending in an
    /// empty field: `trailingEmpty`) that does not read as data, and every
    /// checked record after it has that count. Zero skipped otherwise.
    static func titleRecords(_ records: [Record]) -> (skip: Int, trailingEmpty: Bool) {
        guard records.count >= 3 else { return (0, false) }
        var counts: [Int: Int] = [:]
        for record in records[1...].prefix(200) { counts[record.fields.count, default: 0] += 1 }
        guard let width = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key,
              records[0].fields.count != width, width >= 2 else { return (0, false) }
        for k in 1 ..< min(records.count - 1, 200) {
            let fields = records[k].fields
            let trailing = fields.count == width + 1 && fields.last?.trimmingSpaces.isEmpty == true
            guard fields.count == width || trailing else { continue }
            let body = records[(k + 1)...].prefix(preambleCheckRows)
            guard !looksLikeData(fields), body.allSatisfy({ $0.fields.count == width }) else { return (0, false) }
            return (k, trailing)
        }
        return (0, false)
    }

    /// pandas' `to_csv` with an index: the header's first name is empty and
    /// the rest may be numbers (`,0`), so the row reads as data; it is a
    /// header when no row below it has an empty first field.
    static func unnamedIndexHeader(_ fields: [String], body: ArraySlice<Record>) -> Bool {
        guard fields.count >= 2, fields[0].trimmingSpaces.isEmpty, !body.isEmpty else { return false }
        return body.allSatisfy { !($0.fields.first?.trimmingSpaces.isEmpty ?? true) }
    }

    /// R's `write.csv`: every row below the header has one field more than
    /// the header, and the rows' first fields are all filled in.
    static func rowNamesHeader(_ header: [String], body: ArraySlice<Record>) -> Bool {
        guard !body.isEmpty, header.count >= 1 else { return false }
        return body.allSatisfy { $0.fields.count == header.count + 1 && !$0.fields[0].trimmingSpaces.isEmpty }
    }

    private static func isNumber(_ text: String) -> Bool {
        if case .number = DecimalParser.parseCell(text.trimmingSpaces) { return true }
        return false
    }
}
