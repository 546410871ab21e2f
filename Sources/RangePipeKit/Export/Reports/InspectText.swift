/// Renders `rangepipe inspect`: text for people, one JSON object per file for scripts.
package enum InspectText {
    /// One file's report for people, ending with the command to run; each
    /// line escaped as one line (`escapedLines`, the table's cells by
    /// `TextTable`).
    package static func text(_ r: InspectReport, command: String) -> String {
        let f = r.file
        var head = [f.file]
        guard let sample = f.sample else {
            head.append("  format   \(f.format.rawValue)")
            for note in r.notes { head.append("  note     \(note)") }
            return (head + ["  command  \(command)"]).escapedLines
        }
        if f.format == .ndjson || f.format == .json || f.format == .arrow {
            head.append("  format   \(f.format.rawValue)")
        } else {
            head.append("  format   \(f.format.rawValue), delimiter \(FileReportText.character(sample.delimiter)), "
                + "quote \(FileReportText.character(sample.quote)), " + (sample.hasHeader ? "header" : "no header")
                + (f.decimalComma ? ", decimal comma" : f.thousands ? ", thousands separators" : ""))
        }
        head.append("  rows     \(FileReportText.grouped(sample.rows.count))" + (r.wholeFile ? " (the whole file)" : " sampled"))
        var table: [[String]] = [["", "COLUMN", "TYPE", "MISSING", "VALUES"]]
        for p in f.profiles {
            let type = p.index == 0 && sample.rowNamesColumn != nil ? "row names (\(kind(p)))" : kind(p)
            table.append(["   ", p.name, type, missing(p), p.kind == .text ? "\(p.distinct) distinct" : ""])
        }
        var tail: [String] = []
        if let x = f.x { tail.append("  \(FileReportText.xLine(x, reading: f.xReading))") }
        if let line = FileReportText.longFormatLine(f) { tail.append("  \(line)") }
        if let repeats = f.sampleRepeats {
            if let before = r.repeatsBefore {
                tail.append("  long format: \(FileReportText.grouped(before)) of \(FileReportText.grouped(repeats.rows)) rows repeat an x; "
                    + "series column: \(r.seriesColumn ?? "?")")
            }
            tail.append("  duplicates expected: \(FileReportText.grouped(repeats.repeats))")
        }
        for note in r.notes { tail.append("  note: \(note)") }
        tail.append("  command: \(command)")
        return head.escapedLines + TextTable.render(table) + tail.escapedLines
    }

    static func kind(_ p: ColumnProfile) -> String {
        switch p.kind {
        case .time:
            let ambiguous = p.time?.dayFirstAlternative.map { " or \($0)" } ?? ""
            return "time (\(p.time.map(FileReportText.shortFamily) ?? "")\(ambiguous), like \(p.example ?? ""))"
        case .number: return "number"
        case .text: return "text"
        case .empty: return "empty"
        }
    }

    static func missing(_ p: ColumnProfile) -> String {
        p.missing.sorted { $0.key < $1.key }.map { "\($0.key.isEmpty ? "empty" : "\"\($0.key)\"") ×\($0.value)" }
            .joined(separator: ", ")
    }

    /// One file's report as one JSON object.
    package static func json(_ r: InspectReport, command: String) -> String {
        let f = r.file
        var s = String(FileReportText.json(f).dropLast())
        s += ",\"whole_file\":\(r.wholeFile)"
        if let sample = f.sample { s += ",\"rows\":\(sample.rows.count)" }
        s += ",\"columns\":[" + f.profiles.map { p in
            var c = "{\"name\":\(JSONText.string(p.name)),\"type\":\"\(p.kind.rawValue)\""
            if p.index == 0, f.sample?.rowNamesColumn != nil { c += ",\"row_names\":true" }
            if let t = p.time {
                c += ",\"time_format\":\(JSONText.string(FileReportText.shortFamily(t)))"
                if let alt = t.dayFirstAlternative { c += ",\"or_time_format\":\(JSONText.string(alt))" }
            }
            c += ",\"example\":\(p.example.map(JSONText.string) ?? "null"),\"distinct\":\(p.distinct)"
            c += ",\"missing\":{" + p.missing.sorted { $0.key < $1.key }.map { "\(JSONText.string($0.key)):\($0.value)" }
                .joined(separator: ",") + "}}"
            return c
        }.joined(separator: ",") + "]"
        s += ",\"series_column\":\(r.seriesColumn.map(JSONText.string) ?? "null")"
        s += ",\"repeats_before\":\(r.repeatsBefore.map(String.init) ?? "null")"
        s += ",\"duplicates_expected\":\(f.sampleRepeats.map { String($0.repeats) } ?? "null")"
        s += ",\"notes\":[" + r.notes.map(JSONText.string).joined(separator: ",") + "]"
        return s + ",\"command\":\(JSONText.string(command))}"
    }
}
